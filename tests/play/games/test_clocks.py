"""Time controls and clocks: refill and bank, increments, what the page is told."""

import pytest

from play.common import clocks
from play.models import Game
from play.round import moves

pytestmark = pytest.mark.django_db
DAY = 86400


@pytest.mark.parametrize(
    "tc, words",
    [
        (None, "No clock"),
        ({"kind": "live", "minutes": 5, "increment": 3}, "5+3"),
        ({"kind": "days", "days": 3}, "3 days per move"),
        (
            {"kind": "bank", "start_days": 7, "hours": 12, "cap_days": 14},
            "bank of 7 days, +12 h a move, up to 14 days",
        ),
    ],
)
def test_time_controls_read_and_described(tc, words):
    assert clocks.describe(clocks.parse(tc)) == words


@pytest.mark.parametrize(
    "tc, message",
    [
        ({"kind": "live", "minutes": 0, "increment": 3}, "minutes must be"),
        ({"kind": "days", "days": 4}, "1, 2, 3, 5, 7 or 14"),
        ({"kind": "bank", "start_days": 9, "hours": 1, "cap_days": 3}, "cap cannot be smaller"),
        ({"kind": "hourglass"}, "none, live, days or bank"),
        ({"kind": "live", "minutes": 5, "increment": 3, "extra": 1}, "Unknown"),
    ],
)
def test_bad_time_controls_say_why(tc, message):
    with pytest.raises(ValueError, match=message):
        clocks.parse(tc)


def test_live_clock_charges_the_mover_and_adds_the_increment(timed_game, ann, bob, clock):
    game = timed_game({"kind": "live", "minutes": 5, "increment": 3})
    assert game.clocks == [300, 300] and game.turn == 0
    assert game.deadline == clock.at.replace(minute=5)
    clock.advance(seconds=20)
    moves.submit(game.public_id, ann, "d3d4", 0)
    game.refresh_from_db()
    assert game.clocks[0] == 300 - 20 + 3 and game.turn == 1
    assert game.deadline == clock.at.replace(minute=5, second=20)
    clock.advance(seconds=100)
    moves.submit(game.public_id, bob, "e7e5", 1)
    game.refresh_from_db()
    assert game.clocks == [283, 203]
    assert game.moves.get(ply=2).clock_after == [283, 203]


def test_days_per_move_refill_after_each_move(timed_game, ann, bob, clock):
    game = timed_game({"kind": "days", "days": 3})
    clock.advance(days=2, hours=23)
    moves.submit(game.public_id, ann, "d3d4", 0)
    game.refresh_from_db()
    assert game.clocks[0] == 3 * DAY and game.clocks[1] == 3 * DAY


def test_a_bank_grows_by_its_hours_up_to_its_cap(timed_game, ann, bob, clock):
    game = timed_game({"kind": "bank", "start_days": 2, "hours": 12, "cap_days": 3})
    clock.advance(hours=6)
    moves.submit(game.public_id, ann, "d3d4", 0)
    game.refresh_from_db()
    assert game.clocks[0] == 2 * DAY - 6 * 3600 + 12 * 3600
    for ply, move in enumerate(["e7e5", "d4d5", "a7a6", "c3c4"], start=1):
        # at once: +12 h, then the cap
        moves.submit(game.public_id, bob if ply % 2 else ann, move, ply)
    game.refresh_from_db()
    assert game.clocks[0] == 3 * DAY


def test_the_page_shows_both_clocks_and_counts_down_to_the_servers_deadline(
    timed_game, client_of, ann
):
    game = timed_game({"kind": "days", "days": 2})
    html = client_of(ann).get(f"/g/{game.public_id}/").content.decode()
    deadline_ms = int(game.deadline.timestamp() * 1000)
    assert f'data-deadline="{deadline_ms}"' in html and "2 days 0 h" in html
    assert "move by <time" in html and "a vacation day is spent automatically" in html
    assert 'data-server-now="' in html


def test_no_clock_no_deadline(active_game):
    assert active_game.clocks is None and active_game.deadline is None


def test_the_time_control_is_chosen_at_creation(ann, client_of):
    form = {"game": "empress", "side": "white", "listing": "seek", "time_control": "bank",
            "bank_start": "5", "bank_hours": "6", "bank_cap": "10"}  # fmt: skip
    client_of(ann).post("/new/", form)
    assert Game.objects.get().time_control == {
        "kind": "bank",
        "start_days": 5,
        "hours": 6,
        "cap_days": 10,
    }
    games_count = Game.objects.count()
    client_of(ann).post("/new/", {**form, "bank_cap": "2"})
    assert Game.objects.count() == games_count  # the cap below the start is refused
