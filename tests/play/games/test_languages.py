"""A game's words in each player's own language: what a player is told is written in theirs,
whoever's request or worker made it (the pseudo-locale stands for any language)."""

import pytest
from django.test import override_settings

from imperia_site.catalogues import pseudo
from play.games import games, sweeper
from play.models import Notification, Profile

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("pseudo_offered"),
]


@pytest.fixture
def pseudo_offered():
    with override_settings(LANGUAGES=[("en", "English"), ("en-xa", "x")]):
        yield


def reads(user, code):
    Profile.objects.update_or_create(user=user, defaults={"language": code})
    user.refresh_from_db()


def told(user, kind) -> str:
    return Notification.objects.filter(user=user, kind=kind).latest("pk").text


def test_the_result_is_told_to_each_player_in_their_own_language(active_game, ann, bob):
    reads(ann, "en-xa")
    games.resign(active_game, bob)
    assert pseudo("resignation") in told(ann, "over")
    assert told(bob, "over") == "Empire Chess against ann: White wins (resignation)."


def test_the_sweeper_warns_in_the_players_language(timed_game, ann, bob, clock):
    reads(ann, "en-xa")
    timed_game({"kind": "days", "days": 1})  # ann, White, to move
    clock.advance(hours=20)
    assert sweeper.warn_low_time() == 1
    left = pseudo("%(hours)s h %(minutes)s min") % {"hours": 4, "minutes": 0}
    warning = pseudo("Time is running low against %(opponent)s: %(left)s left.")
    assert told(ann, "low-time") == warning % {"opponent": "bob", "left": left}
