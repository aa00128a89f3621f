"""The game socket: fragment on connect, a push after each change, healing on reconnect."""

import asyncio
import html
import re
import threading

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from imperia_site.asgi import application
from play.games import games
from play.notify import notify
from play.push import presence, sockets
from play.round import chat, consumers, moves, offers, presenter, updates

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(game, user=None, timeout=1, path=None):
    headers = [(b"origin", b"http://127.0.0.1")]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    path = path or f"/ws/g/{game.public_id}/"
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout)
    assert connected
    return communicator


@pytest.fixture
def game(ann, bob):
    return games.join(games.create(ann, "empire-chess", "white", "seek"), bob)


async def test_connect_sends_the_current_fragment_for_my_seat(game, bob):
    socket = await connect(game, bob)
    html = await socket.receive_from()
    assert 'id="live"' in html and 'hx-swap-oob="true"' in html
    assert "Black at the bottom" in html and "Waiting for White." in html
    await socket.disconnect()


async def test_players_and_spectators_see_each_move_and_offer(game, ann, bob):
    player, spectator = await connect(game, bob), await connect(game)
    await player.receive_from()
    await spectator.receive_from()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    assert ">Sd4</a>" in await player.receive_from()
    html = await spectator.receive_from()
    assert ">Sd4</a>" in html and "Black to move." in html
    await database_sync_to_async(offers.act)(game, ann, "offer")
    assert "Your opponent offers a draw." in await player.receive_from()
    await database_sync_to_async(games.resign)(game, bob)
    await spectator.receive_from()  # the offer, then the result
    assert "White wins (resignation)." in await spectator.receive_from()
    await player.disconnect()
    await spectator.disconnect()


async def test_a_page_open_past_the_layers_group_expiry_still_gets_the_moves(
    game, ann, bob, monkeypatch
):
    """Channel layers drop group members after group_expiry (a minute); a correspondence page
    stays open for days. Here the expiry is one second, the socket open for three."""
    from channels.layers import get_channel_layer

    monkeypatch.setattr(get_channel_layer(), "group_expiry", 1)
    player = await connect(game, bob)
    await player.receive_from()
    await asyncio.sleep(3)
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    assert ">Sd4</a>" in await player.receive_from()
    await player.disconnect()


async def test_a_socket_whose_consumer_failed_stops_rejoining_its_group(game, bob, monkeypatch):
    from channels.layers import get_channel_layer

    from play.push.live import group_name
    from play.round.consumers import GameConsumer

    consumers, join = [], GameConsumer.join

    async def joining(self, *groups):
        consumers.append(self)
        await join(self, *groups)

    monkeypatch.setattr(GameConsumer, "join", joining)
    socket = await connect(game, bob)
    await socket.receive_from()
    await get_channel_layer().group_send(group_name(game.public_id), {"type": "no.such.event"})
    with pytest.raises(ValueError, match="No handler"):  # the consumer failed
        await socket.receive_from()
    await asyncio.sleep(0)
    assert consumers[0] not in sockets._in_groups.open
    assert consumers[0] not in presence._marked.open


async def test_a_servers_open_sockets_renew_their_groups_and_marks_all_at_once(
    game, ann, bob, monkeypatch
):
    """One renewal for all of a server's open sockets, not a round trip and a task each."""
    from channels.layers import get_channel_layer

    layer, renewed, marked, threads = get_channel_layer(), [], [], set()
    renew, mark_all = layer.group_renew, consumers.GameConsumer.mark_all

    async def renewing(memberships):
        renewed.append(sorted(memberships))
        return await renew(memberships)

    def marking(keys):
        marked.append(sorted(keys))
        threads.add(threading.current_thread())
        mark_all(keys)

    monkeypatch.setattr(layer, "group_renew", renewing)
    monkeypatch.setattr(layer, "group_expiry", 0.3)  # renewed every 0.1 s
    monkeypatch.setattr(presence, "SECONDS", 0.3)
    monkeypatch.setattr(consumers.GameConsumer, "mark_all", staticmethod(marking))
    sockets_open = [await connect(game, ann), await connect(game, bob), await connect(game)]
    for socket in sockets_open:
        await socket.receive_from()
    at_board = sorted(presence.key(game.public_id, user.pk) for user in (ann, bob))

    def each_renewed_at_once():
        # Every socket's game group in one renewal (the players' in their accounts' too), and
        # the players' marks in one call (a spectator has none).
        return (
            any(
                len({channel for group, channel in each if group.startswith("game-")}) == 3
                for each in renewed
            )
            and at_board in marked
        )

    async def renewals():
        while not each_renewed_at_once():
            await asyncio.sleep(0.05)

    await asyncio.wait_for(renewals(), 10)
    # Not on the thread every socket's moves and boards wait for.
    assert await database_sync_to_async(threading.current_thread)() not in threads
    for socket in sockets_open:
        await socket.disconnect()


async def test_a_closed_socket_is_freed_as_it_closes_with_no_cycle_left_to_collect(
    game, bob, monkeypatch
):
    """A server holds thousands of sockets: a full collection walks them all, a second or more
    with the loop stopped. What a closed one leaves must go as it closes, not wait for that."""
    import gc
    import weakref

    from play.round.consumers import GameConsumer

    consumers, join = [], GameConsumer.join

    async def joining(self, *groups):
        consumers.append(weakref.ref(self))
        await join(self, *groups)

    async def opened_and_closed():
        socket = await connect(game, bob)
        await socket.receive_from()
        await socket.disconnect()

    monkeypatch.setattr(GameConsumer, "join", joining)
    # Not the first sockets, which open the connections to Redis: a server keeps them.
    await opened_and_closed()
    await opened_and_closed()
    gc.collect()
    gc.disable()
    try:
        await opened_and_closed()
        for _ in range(10):  # the closing handed round the loop
            await asyncio.sleep(0)
        assert consumers[-1]() is None
    finally:
        gc.enable()


async def test_after_a_move_each_socket_gets_one_board_drawn_for_its_own_view(game, ann, bob):
    mover, opponent, spectator = (
        await connect(game, ann),
        await connect(game, bob),
        await connect(game),
    )
    for socket in (mover, opponent, spectator):
        await socket.receive_from()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    assert "Your turn." in await opponent.receive_from()
    assert "Waiting for Black." in await mover.receive_from()
    html = await spectator.receive_from()
    assert "Black to move." in html and "Your turn" not in html
    for socket in (mover, opponent, spectator):
        assert await socket.receive_nothing()
        await socket.disconnect()


async def test_a_moves_update_for_many_spectators_is_drawn_once_from_one_read(
    game, ann, monkeypatch
):
    reads, load = [], consumers._load
    monkeypatch.setattr(
        consumers, "_load", lambda public_id: reads.append(public_id) or load(public_id)
    )
    spectators = [await connect(game) for _ in range(12)]
    for socket in spectators:
        await socket.receive_from()
    reads.clear()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    pushes = [await socket.receive_from() for socket in spectators]
    assert reads == [game.public_id]
    assert len(set(pushes)) == 1 and ">Sd4</a>" in pushes[0] and "Black to move." in pushes[0]
    for socket in spectators:
        assert await socket.receive_nothing()
        await socket.disconnect()


async def test_a_reconnecting_socket_gets_what_it_missed_at_once(game, ann, bob):
    socket = await connect(game, bob)
    await socket.receive_from()
    await socket.disconnect()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)  # missed while away
    socket = await connect(game, bob)
    assert ">Sd4</a>" in await socket.receive_from()
    await socket.disconnect()


def socket_address(game, user) -> str:
    """The address the game's page, as `user` opens it, gives its socket."""
    client = Client()
    client.force_login(user)
    page = client.get(game.get_absolute_url()).content.decode()
    return html.unescape(re.search(r'ws-connect="(/ws/g/[^"]+)"', page).group(1))


async def test_a_page_already_current_is_not_sent_its_board_again(game, bob):
    address = await database_sync_to_async(socket_address)(game, bob)
    socket = await connect(game, bob, path=address)
    assert await socket.receive_from() == consumers.IN_STEP  # in step: nothing to draw again
    await socket.disconnect()


async def test_a_page_drawn_before_a_move_or_a_message_is_sent_the_board_and_chat(game, ann, bob):
    address = await database_sync_to_async(socket_address)(game, bob)
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    socket = await connect(game, bob, path=address)
    first = await socket.receive_from()
    assert ">Sd4</a>" in first and 'id="chat-log"' in first
    await socket.disconnect()
    address = await database_sync_to_async(socket_address)(game, bob)
    await database_sync_to_async(chat.post)(game, ann, "Good luck")
    socket = await connect(game, bob, path=address)
    assert "Good luck" in await socket.receive_from()
    await socket.disconnect()


async def test_a_socket_reconnecting_after_a_missed_push_is_sent_the_board(game, ann, bob):
    address = await database_sync_to_async(socket_address)(game, bob)
    socket = await connect(game, bob, path=address)
    assert await socket.receive_from() == consumers.IN_STEP
    await socket.disconnect()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)  # missed while away
    socket = await connect(game, bob, path=address)  # the same address, as htmx reconnects
    assert ">Sd4</a>" in await socket.receive_from()
    await socket.disconnect()


@pytest.mark.parametrize("drawn", ["xyz", "0" * 17, "ABCDEF0123456789"])
async def test_a_malformed_drawn_is_refused(game, drawn):
    communicator = WebsocketCommunicator(
        application,
        f"/ws/g/{game.public_id}/?drawn={drawn}",
        headers=[(b"origin", b"http://127.0.0.1")],
    )
    connected, code = await communicator.connect()
    assert not connected and code == 4400


async def test_unknown_game_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/g/nope/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    connected, code = await communicator.connect()
    assert not connected and code == 4404


async def test_the_players_own_socket_counts_turns_and_notifications(game, ann, bob):
    headers = [(b"origin", b"http://127.0.0.1")]
    headers.append((b"cookie", await database_sync_to_async(session_cookie)(bob)))
    socket = WebsocketCommunicator(application, "/ws/me/", headers=headers)
    assert (await socket.connect())[0]
    html = await socket.receive_from()
    assert 'id="bell"' in html and 'hx-swap-oob="true"' in html
    assert "Notifications, 1 unread" in html and "your move: 0" in html
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    html = await socket.receive_from()
    assert "Notifications, 2 unread" in html and "your move: 1" in html
    await socket.disconnect()


async def test_the_players_own_socket_sends_only_the_counters_a_live_move_changed(ann, bob):
    # At the board the player to move is told after every move; the counters mostly stand.
    live = {"kind": "live", "minutes": 5, "increment": 3}
    made = await database_sync_to_async(games.create)(
        ann, "empire-chess", "white", "seek", time_control=live
    )
    game = await database_sync_to_async(games.join)(made, bob)
    headers = [(b"origin", b"http://127.0.0.1")]
    headers.append((b"cookie", await database_sync_to_async(session_cookie)(bob)))
    socket = WebsocketCommunicator(application, "/ws/me/", headers=headers)
    assert (await socket.connect())[0]
    assert (await socket.receive_from()).count('<a id="') == 3
    for ply, (mover, move) in enumerate([(ann, "d3d4"), (bob, "d7d5"), (ann, "e3e4")]):
        await database_sync_to_async(moves.submit)(game.public_id, mover, move, ply)
        if ply == 0:
            sent = await socket.receive_from()
            assert sent.startswith('<a id="turn-count"') and sent.count('<a id="') == 1
            assert "your move: 1" in sent
    # Bob's count is 1 again after the third move: nothing was sent for it, so what comes
    # next is the next change alone.
    await database_sync_to_async(notify.tell)(bob, "started", "A notice", game)
    sent = await socket.receive_from()
    assert sent.startswith('<a id="bell"') and sent.count('<a id="') == 1
    await socket.disconnect()


async def test_anonymous_visitors_have_no_player_socket():
    socket = WebsocketCommunicator(
        application, "/ws/me/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    connected, code = await socket.connect()
    assert not connected and code == 4403


async def test_a_move_made_while_a_socket_connects_still_reaches_it(game, ann, bob, monkeypatch):
    """The board is read as the socket connects; a move committed just after that read must
    still be pushed to it, not fall between the read and the joining of the game's group."""
    from play.round.consumers import GameConsumer

    read = GameConsumer._first_message

    def read_then_a_move_lands(self, public_id):
        first = read(self, public_id)
        if not getattr(read_then_a_move_lands, "done", False):
            read_then_a_move_lands.done = True
            moves.submit(game.public_id, ann, "d3d4", 0)
        return first

    monkeypatch.setattr(GameConsumer, "_first_message", read_then_a_move_lands)
    socket = await connect(game, bob)
    assert 'data-ply="0"' in await socket.receive_from()
    assert 'data-ply="1"' in await socket.receive_from(timeout=5)
    await socket.disconnect()


async def test_a_board_drawn_by_the_mover_is_forwarded_without_a_thread(game, bob, monkeypatch):
    """Forwarding is the event loop's work alone: a thread hop per socket would queue every
    push behind one worker thread."""
    from asgiref.sync import SyncToAsync
    from channels.layers import get_channel_layer

    from play.push.live import group_name

    socket = await connect(game, bob)
    await socket.receive_from()
    revision = game.revision + 1  # a move's update, for the revision after the one sent
    hops, call = [], SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        hops.append(self.func)
        return await call(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    update = [["live-said", "new"]]
    drawn = {"1": ("en", update)}
    event = {"type": "game.update", "revision": revision, "rendered": drawn, "moved": True}
    await get_channel_layer().group_send(group_name(game.public_id), {**event, "to": [1]})
    assert "new" in await socket.receive_from()
    # A whole board drawn elsewhere (not a move's update: bench/traced.py's null move) too.
    drawn = {"1": ("en", '<div id="live">whole')}
    whole = {"type": "game.update", "revision": 9, "rendered": drawn}
    await get_channel_layer().group_send(group_name(game.public_id), {**whole, "to": [1]})
    assert "whole" in await socket.receive_from()
    assert hops == []
    await socket.disconnect()


async def test_the_ping_socket_echoes_through_the_channel_layer_at_most_64_characters():
    socket = WebsocketCommunicator(
        application, "/ws/ping/", headers=[(b"origin", b"http://127.0.0.1")]
    )
    assert (await socket.connect())[0]
    await socket.send_to(text_data="ping")
    assert await socket.receive_from() == "ping"
    await socket.send_to(text_data="x" * 1000)
    assert await socket.receive_from() == "x" * 64
    await socket.disconnect()


async def test_a_board_turned_over_is_drawn_turned_on_its_socket(game, ann, bob):
    cookie = await database_sync_to_async(session_cookie)(ann)
    headers = [(b"origin", b"http://127.0.0.1")]
    headers.append((b"cookie", cookie + f"; flip-{game.public_id}=1".encode()))
    turned = WebsocketCommunicator(application, f"/ws/g/{game.public_id}/", headers=headers)
    assert (await turned.connect(1))[0]
    upright = await connect(game, ann)
    assert "Black at the bottom" in await turned.receive_from()
    assert "White at the bottom" in await upright.receive_from()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    pushed, straight = await turned.receive_from(), await upright.receive_from()
    # Each its own squares: where d4 stands on the picture depends on which way it is turned.
    assert ">Sd4</a>" in pushed and 'data-square="d4"' in pushed and pushed != straight
    drawn = await database_sync_to_async(
        lambda: updates.update_html(
            presenter.with_view_related(game.__class__.objects.get(pk=game.pk)), 0, True
        )
    )()
    assert pushed == drawn
    await turned.disconnect()
    await upright.disconnect()


async def test_no_your_turn_notice_while_the_players_page_is_open(ann, bob):
    """Correspondence: bob at the board is not told of ann's move; with his page closed, he is."""
    from play.models import Notification

    days = {"kind": "days", "days": 3}
    game = await database_sync_to_async(
        lambda: games.join(games.create(ann, "empire-chess", "white", "seek", None, days), bob)
    )()
    watching = await connect(game, bob)
    await watching.receive_from()
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    await watching.receive_from()
    told = database_sync_to_async(
        lambda: Notification.objects.filter(user=bob, kind="your-turn").count()
    )
    assert await told() == 0
    await watching.disconnect()
    await database_sync_to_async(moves.submit)(game.public_id, bob, "e7e5", 1)
    await database_sync_to_async(moves.submit)(game.public_id, ann, "c3c4", 2)
    assert await told() == 1


async def forget_groups(layer) -> None:
    """What a Redis restarted empty does to the sockets: every group forgotten."""
    if hasattr(layer, "groups"):  # in memory
        layer.groups.clear()
    else:
        await layer.connection(0).flushdb()


async def test_a_socket_that_lost_its_group_is_sent_the_board_it_missed(
    game, ann, bob, monkeypatch
):
    """Redis restarted empty: the move's push reached no socket. Renewing its membership,
    the socket finds itself out of the group and is sent the board as it stands."""
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    monkeypatch.setattr(layer, "group_expiry", 0.6)  # renewed every 0.2 s
    player = await connect(game, bob)
    await player.receive_from()
    await forget_groups(layer)
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    html = await player.receive_from(timeout=5)
    assert ">Sd4</a>" in html and "Your turn." in html
    await player.disconnect()


async def test_a_push_that_fails_once_is_sent_again(game, ann, bob, monkeypatch):
    from channels.layers import get_channel_layer

    layer, failed = get_channel_layer(), []
    send = layer.group_send

    async def fails_once(group, message):
        if not failed:
            failed.append(group)
            raise ConnectionError("Connection closed by server.")
        await send(group, message)

    player = await connect(game, bob)
    await player.receive_from()
    monkeypatch.setattr(layer, "group_send", fails_once)
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    assert ">Sd4</a>" in await player.receive_from()
    assert failed == [f"game-{game.public_id}"]
    await player.disconnect()


async def test_a_push_that_cannot_be_sent_closes_the_games_sockets_to_reconnect(
    game, ann, bob, monkeypatch
):
    """Redis away: the page's socket is closed with "service restart", so that the page opens
    it again and is sent the board as it stands."""
    from channels.layers import get_channel_layer

    async def down(group, message):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    player = await connect(game, bob)
    await player.receive_from()
    monkeypatch.setattr(get_channel_layer(), "group_send", down)
    await database_sync_to_async(moves.submit)(game.public_id, ann, "d3d4", 0)
    assert await player.receive_output(timeout=5) == {"type": "websocket.close", "code": 1012}
    monkeypatch.undo()
    again = await connect(game, bob)
    assert ">Sd4</a>" in await again.receive_from()
    await again.disconnect()
