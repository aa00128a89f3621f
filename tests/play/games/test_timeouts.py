"""Timeouts: derived from the stored deadline, recorded by whoever looks first; vacation days;
the abort rule; giving time."""

import pytest

from play.common.errors import Refused
from play.games import games, sweeper
from play.models import Notification, Profile
from play.round import moves
from play.round.moves import StaleMove

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 5, "increment": 0}
DAYS = {"kind": "days", "days": 1}


def test_the_sweeper_ends_a_game_on_time(timed_game, ann, bob, clock):
    game = timed_game(LIVE)
    moves.submit(game.public_id, ann, "d3d4", 0)
    moves.submit(game.public_id, bob, "e7e5", 1)
    clock.advance(minutes=4, seconds=59)
    assert sweeper.expire_clocks() == 0
    clock.advance(seconds=2)
    assert sweeper.expire_clocks() == 1
    game.refresh_from_db()
    assert (game.status, game.winner, game.reason) == ("finished", 1, "timeout")
    assert game.deadline is None and game.turn is None
    assert Notification.objects.filter(user=ann, kind="over").exists()


def test_before_both_sides_have_moved_a_timeout_aborts(timed_game, ann, clock):
    game = timed_game(LIVE)
    moves.submit(game.public_id, ann, "d3d4", 0)
    clock.advance(minutes=6)
    sweeper.expire_clocks()
    game.refresh_from_db()
    assert (game.status, game.reason, game.winner) == ("aborted", "abort", None)


def test_a_move_after_the_deadline_does_not_count(timed_game, ann, bob, clock):
    game = timed_game(LIVE)
    moves.submit(game.public_id, ann, "d3d4", 0)
    moves.submit(game.public_id, bob, "e7e5", 1)
    clock.advance(minutes=6)  # nothing ran meanwhile: the stored deadline decides
    with pytest.raises(StaleMove, match="clock ran out"):
        moves.submit(game.public_id, ann, "d4d5", 2)
    game.refresh_from_db()
    assert (game.status, game.winner, game.ply) == ("finished", 1, 2)


def test_vacation_days_are_spent_before_a_correspondence_loss(timed_game, ann, bob, clock):
    game = timed_game(DAYS)
    moves.submit(game.public_id, ann, "d3d4", 0)
    moves.submit(game.public_id, bob, "e7e5", 1)
    Profile.objects.update_or_create(
        user=ann, defaults={"vacation_days": 2, "vacation_year": clock.at.year}
    )
    clock.advance(days=2, hours=12)  # 1.5 days past the deadline: two vacation days
    assert sweeper.expire_clocks() == 0
    game.refresh_from_db()
    assert game.status == "active" and game.vacation_used == [2, 0]
    assert Profile.objects.get(user=ann).vacation_days == 0
    assert Notification.objects.filter(user=ann, text__contains="2 vacation days spent").exists()
    clock.advance(days=1)
    sweeper.expire_clocks()
    game.refresh_from_db()
    assert (game.status, game.winner, game.reason) == ("finished", 1, "timeout")


def test_vacation_days_come_back_each_year(timed_game, ann, bob, clock):
    game = timed_game(DAYS)
    moves.submit(game.public_id, ann, "d3d4", 0)
    moves.submit(game.public_id, bob, "e7e5", 1)
    Profile.objects.update_or_create(user=ann, defaults={"vacation_days": 0, "vacation_year": 2025})
    clock.advance(days=1, hours=1)
    sweeper.expire_clocks()
    game.refresh_from_db()
    assert game.status == "active"
    assert Profile.objects.get(user=ann).vacation_days == 13  # 14 for 2026, one spent


def test_vacation_does_not_save_a_live_game(timed_game, ann, bob, clock):
    game = timed_game(LIVE)
    moves.submit(game.public_id, ann, "d3d4", 0)
    moves.submit(game.public_id, bob, "e7e5", 1)
    clock.advance(minutes=10)
    sweeper.expire_clocks()
    game.refresh_from_db()
    assert game.reason == "timeout"


def test_the_page_flags_at_zero(timed_game, ann, bob, clock, client):
    game = timed_game(LIVE)
    moves.submit(game.public_id, ann, "d3d4", 0)
    moves.submit(game.public_id, bob, "e7e5", 1)
    response = client.post(f"/g/{game.public_id}/flag/", HTTP_HX_REQUEST="true")
    assert response.status_code == 403  # players only
    clock.advance(minutes=5, seconds=1)
    from django.test import Client

    spectator_of_own = Client()
    spectator_of_own.force_login(bob)
    html = spectator_of_own.post(
        f"/g/{game.public_id}/flag/", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Black wins (time forfeit)." in html


def test_give_time(timed_game, ann, bob, clock):
    game = timed_game(DAYS)
    deadline = game.deadline
    games.give_time(game, bob)  # bob gives ann, who is to move, a day
    game.refresh_from_db()
    assert game.clocks[0] == 2 * 86400 and (game.deadline - deadline).days == 1
    assert Notification.objects.filter(user=ann, text__contains="gave you 1 day").exists()


def test_no_time_to_give_without_a_clock(active_game, ann):
    with pytest.raises(Refused, match="no running clock"):
        games.give_time(active_game, ann)
