"""Races: requests that arrive together resolve to one consistent result.

Real threads, each with its own database connection, released together by a barrier; this
file runs on SQLite in `make test` and on PostgreSQL in `make test-distributed`.
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client

from play.common import clocks
from play.computer import opponents, turns
from play.games import games, sweeper
from play.games.games import rebuild
from play.models import Game, Move, Notification
from play.round import moves, offers

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"HTTP_HX_REQUEST": "true"}
ROUNDS = 6  # each race run a few times, so that each side gets to win


def together(*actions):
    """Run the actions at once on their own threads; their results (or exceptions), in order."""
    barrier = threading.Barrier(len(actions))

    def run(action):
        try:
            barrier.wait()
            return action()
        except Exception as exc:  # noqa: BLE001 - the race's loser may be refused
            return exc
        finally:
            connection.close()

    with ThreadPoolExecutor(len(actions)) as pool:
        return list(pool.map(run, actions))


def consistent(game: Game) -> Game:
    """The game agrees with its move log (rules, positions, hash chain), as verify_games checks."""
    game.refresh_from_db()
    rebuild(game)
    assert game.ply == Move.objects.filter(game=game).count()
    return game


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_fifty_identical_move_submissions_make_exactly_one_move(active_game, ann):
    clients = [logged_in(ann) for _ in range(50)]
    url = f"/g/{active_game.public_id}/move/"
    answers = together(
        *(lambda c=c: c.post(url, {"move": "d3d4", "ply": "0"}, **HTMX) for c in clients)
    )
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * 49, codes
    assert all(
        "old board" in a.content.decode() or "too late" in a.content.decode()
        for a in answers
        if a.status_code == 409
    )
    assert consistent(active_game).ply == 1


def test_fifty_identical_moves_without_a_ply_make_exactly_one_move(active_game, ann):
    """No expected ply to check: only the row lock keeps the second from being played."""
    clients = [logged_in(ann) for _ in range(50)]
    url = f"/g/{active_game.public_id}/move/"
    answers = together(*(lambda c=c: c.post(url, {"move": "d3d4"}, **HTMX) for c in clients))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * 49, codes
    assert consistent(active_game).ply == 1
    assert list(Move.objects.values_list("text", flat=True)) == ["d3d4"]


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_both_players_moving_at_once_without_a_ply(ann, bob, round_):
    """25 clicks of White's move and 25 of Black's reply, none with a ply: each move once, in
    order, whichever thread the lock lets in first."""
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    url = f"/g/{game.public_id}/move/"
    clicks = [(ann, "d3d4"), (bob, "e7e5")] * 25
    together(*(lambda u=u, m=m: logged_in(u).post(url, {"move": m}, **HTMX) for u, m in clicks))
    game = consistent(game)
    played = list(Move.objects.filter(game=game).values_list("text", flat=True))
    assert played in (["d3d4"], ["d3d4", "e7e5"])


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_a_move_against_a_resignation(ann, bob, round_):
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    together(
        lambda: logged_in(ann).post(
            f"/g/{game.public_id}/move/", {"move": "d3d4", "ply": "0"}, **HTMX
        ),
        lambda: games.resign(game, bob),
    )
    game = consistent(game)
    # Whichever came first, Black resigned: White wins, and the move counts only if it was first.
    assert (game.status, game.winner, game.reason) == ("finished", 0, "resign")
    assert game.ply in (0, 1)
    over = Notification.objects.filter(game=game, kind=Notification.Kind.OVER)
    assert over.count() == 2  # one "game over" each, never two endings


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_a_move_against_the_acceptance_of_the_movers_draw_offer(ann, bob, round_):
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    offers.act(game, ann, "offer")
    together(
        lambda: logged_in(ann).post(
            f"/g/{game.public_id}/move/", {"move": "d3d4", "ply": "0"}, **HTMX
        ),
        lambda: offers.act(game, bob, "accept"),
    )
    game = consistent(game)
    assert (game.status, game.winner, game.reason) == ("finished", None, "agreement")
    assert game.ply in (0, 1)


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_a_move_against_the_draw_it_declines(ann, bob, round_):
    """bob offered; ann moving instead of answering lets the offer lapse, so her move and her
    own acceptance race: one of them wins, never both."""
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    offers.act(game, bob, "offer")
    results = together(
        lambda: logged_in(ann).post(
            f"/g/{game.public_id}/move/", {"move": "d3d4", "ply": "0"}, **HTMX
        ),
        lambda: offers.act(game, ann, "accept"),
    )
    game = consistent(game)
    if game.status == "finished":  # the acceptance was first: the move came too late
        assert (game.reason, game.ply, results[0].status_code) == ("agreement", 0, 409)
    else:  # the move was first: the offer lapsed, the acceptance was refused
        assert (game.ply, game.status) == (1, "active")
        assert "no draw offer" in str(results[1])


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_a_move_against_its_own_timeout(ann, bob, clock, round_):
    tc = {"kind": "live", "minutes": 1, "increment": 0}
    game = games.join(games.create(ann, "empire-chess", "white", "seek", None, tc), bob)
    games_moves = [("d3d4", ann), ("e7e5", bob)]
    for ply, (text, who) in enumerate(games_moves):
        logged_in(who).post(f"/g/{game.public_id}/move/", {"move": text, "ply": str(ply)})
    clock.advance(minutes=2)  # White's minute is gone as her move arrives
    results = together(
        lambda: logged_in(ann).post(
            f"/g/{game.public_id}/move/", {"move": "c3c4", "ply": "2"}, **HTMX
        ),
        lambda: sweeper.expire_clocks(clocks.now()),
    )
    game = consistent(game)
    assert (game.status, game.winner, game.reason, game.ply) == ("finished", 1, "timeout", 2)
    assert results[0].status_code == 409
    over = Notification.objects.filter(game=game, kind=Notification.Kind.OVER)
    assert over.count() == 2


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_eight_rulings_posted_at_once_decide_the_dispute_once(ann, bob, make_user, round_):
    from django.contrib.auth.models import Permission

    from play.models import Dispute, Ruling
    from play.referee import disputes

    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    logged_in(ann).post(f"/g/{game.public_id}/move/", {"move": "d3d4", "ply": "0"}, **HTMX)
    dispute = disputes.report(game, bob, "rules", "Illegal.")
    referees = [make_user(f"ref{i}") for i in range(8)]
    for referee in referees:
        referee.is_staff = True
        referee.save()
        # Not the Referees group: a transactional test's database is emptied of it.
        referee.user_permissions.add(Permission.objects.get(codename="referee"))
    rulings = [
        {"kind": "result", "reason": "White.", "winner": "0"},
        {"kind": "result", "reason": "Black.", "winner": "1"},
        {"kind": "annul", "reason": "Void."},
        {"kind": "rewind", "reason": "Back.", "ply": "0"},
        {"kind": "result", "reason": "Draw.", "winner": "draw"},
        {"kind": "reject", "reason": "No."},
        {"kind": "uphold", "reason": "Yes."},
        {"kind": "annul", "reason": "Void again."},
    ]
    url = f"/admin/play/dispute/{dispute.pk}/rule/"
    together(
        *(
            lambda r=r, d=d: logged_in(r).post(url, d)
            for r, d in zip(referees, rulings, strict=True)
        )
    )
    [ruling] = Ruling.objects.all()
    game = consistent(game)
    expected = {
        "result": (Game.Status.FINISHED, "ruling"),
        "annul": (Game.Status.ABORTED, "annulled"),
        "rewind": (Game.Status.ACTIVE, ""),
        "reject": (Game.Status.ACTIVE, ""),
        "uphold": (Game.Status.ACTIVE, ""),
    }[ruling.kind]
    assert (game.status, game.reason) == expected
    assert game.ply == (0 if ruling.kind == "rewind" else 1)
    assert Dispute.objects.get().status in ("ruled", "rejected")
    for player in (ann, bob):
        told = Notification.objects.filter(user=player, text__startswith="Ruling")
        assert told.count() == 1


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_four_workers_at_once_move_once_for_the_computer(ann, round_):
    game = opponents.start(ann, "empress", 2, "white")
    moves.submit(game.public_id, ann, "Q@d4", 0)
    done = together(*(turns.work for _ in range(4)))
    assert sorted(map(str, done)) == ["None", "None", "None", "moved"], done
    game = consistent(game)
    assert game.ply == 2 and game.computer_claim == ""


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_two_workers_acting_on_one_turn_move_once(ann, round_):
    """Past the claims (one worker's lapsed while it still thought): the expected ply and
    revision let one move through."""
    game = opponents.start(ann, "empress", 2, "white")
    moves.submit(game.public_id, ann, "Q@d4", 0)
    done = together(lambda: turns.act(game.pk), lambda: turns.act(game.pk))
    # The other was refused under the lock ("stale"), or read the game after the move and
    # found it was not the computer's turn ("nothing"): either way, one move.
    assert sorted(done) in (["moved", "stale"], ["moved", "nothing"]), done
    game = consistent(game)
    assert game.ply == 2
    assert list(Move.objects.filter(game=game).values_list("seat", flat=True)) == [0, 1]


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_a_takeback_against_the_computers_answer(ann, round_):
    game = opponents.start(ann, "empress", 2, "white")
    moves.submit(game.public_id, ann, "Q@d4", 0)
    taken = together(lambda: opponents.take_back(game, ann), lambda: turns.work())
    game = consistent(game)
    # The takeback came first (the answer refused) or second (both moves taken back).
    assert game.ply == 0, (taken, game.ply)
    assert game.turn == 0


def test_players_entering_one_pool_at_once_are_each_paired_once(make_user):
    from play.lobby import pool
    from play.models import PoolEntry

    players = [make_user(f"p{i}") for i in range(10)]
    together(*(lambda u=u: pool.enter(u, "empress", "5+3") for u in players))
    together(*(lambda u=u: pool.wait(u) for u in players))  # passes at once, too
    seated = [s.user_id for g in Game.objects.all() for s in g.seats.all()]
    assert Game.objects.count() == 5 and sorted(seated) == sorted(u.pk for u in players)
    for game in Game.objects.all():
        assert game.seats.count() == 2 and game.rated
        assert set(PoolEntry.objects.filter(game=game).values_list("user", flat=True)) == {
            s.user_id for s in game.seats.all()
        }


def test_leaving_while_an_opponent_arrives_is_either_paired_or_gone(ann, bob):
    from play.lobby import pool
    from play.models import PoolEntry

    for _ in range(ROUNDS):
        Game.objects.all().delete()
        PoolEntry.objects.all().delete()
        pool.enter(ann, "empress", "5+3")
        together(lambda: pool.leave(ann), lambda: pool.enter(bob, "empress", "5+3"))
        entry = PoolEntry.objects.filter(user=ann).first()
        if entry is None:  # left first: bob waits alone
            assert not Game.objects.exists() and PoolEntry.objects.get(user=bob).game is None
        else:  # paired first: the game stands for both
            game = Game.objects.get()
            assert entry.game == game and PoolEntry.objects.get(user=bob).game == game


def test_two_rated_games_of_one_player_ending_at_once_both_count(ann, bob, make_user):
    from play.models import Rating, RatingChange

    cy = make_user("cy")
    live = {"kind": "live", "minutes": 10, "increment": 0}
    both = []
    for opponent in (bob, cy):
        game = games.join(
            games.create(ann, "empire-chess", "white", "seek", time_control=live, rated=True),
            opponent,
        )
        for text in ("d3d4", "e7e5"):
            game.refresh_from_db()
            moves.submit(game.public_id, ann if game.ply % 2 == 0 else opponent, text, game.ply)
        both.append((game, opponent))
    together(*(lambda g=g, o=o: games.resign(g, o) for g, o in both))
    mine = Rating.objects.get(user=ann, game_slug="empire-chess", speed="live")
    changes = RatingChange.objects.filter(user=ann)
    assert mine.games == 2 and mine.wins == 2 and changes.count() == 2
    last = changes.order_by("pk").last()
    assert mine.rating == pytest.approx(last.rating_after)
    assert changes.order_by("pk").first().rating_after == pytest.approx(last.rating_before)
