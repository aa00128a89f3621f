"""Premoves in live games: kept by the server, played through the move service the moment the
opponent's move is stored, charged no time; dropped when no longer legal; cancelled, replaced;
refused where they have no place, or for a board already past; shown to their player alone;
and a premove set while the opponent's move lands plays each move once."""

import json

import pytest
from channels.db import database_sync_to_async

from play.common.errors import Refused
from play.games import games
from play.games.lifecycle import moves_and_state
from play.models import Game, Move, Seat
from play.round import moves, premoves
from tests.play.pages import clicks_in
from tests.play.round.test_races import consistent, together

pytestmark = pytest.mark.django_db(transaction=True)  # the premove is played on commit
LIVE = {"kind": "live", "minutes": 5, "increment": 3}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(timed_game, ann):
    """Empire Chess on 5+3, ann White; ann has played d3d4 at once: bob is to move."""
    game = timed_game(LIVE)
    moves.submit(game.public_id, ann, "d3d4", 0)
    return Game.objects.get(pk=game.pk)


def texts(game):
    return list(Move.objects.filter(game=game).order_by("ply").values_list("text", flat=True))


def waiting(game, seat=0):
    row = Seat.objects.get(game=game, index=seat)
    return row.premove, row.premove_ply


def test_a_premove_is_played_the_moment_the_opponent_moves(game, ann, bob):
    premoves.keep(game.public_id, ann, "Sd5", 1)
    assert waiting(game) == ("d4d5", 1)  # kept as the move service writes it
    moves.submit(game.public_id, bob, "a7a6", 1)
    assert texts(game) == ["d3d4", "a7a6", "d4d5"]
    assert waiting(game) == ("", None)
    assert consistent(game).turn == 1


def test_a_premove_costs_no_time_and_earns_the_increment(game, ann, bob, clock):
    clock.advance(seconds=10)
    premoves.keep(game.public_id, ann, "d4d5", 1)
    clock.advance(seconds=20)
    moves.submit(game.public_id, bob, "a7a6", 1)
    game.refresh_from_db()
    # ann: 300 s, her first move at once (+3), the premove at once (+3); bob: 30 s taken, +3.
    assert game.clocks == [306, 273]
    assert Move.objects.get(game=game, ply=3).clock_after == [306, 273]
    assert game.turn_started_at == clock() and game.turn == 1


def test_a_premove_no_longer_legal_is_dropped_quietly(game, ann, bob):
    premoves.keep(game.public_id, ann, "b1g6", 1)
    moves.submit(game.public_id, bob, "g7g6", 1)  # b1g6 is no move now
    assert texts(game) == ["d3d4", "g7g6"] and waiting(game) == ("", None)
    game = consistent(game)
    assert game.turn == 0 and game.status == Game.Status.ACTIVE  # ann's turn, as usual


def test_a_premove_cancelled_or_replaced(game, ann, bob):
    premoves.keep(game.public_id, ann, "d4d5", 1)
    premoves.cancel(game.public_id, ann)
    assert waiting(game) == ("", None)
    premoves.keep(game.public_id, ann, "d4d5", 1)
    premoves.keep(game.public_id, ann, "d4e4", 1)  # one at a time: the last one stands
    assert waiting(game) == ("d4e4", 1)
    moves.submit(game.public_id, bob, "a7a6", 1)
    assert texts(game) == ["d3d4", "a7a6", "d4e4"]


def test_a_cancelled_premove_is_not_played(game, ann, bob):
    premoves.keep(game.public_id, ann, "d4d5", 1)
    premoves.cancel(game.public_id, ann)
    moves.submit(game.public_id, bob, "a7a6", 1)
    assert texts(game) == ["d3d4", "a7a6"] and Game.objects.get(pk=game.pk).turn == 0


@pytest.mark.parametrize(
    "move, ply, status, words",
    [
        ("d4d5", 0, 409, "made on an old board"),  # the board before ann's own move
        ("d4d5", 2, 409, "made on an old board"),
        ("d4d6", 1, 400, None),  # the rules' own words
        ("zz9", 1, 400, None),
        ("", 1, 400, "Enter a move"),
    ],
)
def test_premoves_that_cannot_be_kept_are_refused_and_change_nothing(
    game, ann, move, ply, status, words
):
    premoves.keep(game.public_id, ann, "d4e4", 1)
    with pytest.raises(Refused, match=words) as refused:
        premoves.keep(game.public_id, ann, move, ply)
    assert refused.value.status == status
    assert waiting(game) == ("d4e4", 1)


def test_who_may_premove_and_where(game, ann, bob, make_user):
    with pytest.raises(Refused, match="It is your turn"):
        premoves.keep(game.public_id, bob, "a7a6", 1)
    with pytest.raises(Refused, match="Only the players"):
        premoves.keep(game.public_id, make_user("cy"), "a7a6", 1)
    days = {"kind": "days", "days": 3}
    for clock in (days, None):  # correspondence, and a game without a clock
        other = games.join(games.create(ann, "empire-chess", "white", "seek", None, clock), bob)
        moves.submit(other.public_id, ann, "d3d4", 0)
        with pytest.raises(Refused, match="live clock"):
            premoves.keep(other.public_id, ann, "d4d5", 1)


def test_no_premove_in_the_setup_phase(ann, bob):
    shuffle = games.join(games.create(ann, "imperial-shuffle", "white", "seek", {}, LIVE), bob)
    assert shuffle.status == Game.Status.SETUP
    with pytest.raises(Refused, match="not in play"):
        premoves.keep(shuffle.public_id, ann, "N", 0)


@pytest.mark.parametrize("slug", ["empress", "empire", "imperial-shuffle", "imperial-chess"])
def test_a_premove_is_played_in_every_game(ann, bob, slug):
    options = {"imperial-shuffle": {"deal": True}, "empire": {"width": 10, "height": 10}}
    game = games.join(games.create(ann, slug, "white", "seek", options.get(slug, {}), LIVE), bob)
    game = Game.objects.get(pk=game.pk)
    first, game_rules = game.player(game.turn), game.rules
    opening = sorted(game_rules.legal_moves(moves_and_state(game)[1]))[0]
    moves.submit(game.public_id, first, opening, 0)
    game = Game.objects.get(pk=game.pk)
    state = moves_and_state(game)[1]
    theirs = sorted(game_rules.legal_moves(state))[0]
    after = game_rules.legal_moves(game_rules.play(state, theirs))
    ahead = next(m for m in sorted(game_rules.premoves(state, 1 - game.turn)) if m in after)
    premoves.keep(game.public_id, first, ahead, 1)
    moves.submit(game.public_id, game.player(game.turn), theirs, 1)
    assert texts(game) == [opening, theirs, ahead]


def test_a_premove_and_the_opponents_move_at_once_play_each_move_once(game, ann, bob):
    for _ in range(6):
        current = Game.objects.get(pk=game.pk)
        ply = current.ply
        waiting_player, mover = (ann, bob) if current.turn == 1 else (bob, ann)
        state = moves_and_state(current)[1]
        theirs = sorted(current.rules.legal_moves(state))[0]
        after = current.rules.play(state, theirs)
        seat = 1 - current.turn
        ahead = next(
            m
            for m in sorted(current.rules.premoves(state, seat))
            if m in current.rules.legal_moves(after)
        )
        results = together(
            lambda m=mover, t=theirs, p=ply: moves.submit(game.public_id, m, t, p),
            lambda w=waiting_player, a=ahead, p=ply: premoves.keep(game.public_id, w, a, p),
        )
        played = texts(game)[ply:]
        if isinstance(results[1], Refused):  # the move came first: the premove was stale
            assert played == [theirs] and "old board" in results[1].message
            moves.submit(game.public_id, waiting_player, ahead, ply + 1)
        else:
            assert played == [theirs, ahead], played
        assert waiting(game, seat) == ("", None)
        consistent(game)


def test_a_premove_kept_while_the_opponents_move_waits_for_the_lock_is_played(game, ann, bob):
    """PostgreSQL: the move waits for the game's row, which the premove's keeping holds; once
    that commits, the move reads the premove it did not see when it began."""
    import threading
    import time

    from django.db import connection, transaction

    if connection.vendor != "postgresql":
        pytest.skip("SQLite takes one writer at a time: no statement reads before another's lock")
    kept, release = threading.Event(), threading.Event()

    def keep():
        try:
            with transaction.atomic():  # committed only when released: the lock held till then
                premoves.keep(game.public_id, ann, "d4d5", 1)
                kept.set()
                release.wait(30)
        finally:
            connection.close()

    def move():
        try:
            moves.submit(game.public_id, bob, "a7a6", 1)
        finally:
            connection.close()

    keeping = threading.Thread(target=keep)
    keeping.start()
    assert kept.wait(30)
    moving = threading.Thread(target=move)
    moving.start()
    with connection.cursor() as cursor:  # until the move's statement waits for the lock
        for _ in range(3000):
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
            if cursor.fetchone()[0]:
                break
            time.sleep(0.01)
        else:
            pytest.fail("the move never waited for the game's lock")
    release.set()
    keeping.join()
    moving.join()
    assert texts(game) == ["d3d4", "a7a6", "d4d5"]
    assert waiting(game) == ("", None)


def test_the_premove_is_shown_to_its_player_alone(game, ann, bob, client_of, make_user):
    url = f"/g/{game.public_id}/premove/"
    page = client_of(ann)
    shown = page.post(url, {"move": "d4d5", "ply": "1"}, **HTMX).content.decode()
    assert 'Premove: <strong translate="no">Sd5</strong>' in shown
    assert "your premove" in shown and "Cancel premove" in shown
    assert "Premove" in page.get(game.get_absolute_url()).content.decode()
    for other in (client_of(bob), client_of(make_user("cy"))):
        html = other.get(game.get_absolute_url()).content.decode()
        assert "Premove" not in html and "your premove" not in html
    cancelled = page.post(url, {"action": "cancel"}, **HTMX).content.decode()
    assert "Cancel premove" not in cancelled and waiting(game) == ("", None)


def test_the_board_offers_premoves_while_the_opponent_thinks(game, ann, client_of):
    board = client_of(ann).get(f"/g/{game.public_id}/live/?select=d4").content.decode()
    premove = f"/g/{game.public_id}/premove/"
    target = clicks_in(board)["d5"]
    assert target["hx-post"] == premove and "d4d5" in target["hx-vals"]


def test_a_move_typed_while_the_opponent_thinks_is_a_premove(game, ann, client_of):
    answer = client_of(ann).post(f"/g/{game.public_id}/move/", {"move": "Sd5", "ply": "1"}, **HTMX)
    assert answer.status_code == 200 and "Cancel premove" in answer.content.decode()
    assert waiting(game) == ("d4d5", 1) and texts(game) == ["d3d4"]


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"move": "d4d5"}, "the ply must be a whole number"),
        ({"move": "d4d5", "ply": "x"}, "Malformed request"),
        ({"move": "d4d5", "ply": "-1"}, "Malformed request"),
        ({"action": "undo"}, "unknown action"),
        ({"move": "d4d5", "ply": "0"}, "old board"),
    ],
)
def test_a_premove_post_is_read_one_way(game, ann, client_of, fields, words):
    answer = client_of(ann).post(f"/g/{game.public_id}/premove/", fields, **HTMX)
    assert answer.status_code in (400, 409) and words in answer.content.decode()
    assert waiting(game) == ("", None)


@pytest.mark.asyncio
async def test_a_premove_sent_on_the_socket_is_pushed_to_its_player_alone(game, ann, bob):
    from tests.play.round.test_socket_moves import opened

    white, black = await opened(game, ann), await opened(game, bob)
    message = {"type": "premove", "move": "d4d5", "ply": "1"}
    await white.send_to(text_data=json.dumps(message))
    html = await white.receive_from()
    assert "Cancel premove" in html and "your premove" in html
    assert await black.receive_nothing()
    assert await database_sync_to_async(waiting)(game) == ("d4d5", 1)
    await white.send_to(text_data=json.dumps({"type": "premove", "action": "cancel"}))
    assert "Cancel premove" not in await white.receive_from()
    await white.send_to(text_data=json.dumps({"type": "premove", "move": "d4d5", "ply": "0"}))
    assert "old board" in await white.receive_from()
    for socket in (white, black):
        await socket.disconnect()


def test_a_premove_answers_the_computers_move(ann):
    from play.computer import opponents, turns

    game = opponents.start(ann, "empire-chess", 1, "white", None, LIVE)
    moves.submit(game.public_id, ann, "d3d4", 0)
    premoves.keep(game.public_id, ann, "d4d5", 1)
    assert turns.work() == "moved"
    assert texts(game)[2] == "d4d5" and consistent(game).turn == 1


def test_empire_points_are_premoved_by_position_and_the_waiting_one_ringed(ann, bob, client_of):
    game = games.join(games.create(ann, "empire", "white", "seek", {"width": 10, "height": 10}, LIVE), bob)  # fmt: skip
    moves.submit(game.public_id, ann, "a1", 0)
    page = client_of(ann)
    board = page.get(f"/g/{game.public_id}/live/").content.decode()
    assert f'id="point-click" hidden data-move-url="/g/{game.public_id}/premove/"' in board
    shown = page.post(f"/g/{game.public_id}/premove/", {"move": "j10", "ply": "1"}, **HTMX)
    assert '<circle class="alert-ring"' in shown.content.decode()
    assert "<title>your premove, j10</title>" in shown.content.decode()
    theirs = client_of(bob).get(f"/g/{game.public_id}/live/").content.decode()
    assert f'data-move-url="/g/{game.public_id}/move/"' in theirs  # bob's turn: a move
    assert "alert-ring" not in theirs
