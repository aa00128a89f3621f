"""Each player is told in their own language, whoever's action told them: the notification,
the email (saying which language it is in, and where to choose another) and the digest."""

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation

from imperia_site.catalogues import pseudo
from play.models import Notification, Profile
from play.notify import notify

pytestmark = pytest.mark.django_db(transaction=True)  # emails go out after commit
# The pseudo-locale (accented English, compiled with the catalogues) as a player's language.
LANGUAGES = [("en", "English"), ("en-xa", "Pseudo")]
FOOT = "This email is in %(language)s. Choose your language in your settings: %(link)s"


@pytest.fixture
def bob_reads_pseudo(bob):
    bob.email = "bob@example.org"
    bob.save()
    Profile.objects.update_or_create(user=bob, defaults={"language": "en-xa"})
    return bob


@override_settings(LANGUAGES=LANGUAGES)
def test_a_challenge_is_emailed_in_the_recipients_language_not_the_challengers(
    bob_reads_pseudo, ann, client_of, mailoutbox
):
    form = {"game": "empress", "side": "white", "time_control": "none"}
    response = client_of(ann).post("/@/bob/challenge/", form)
    assert response["Content-Language"] == "en"  # ann's request reads in English
    [mail] = mailoutbox
    assert mail.to == ["bob@example.org"] and mail.extra_headers["Content-Language"] == "en-xa"
    link = f"{settings.SITE_URL}/settings/"
    assert pseudo(FOOT) % {"language": "Pseudo", "link": link} in mail.body
    assert pseudo("Change what Imperia sends you: %(link)s") % {"link": link} in mail.body
    assert FOOT % {"language": "Pseudo", "link": link} not in mail.body


@override_settings(LANGUAGES=LANGUAGES)
def test_a_digest_is_written_in_its_recipients_language(bob_reads_pseudo, ann, mailoutbox):
    Profile.objects.update_or_create(user=ann, defaults={"language": "en"})
    ann.email = "ann@example.org"
    ann.save()
    for player in (ann, bob_reads_pseudo):
        notify.tell(player, Notification.Kind.YOUR_TURN, "Your turn.", address="/")
    assert notify.send_digests() == 2
    subjects = {mail.to[0]: mail.subject for mail in mailoutbox}
    assert subjects["ann@example.org"] == "[Imperia] Your turn in 1 game"
    assert subjects["bob@example.org"] == "[Imperia] " + pseudo("Your turn in %(count)s game") % {
        "count": 1
    }


def test_an_email_in_english_says_so(ann, mailoutbox):
    ann.email = "ann@example.org"
    ann.save()
    notify.tell(ann, Notification.Kind.OVER, "A game ended.")
    [mail] = mailoutbox
    assert mail.extra_headers["Content-Language"] == "en"
    assert mail.body.endswith(
        f"This email is in English. Choose your language in your settings: "
        f"{settings.SITE_URL}/settings/\n"
    )


@override_settings(LANGUAGES=LANGUAGES)
def test_a_game_opened_for_its_players_is_drawn_in_each_ones_language(
    ann, bob_reads_pseudo, monkeypatch
):
    drawn, sent = [], []
    monkeypatch.setattr(
        notify, "render_to_string", lambda *args: drawn.append(translation.get_language()) or ""
    )
    monkeypatch.setattr(notify.live, "send_many", sent.extend)
    notify.open_games([("a game", [ann.pk, bob_reads_pseudo.pk])])
    assert drawn == ["en", "en-xa"] and len(sent) == 2


@override_settings(LANGUAGES=LANGUAGES)
def test_a_notification_says_which_language_it_is_written_in(bob_reads_pseudo, ann, client_of):
    """Written once, in its recipient's language then: a page in another language marks it."""
    notify.tell(ann, Notification.Kind.OVER, "Game over.")
    notify.tell(bob_reads_pseudo, Notification.Kind.OVER, "Game over.")
    assert Notification.objects.get(user=ann).language == "en"
    assert Notification.objects.get(user=bob_reads_pseudo).language == "en-xa"
    page = client_of(ann).get("/notifications/?lang=en-xa").content.decode()
    assert '<span lang="en">Game over.</span>' in page
