"""A reader's language, chosen: a visitor's kept in a cookie, a player's on their account (from
the chooser on every page or the settings page), carried into every login, and the password
reset mail written in the account's language."""

import pytest
from django.conf import settings
from django.test import Client, override_settings

from imperia_site.catalogues import pseudo
from play.common.language import SESSION_KEY
from play.models import Profile

pytestmark = pytest.mark.django_db
# The pseudo-locale (accented English, compiled with the catalogues) as a language offered.
LANGUAGES = [("en", "English"), ("en-xa", "Pseudo")]
COOKIE = settings.LANGUAGE_COOKIE_NAME


def language_of(user) -> str:
    return Profile.objects.get_or_create(user=user)[0].language


@override_settings(LANGUAGES=LANGUAGES)
def test_a_visitors_choice_is_kept_in_a_cookie(client):
    response = client.post("/language/", {"language": "en-xa", "next": "/learn/"})
    assert response.status_code == 302 and response["Location"] == "/learn/"
    assert response.cookies[COOKIE].value == "en-xa"
    browser = Client()  # the cookie alone, without the session
    browser.cookies[COOKIE] = response.cookies[COOKIE].value
    assert '<html lang="en-xa"' in browser.get("/").content.decode()


@override_settings(LANGUAGES=LANGUAGES)
def test_a_players_choice_is_kept_on_their_account(ann, client_of):
    client = client_of(ann)
    client.post("/language/", {"language": "en-xa", "next": "/"})
    assert language_of(ann) == "en-xa" and client.session[SESSION_KEY] == "en-xa"


@override_settings(LANGUAGES=LANGUAGES)
def test_an_unknown_language_is_refused_with_a_message_and_nothing_changes(ann, client_of):
    client = client_of(ann)
    response = client.post("/language/", {"language": "xx", "next": "/"}, follow=True)
    assert "Imperia does not speak that language yet." in response.content.decode()
    assert COOKIE not in client.cookies and SESSION_KEY not in client.session
    assert language_of(ann) == ""


@override_settings(LANGUAGES=LANGUAGES)
def test_the_settings_page_offers_each_language_in_its_own_name_and_saves_it(ann, client_of):
    client = client_of(ann)
    choice = settings_choice(client.get("/settings/").content.decode())
    assert '<option value="en" selected lang="en">English</option>' in choice
    assert '<option value="en-xa" lang="en-xa">Pseudo</option>' in choice
    form = {"email_enabled": "on", "digest_hours": "6", "confirm_moves": "always"}
    response = client.post("/settings/", {**form, "email": "", "language": "en-xa"}, follow=True)
    assert language_of(ann) == "en-xa" and client.cookies[COOKIE].value == "en-xa"
    page = response.content.decode()
    assert '<html lang="en-xa"' in page and pseudo("Settings saved.") in page
    assert '<option value="en-xa" selected lang="en-xa">Pseudo</option>' in settings_choice(page)


def settings_choice(page: str) -> str:
    """The settings form's choice of language (not the chooser at the foot of the page)."""
    start = page.index('<select name="language"')
    return page[start : page.index("</select>", start)]


@override_settings(LANGUAGES=LANGUAGES)
def test_a_login_reads_in_the_accounts_language_from_its_first_page(ann):
    Profile.objects.update_or_create(user=ann, defaults={"language": "en-xa"})
    browser = Client()  # a new device: no cookie, no session
    browser.post("/login/", {"username": "ann", "password": "a-long-passphrase"})
    assert browser.session[SESSION_KEY] == "en-xa"
    assert '<html lang="en-xa"' in browser.get("/").content.decode()


@override_settings(LANGUAGES=LANGUAGES)
def test_the_reset_mail_is_in_the_accounts_language_whoever_asks(ann, client, mailoutbox):
    ann.email = "ann@example.org"
    ann.save()
    Profile.objects.update_or_create(user=ann, defaults={"language": "en-xa"})
    client.post("/password/reset/", {"email": "ann@example.org"})
    [mail] = mailoutbox
    assert mail.extra_headers["Content-Language"] == "en-xa"
    assert mail.subject == pseudo("Imperia: choose a new password for %(name)s") % {"name": "ann"}
    assert pseudo("If it was not you, ignore this mail: your password stays as it is.") in mail.body
