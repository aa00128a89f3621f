import pytest

from play.common.errors import Refused
from play.games import games
from play.models import Game

pytestmark = pytest.mark.django_db


def test_create_seats_the_creator_on_the_chosen_side(ann):
    game = games.create(ann, "empire-chess", "black", "seek")
    assert game.status == Game.Status.OPEN
    assert game.seat_of(ann).index == 1
    assert game.position == "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1"


def test_random_side_gives_a_seat(ann):
    sides = {
        games.create(ann, "empire-chess", "random", "seek").seat_of(ann).index for _ in range(30)
    }
    assert sides == {0, 1}


@pytest.mark.parametrize(
    "slug, side, listing, message",
    [
        ("go", "white", "seek", "no game"),
        ("empire-chess", "purple", "seek", "White, Black or random"),
        ("empire-chess", "white", "carrier-pigeon", "open seek or a private"),
    ],
)
def test_create_refuses_bad_choices(ann, slug, side, listing, message):
    with pytest.raises(Refused, match=message):
        games.create(ann, slug, side, listing)


def test_join_fills_the_other_seat_and_starts(active_game, bob):
    assert active_game.status == Game.Status.ACTIVE
    assert active_game.seat_of(bob).index == 1
    assert active_game.started_at is not None


def test_a_third_player_cannot_join(active_game, make_user):
    with pytest.raises(Refused, match="already has its players") as exc:
        games.join(active_game, make_user("cid"))
    assert exc.value.status == 409


def test_abort_only_before_both_sides_have_moved(active_game, ann, bob):
    from play.round import moves

    moves.submit(active_game.public_id, ann, "d3d4", 0)
    moves.submit(active_game.public_id, bob, "e7e5", 1)
    with pytest.raises(Refused, match="before both sides have moved"):
        games.abort(active_game, ann)


def test_abort_and_cancel(active_game, ann, bob):
    games.abort(active_game, bob)
    active_game.refresh_from_db()
    assert active_game.status == Game.Status.ABORTED and active_game.reason == "abort"
    seek = games.create(ann, "empire-chess", "white", "seek")
    games.abort(seek, ann)
    seek.refresh_from_db()
    assert seek.status == Game.Status.ABORTED


def test_resign_gives_the_opponent_the_win(active_game, bob, make_user):
    with pytest.raises(Refused) as exc:
        games.resign(active_game, make_user("cid"))
    assert exc.value.status == 403
    games.resign(active_game, bob)
    active_game.refresh_from_db()
    assert (active_game.status, active_game.winner, active_game.reason) == ("finished", 0, "resign")
    assert active_game.result_text == "White wins (resignation)"
