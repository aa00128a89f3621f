"""A move's update: a page that shows the board the move was made on is sent only what the move
changed (the parts of #live swapped in by id, the move added to its list), so that what a move
sends does not grow with the game; any other page gets the whole board."""

import re

import pytest
from channels.db import database_sync_to_async

from play.games import games
from play.models import Game
from play.round import moves, updates
from tests.play.round.test_consumer import connect

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def post(client, game, move, revision=None):
    values = {"move": move, "ply": str(game.ply), "confirmed": "1"}
    if revision is not None:
        values["revision"] = str(revision)
    return client.post(f"/g/{game.public_id}/move/", values, **HTMX)


def test_the_answer_to_a_move_on_the_current_board_is_its_update(active_game, client_of, ann):
    response = post(client_of(ann), active_game, "d3d4", active_game.revision)
    html = response.content.decode()
    assert response.status_code == 200 and 'id="live"' not in html
    marker = re.search(r'<input type="hidden" id="live-revision"[^>]*>', html).group()
    assert f'data-update-base="{active_game.revision}"' in marker
    assert f'value="{active_game.revision + 1}"' in marker and 'data-ply="1"' in marker
    # The squares the move changed (from, to) in a hidden picture, and each part of the panel.
    squares = re.search(r"<svg hidden data-board-update>(.*?)</svg>", html)[1]
    assert re.findall(r'data-square="(\w+)"', squares) == ["d4", "d3"]
    for part in ("moves", "panel-actions", "live-revision", "clock-0", "status", "panel-turn"):
        assert re.search(rf'id="{part}"[^>]* hx-swap-oob="(true|innerHTML)"', html), part
    assert ">Sd4</a>" in html and "Waiting for Black." in html
    assert 'id="steps"' not in html and 'id="board-wrap"' not in html  # the script moves "back"


def test_a_page_on_another_board_gets_the_whole_board(active_game, client_of, ann, bob):
    game, players = active_game, [client_of(ann), client_of(bob)]
    # No revision sent (a page without scripts, an old page), one behind, one ahead.
    for ply, (move, base) in enumerate([("d3d4", None), ("e7e6", -1), ("a3a4", +5)]):
        revision = None if base is None else game.revision + base
        answer = post(players[ply % 2], game, move, revision).content.decode()
        assert answer.startswith('<div id="live"') and "data-update-base" not in answer
        assert answer.count('<a id="ply-') == ply + 1  # the whole list
        game = Game.objects.get(pk=game.pk)


def test_a_malformed_revision_is_refused_and_nothing_is_played(active_game, client_of, ann):
    for revision in ("x", "-1", "٣", "9" * 40):
        response = client_of(ann).post(
            f"/g/{active_game.public_id}/move/",
            {"move": "d3d4", "ply": "0", "revision": revision},
            **HTMX,
        )
        assert response.status_code == 400 and "the revision" in response.content.decode()
    assert Game.objects.get(pk=active_game.pk).ply == 0


def test_the_list_grows_by_one_move_a_row_at_a_time(active_game, client_of, ann, bob):
    game, players = active_game, [client_of(ann), client_of(bob)]
    line = ["d3d4", "e7e6", "a3a4", "d7d6"]
    updates = []
    for ply, move in enumerate(line):
        updates.append(post(players[ply % 2], game, move, game.revision).content.decode())
        game = Game.objects.get(pk=game.pk)
    # The first two moves send the whole (short) list; then the fourth, Black's, joins row 2,
    # marked as the one shown (the page's script takes the mark off the move before it).
    assert re.search(r'<ol id="moves" class="moves"[^>]* hx-swap-oob="true">', updates[1])
    fourth = updates[3]
    assert '<li id="row-2" hx-swap-oob="beforeend"><a id="ply-4"' in fourth
    assert 'aria-current="step"' in re.search(r'<a id="ply-4"[^>]*>', fourth).group()
    assert '<a id="ply-3"' not in fourth
    third = updates[2]
    assert '<ol id="moves" hx-swap-oob="beforeend"><li id="row-2" value="2"><a id="ply-3"' in third


def test_a_move_added_to_the_list_is_spaced_as_the_whole_list_spaces_it(
    active_game, client_of, ann, bob
):
    """Each link in a row is followed by a space in the whole list; a move that opens a row, sent
    alone, must be too, or the next move is added hard against it ("Sd4e6")."""
    game, players = active_game, [client_of(ann), client_of(bob)]
    for ply, move in enumerate(["d3d4", "e7e6", "a3a4"]):
        third = post(players[ply % 2], game, move, game.revision).content.decode()
        game = Game.objects.get(pk=game.pk)
    whole = client_of(ann).get(f"/g/{game.public_id}/").content.decode()
    assert re.search(r'<a id="ply-3"[^>]*>[^<]*</a> </li>', whole)
    assert re.search(r'<a id="ply-3"[^>]*>[^<]*</a> </li></ol>', third)


def empire_update_sizes(ann, bob, points):
    """The bytes of each update in an Empire game on a 19×19 board along `points`."""
    game = games.join(
        games.create(ann, "empire", "white", "seek", {"width": 19, "height": 19}), bob
    )
    players, sizes = [ann, bob], []
    for ply, point in enumerate(points):
        game = moves.submit(game.public_id, players[ply % 2], point, ply)
        sizes.append(len(updates.update_html(game, 1 - ply % 2)))
    return game, sizes


def test_an_empire_placement_adds_one_stone_and_the_update_does_not_grow(ann, bob):
    # Stones along the edges, far from each other: no capture, no area.
    points = [f"{c}{r}" for r in (1, 19) for c in "acegikmoqs"] + ["a3", "s3", "a17", "s17"]
    game, sizes = empire_update_sizes(ann, bob, points)
    html = updates.update_html(game, 0)
    assert 'id="board-wrap"' not in html  # not the whole board
    assert html.count('class="stone') == 1 and 'aria-label="s17, cross"' in html
    assert '<svg hx-swap-oob="beforeend:#stones"><g class="stone crosses"' in html
    assert 'hx-swap-oob="innerHTML:#last-move"' in html and "last move, s17" in html
    assert '<span id="point-click" hidden data-move-url=' in html  # circles to play
    assert max(sizes[2:]) <= 1.05 * sizes[2]


def test_a_capture_in_empire_draws_the_board_again(ann, bob):
    game = games.join(games.create(ann, "empire", "white", "seek", {"width": 8, "height": 8}), bob)
    players = [ann, bob]
    for ply, point in enumerate(["c2", "h8", "d3", "h7", "c4", "c3", "b3"]):
        game = moves.submit(game.public_id, players[ply % 2], point, ply)
    html = updates.update_html(game, 1)
    assert '<div id="board-wrap" class="board-wrap" hx-swap-oob="true">' in html
    assert 'aria-label="c3, captured cross"' in html and 'class="area area-circles"' in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_socket_is_sent_the_update_only_when_it_has_the_board_before(
    active_game, ann, bob, monkeypatch
):
    watching = await connect(active_game, bob)
    assert 'id="live"' in await watching.receive_from()
    await database_sync_to_async(moves.submit)(active_game.public_id, ann, "d3d4", 0)
    update = await watching.receive_from()
    assert "data-update-base" in update and 'id="live"' not in update and ">Sd4</a>" in update
    # A push that never reached it: the next move's update would not fit its page.
    with monkeypatch.context() as lost:
        lost.setattr(updates, "broadcast", lambda *args, **kwargs: None)
        await database_sync_to_async(moves.submit)(active_game.public_id, bob, "e7e6", 1)
    await database_sync_to_async(moves.submit)(active_game.public_id, ann, "a3a4", 2)
    whole = await watching.receive_from()
    assert whole.startswith('<div id="live" hx-swap-oob="true"') and "data-update-base" not in whole
    assert ">e6</a>" in whole and ">a4</a>" in whole
    await watching.disconnect()


@pytest.mark.django_db(transaction=True)
def test_a_moves_updates_draw_from_the_position_it_was_played_on(ann, bob, monkeypatch):
    # Both seats' updates compare the board before the move with the board after it: the
    # position the move service played it on, not a position read back (on a 32×32 Empire
    # board, each read was a tenth of a move's work).
    game = games.join(games.create(ann, "empire", "white", "seek"), bob)
    game = moves.submit(game.public_id, ann, "a1", 0)
    read = []
    empire = game.rules
    monkeypatch.setattr(
        empire, "parse", lambda text: read.append(text) or type(empire).parse(empire, text)
    )
    game = moves.submit(game.public_id, bob, "b1", 1)  # its commit draws both seats' updates
    assert read == []
    assert "last move, b1" in updates.update_html(game, 0)


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_moves_push_that_arrives_after_a_later_one_sends_nothing(
    active_game, ann, bob, monkeypatch
):
    """Pushes can cross on the way: a move's push that comes after the board of a later
    revision brings the page nothing, and drawing the board again would take the player's
    choice of a piece off it as they make their move."""
    from types import SimpleNamespace

    from play.push import live

    watching = await connect(active_game, bob)
    assert 'id="live"' in await watching.receive_from()
    pushed = []

    def held(game, *args, **kwargs):
        pushed.append(
            (SimpleNamespace(public_id=game.public_id, revision=game.revision), args, kwargs)
        )

    with monkeypatch.context() as lost:
        lost.setattr(updates, "broadcast", held)
        await database_sync_to_async(moves.submit)(active_game.public_id, ann, "d3d4", 0)
        await database_sync_to_async(moves.submit)(active_game.public_id, bob, "e7e6", 1)
    for game, args, kwargs in reversed(pushed):  # the later move's pushes first
        await database_sync_to_async(live.broadcast)(game, *args, **kwargs)
    whole = await watching.receive_from()
    assert whole.startswith('<div id="live" hx-swap-oob="true"') and ">e6</a>" in whole
    # The next thing the socket sends is the chat said after: no second board before it.
    await database_sync_to_async(live.send)(
        live.group_name(active_game.public_id), {"type": "chat.update"}
    )
    assert 'id="live"' not in await watching.receive_from()
    await watching.disconnect()
