import threading

import pytest
from django.db import connection

import rules
from play.common.errors import Refused
from play.games import games
from play.models import Game, Move
from play.round import moves
from play.round.moves import StaleMove

pytestmark = pytest.mark.django_db


def test_a_legal_move_is_stored_with_its_position_time_and_hash(active_game, ann):
    moves.submit(active_game.public_id, ann, "Sd4", 0)
    move = active_game.moves.get()
    assert (move.ply, move.seat, move.text, move.display) == (1, 0, "d3d4", "Sd4")
    assert move.position_after == "rnbqkbnr/pppppppp/8/8/3S4/PPP1SPPP/8/TECDKCET b kq - 1 1"
    assert move.created_at is not None and len(move.hash) == 64
    active_game.refresh_from_db()
    assert (active_game.ply, active_game.position) == (1, move.position_after)


def test_stale_or_repeated_submission_is_409_and_never_a_second_move(active_game, ann):
    moves.submit(active_game.public_id, ann, "d3d4", 0)
    with pytest.raises(StaleMove) as exc:
        moves.submit(active_game.public_id, ann, "d3d4", 0)
    assert exc.value.status == 409
    assert Move.objects.filter(game=active_game).count() == 1


def test_illegal_move_is_400_with_the_rules_message(active_game, ann):
    with pytest.raises(Refused, match="cannot move to a5") as exc:
        moves.submit(active_game.public_id, ann, "a1a5", 0)
    assert exc.value.status == 400
    with pytest.raises(Refused, match="Could not read"):
        moves.submit(active_game.public_id, ann, "<script>", 0)


def test_non_player_is_403(active_game, make_user):
    with pytest.raises(Refused) as exc:
        moves.submit(active_game.public_id, make_user("cid"), "d3d4", 0)
    assert exc.value.status == 403


def test_moving_out_of_turn_is_refused(active_game, bob):
    with pytest.raises(Refused, match="not your turn"):
        moves.submit(active_game.public_id, bob, "e7e5", 0)


def test_a_game_not_yet_joined_takes_no_moves(ann):
    seek = games.create(ann, "empire-chess", "white", "seek")
    with pytest.raises(StaleMove, match="not in play"):
        moves.submit(seek.public_id, ann, "d3d4", 0)


def test_the_rules_result_finishes_the_game(ann, bob):
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    for ply, move in enumerate(["b1b2", "b8c6", "b2b1", "c6b8", "b1b2", "b8c6", "b2b1", "c6b8"]):
        moves.submit(game.public_id, ann if ply % 2 == 0 else bob, move, ply)
    game.refresh_from_db()
    assert (game.status, game.winner, game.reason) == ("finished", 0, "repetition")
    with pytest.raises(StaleMove):
        moves.submit(game.public_id, ann, "b1b2", 8)


def test_the_move_log_alone_rebuilds_the_game(active_game, ann, bob):
    for ply, move in enumerate(["d3d4", "e7e5", "d4d5", "d7d6"]):
        moves.submit(active_game.public_id, ann if ply % 2 == 0 else bob, move, ply)
    game = Game.objects.get(pk=active_game.pk)
    state = games.rebuild(game)
    assert rules.get("empire-chess").format(state) == game.position
    # Tampering with a stored move is detected.
    Move.objects.filter(game=game, ply=2).update(text="e7e6")
    with pytest.raises(ValueError, match="Ply 2"):
        games.rebuild(game)


@pytest.mark.django_db(transaction=True)
def test_concurrent_submissions_of_one_ply_store_one_move(ann, bob):
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    results, barrier = [], threading.Barrier(2)

    def attempt(text):
        barrier.wait()
        try:
            moves.submit(game.public_id, ann, text, 0)
            results.append("ok")
        except Refused as exc:
            results.append(exc.status)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(m,)) for m in ("d3d4", "e3e4")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results, key=str) == [409, "ok"]
    assert Move.objects.filter(game=game).count() == 1
