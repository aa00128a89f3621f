"""Players, clubs and their founders, a forum thread: shared by the clubs', the forum's and
the search's tests."""

from datetime import timedelta

import pytest

from play.clubs import clubs
from play.common import clocks
from play.forum import forum
from play.games import games
from play.models import Board, Club, Game


def finish_games(player, opponent, count: int) -> None:
    """`count` games between the two begun and ended."""
    begun = games.start_paired("empress", {}, {}, [(player, opponent)] * count, rated=False)
    Game.objects.filter(pk__in=[g.pk for g in begun]).update(
        status=Game.Status.FINISHED, finished_at=clocks.now(), winner=0, reason="resignation"
    )


@pytest.fixture
def established(make_user):
    """A player a month old with ESTABLISHED_GAMES games finished: they may found a club."""

    def make(name):
        player = make_user(name)
        player.date_joined = clocks.now() - timedelta(days=30)
        player.save(update_fields=["date_joined"])
        finish_games(player, make_user(f"{name}-opponent"), clubs.ESTABLISHED_GAMES)
        return player

    return make


@pytest.fixture
def founder(established):
    return established("zoe")


CHOICES = {
    "name": "Empress Circle",
    "description": "We play **Empress** on Sundays.",
    "games": ["empress", "empire"],
    "language": "en",
    "admission": Club.Admission.OPEN,
    "question": "",
    "forum": Club.Forum.MEMBERS,
}


@pytest.fixture
def club(founder):
    return clubs.found(founder, **CHOICES)


@pytest.fixture
def asked_club(founder):
    """A club joined by request, asking a question."""
    return clubs.found(
        founder, **CHOICES | {"name": "Dots Society", "admission": Club.Admission.REQUEST,
                              "question": "Which games of Empress have you played?"}
    )  # fmt: skip


@pytest.fixture
def general(db):
    return Board.objects.get(slug="general")


@pytest.fixture
def writer(established):
    return established("wes")


@pytest.fixture
def talk(general, writer):
    """A thread on general talk, its first post by `writer`."""
    return forum.start_thread(writer, general, "Openings in Empress", "Which first move is best?")
