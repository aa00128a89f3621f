"""Which language a page is read in: the address's, the player's, the visitor's cookie, the
browser's, else English; and what every page says about it."""

import pytest
from django.test import override_settings

from play.common.language import SESSION_KEY

pytestmark = pytest.mark.django_db
# The pseudo-locale stands in for a translated language: its catalogue is made from the
# template at install, so it is whole whatever the translators have done.
PSEUDO = override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo"), ("de", "Deutsch")])
LABEL_EN = ">Language</label>"
LABEL_PSEUDO = ">[Ļàñĝûàĝé ~~]</label>"


def read(client, address="/login/", **headers):
    response = client.get(address, headers=headers)
    return response, response.content.decode()


@PSEUDO
def test_a_visitor_reads_the_best_match_of_their_browsers_languages(client):
    response, page = read(client, accept_language="fr-CH, en-xa;q=0.8, en;q=0.5")
    assert '<html lang="en-xa">' in page
    assert LABEL_PSEUDO in page
    assert response["Content-Language"] == "en-xa"
    assert "Accept-Language" in response["Vary"]


@PSEUDO
def test_a_browser_asking_only_for_unoffered_languages_reads_english(client):
    response, page = read(client, accept_language="fr-CH, fr;q=0.9")
    assert '<html lang="en">' in page
    assert LABEL_EN in page


@PSEUDO
def test_the_cookie_beats_the_browser_and_the_address_beats_both(client):
    client.cookies["django_language"] = "en-xa"
    _, page = read(client, accept_language="en")
    assert LABEL_PSEUDO in page
    _, page = read(client, "/login/?lang=en", accept_language="en-xa")
    assert '<html lang="en">' in page
    _, page = read(client, "/login/?lang=klingon")  # not offered: the cookie's
    assert LABEL_PSEUDO in page


@PSEUDO
def test_a_players_session_beats_the_cookie(client, ann):
    client.force_login(ann)
    session = client.session
    session[SESSION_KEY] = "en-xa"
    session.save()
    client.cookies["django_language"] = "en"
    _, page = read(client)
    assert LABEL_PSEUDO in page


@PSEUDO
def test_the_api_speaks_english_whatever_the_browser_asks(client):
    response = client.get("/api/account", headers={"accept-language": "en-xa"})
    assert response["Content-Language"] == "en"
    assert "Ļ" not in response.content.decode()


@PSEUDO
def test_every_language_has_its_address_for_search_engines(client):
    _, page = read(client, "/login/?next=/pool/&lang=de")
    assert '<html lang="de">' in page
    for code in ("en", "de"):
        assert (
            f'<link rel="alternate" hreflang="{code}" '
            f'href="http://testserver/login/?next=%2Fpool%2F&amp;lang={code}">'
        ) in page
    assert (
        '<link rel="alternate" hreflang="x-default" href="http://testserver/login/?next=%2Fpool%2F">'
        in page
    )
    assert 'hreflang="en-xa"' not in page  # the pseudo-locale is for tests, not readers


@PSEUDO
def test_the_chooser_lists_each_language_in_its_own_name_and_comes_back_here(client):
    _, page = read(client, "/login/?next=/pool/&lang=de")
    assert '<option value="de" lang="de" selected>Deutsch</option>' in page
    assert '<option value="en" lang="en">English</option>' in page
    assert "Pseudo" not in page
    assert '<input type="hidden" name="next" value="/login/?next=%2Fpool%2F">' in page


@override_settings(LANGUAGES=[("en", "English")])
def test_with_english_alone_no_page_points_search_engines_elsewhere(client):
    _, page = read(client)
    assert "hreflang" not in page


@PSEUDO
def test_a_request_for_another_host_gets_its_400_page(client):
    """Refused before a language is chosen, so in English; and with no address to offer."""
    response = client.get("/login/", headers={"host": "elsewhere.example", "accept-language": "de"})
    assert response.status_code == 400
    assert '<html lang="en">' in response.content.decode()
    assert "hreflang" not in response.content.decode()


def test_the_chooser_offers_every_language_each_in_its_own_name(client):
    _, page = read(client)
    for code, name in [("ru", "Русский"), ("uk", "Українська"), ("pl", "Polski"),
                       ("de", "Deutsch"), ("fr", "Français"), ("es", "Español"),
                       ("pt-br", "Português (Brasil)"), ("it", "Italiano"),
                       ("zh-hans", "简体中文"), ("ja", "日本語")]:  # fmt: skip
        assert f'<option value="{code}" lang="{code}">{name}</option>' in page


def test_a_russian_reader_reads_russian_from_the_first_page(client):
    response, page = read(client, "/", accept_language="ru-RU,ru;q=0.9,en;q=0.5")
    assert response["Content-Language"] == "ru" and '<html lang="ru">' in page
    assert "Язык" in page and ">Language</label>" not in page
