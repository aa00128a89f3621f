"""The game socket: a browser watching a game gets the live fragment at once, then again
after every change. A reconnect is just a new connect, so a missed push heals itself.
After a move, a socket that was sent the revision before is sent only what the move changed.
A player's clicks send their moves over it too (play/round/playing.py, as the POST does).
Each socket is sent its page's language (play/common/language.of_socket).
The page names what it drew in the address (`?drawn=`, presenter.drawn): if the game, its
chat and the seat's premove are as drawn, the first message is blank (the page is in step
and draws nothing again); else it is the board and the chat. The address is the same when
the socket reconnects, so a page that missed a push is sent the current state then too."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from functools import partial
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.core.cache import cache
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from play.accounts.sockets import ClosedWithItsLogin
from play.common import language, limits
from play.common.errors import Refused
from play.common.lru import LRU
from play.models import PUBLIC_ID, Game
from play.push import presence
from play.push.live import group_name
from play.push.sockets import ForwardWithoutThreadHop, InGroups, unsent
from play.round import chat, moves, playing, presenter, updates

log = logging.getLogger("imperia.live")
DRAWN = re.compile(rf"[0-9a-f]{{{presenter.DRAWN_DIGITS}}}")
# The first message to a page as the game stands: nothing to draw, yet a message, which says
# the socket is in step; a blank, as daphne sends no empty frame.
IN_STEP = "\n"
# A move's updates drawn by this process's sockets: (public id, revision, seat, language,
# turned over) -> its parts, or () for a game that had moved on; and those being drawn.
_UPDATES = LRU(512)
_drawing: dict[tuple, asyncio.Future] = {}
MOST_SENT = 2000  # characters of a message a page sends on the game socket: a move is far less


class GameConsumer(
    ClosedWithItsLogin, InGroups, presence.Marked, ForwardWithoutThreadHop, AsyncWebsocketConsumer
):
    """Async, so that forwarding a board drawn elsewhere never waits for the thread that runs
    the views; only a board not drawn yet for this socket's view is drawn here."""

    language = settings.LANGUAGE_CODE  # the page's, once connect() has read it

    async def connect(self):
        self.public_id = self.scope["url_route"]["kwargs"]["public_id"]
        self.drawn = told(self.scope.get("query_string", b""))
        # No group may be named after a malformed id.
        if not PUBLIC_ID.fullmatch(self.public_id) or self.drawn is None:
            await self.close(code=4400)
            return
        # In the group before the board is read: a move committed after the read is pushed
        # after this first message, never lost between the two.
        await self.join(group_name(self.public_id), *self.account_groups())
        first = await database_sync_to_async(self._first_message)(self.public_id)
        if first is None:
            await self.leave()
            await self.close(code=4404)
            return
        await self.accept()
        # One message with the board and the chat: all a reconnecting page may have missed;
        # IN_STEP when the page is as drawn (data-game-socket says so: imperia.js).
        await self.send(text_data=first)
        if hasattr(self, "at_board"):  # marked as the board was read: renewed while open
            self.keep_marked(self.at_board)

    async def disconnect(self, code):
        await self.unmark()
        await super().disconnect(code)

    async def game_update(self, event):
        if "to" in event and self.seat not in event["to"]:
            return
        revision, moved = event.get("revision", 0), event.get("moved", False)
        # Pushes can cross on the way: one older than the board this socket sent, or a move
        # it already has, brings nothing, and drawing the board again would take the
        # player's choice of a piece off it. (A change that keeps the revision, a premove
        # kept, still comes.)
        if revision < self.revision or (moved and revision == self.revision):
            return
        # A board turned over, or drawn in another language, is not among those drawn for the
        # seats: this socket draws its own.
        language, drawn = event.get("rendered", {}).get(str(self.seat)) or (None, None)
        if self.flipped or language != self.language:
            drawn = None
        # A move's update fits only a page that was sent the revision before it.
        if moved and revision == self.revision + 1:
            if drawn is None:
                drawn = await self._update(revision)
            if drawn is not None:
                self.revision = revision
                await self.send(text_data=unsent(drawn, self.sent))
                return
        elif drawn is not None and not moved:  # a whole board drawn elsewhere
            self.revision, self.sent = revision, {}
            await self.send(text_data=presenter.out_of_band(drawn))
            return
        html = await database_sync_to_async(self._draw)(revision)
        if html:
            await self.send(text_data=presenter.out_of_band(html))

    async def rejoined(self):
        """Back in the game's group after dropping out of it (Redis restarted or away): a push
        may have been missed, so the board as it stands, if it has moved since."""
        html = await database_sync_to_async(self._draw)(self.revision + 1)
        if html:
            await self.send(text_data=presenter.out_of_band(html))

    async def receive(self, text_data=None, bytes_data=None):
        """A move the page sends (`{"type": "move", "move": …, "ply": …, "revision": …}`), or a
        premove (`"type": "premove"`):
        the checks of the POST, then the same move service. The socket's origin was checked
        as it opened (what CSRF checks for a POST); its login is the page's. Played, it comes
        back as the move's push; refused, the board comes with why. Anything else is ignored."""
        if not text_data or len(text_data) > MOST_SENT:
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            return
        if isinstance(message, dict) and message.get("type") in ("move", "premove"):
            html = await database_sync_to_async(self._move)(message)
            if html:
                await self.send(text_data=html)

    def _move(self, message: dict) -> str | None:
        with translation.override(self.language):
            return self._move_in_language(message)

    def _move_in_language(self, message: dict) -> str | None:
        """A move, or a premove (`"type": "premove"`, as views.premove reads it: kept, it
        comes back as a push to the player's pages)."""
        user = self.scope["user"]
        try:
            # Counted first, as the POST's decorator counts every POST: junk costs a count too.
            limits.count("move", user, (self.scope.get("client") or [""])[0])
            if message["type"] == "premove":
                if not user.is_authenticated:
                    raise Refused(_("Log in to play."), 403)
                playing.premove(self.public_id, user, message)
                return None
            sent = playing.read(message)
            if not user.is_authenticated:
                raise Refused(_("Log in to play."), 403)
            if not sent.confirmed:
                shown = playing.to_confirm(_load(self.public_id), user, sent)
                if shown is not None:
                    return presenter.out_of_band(shown)
            moves.submit(self.public_id, user, sent.text, sent.ply, board_revision=sent.base)
        except Refused as exc:  # the board as it is, saying why, as a POST's 4xx answer does
            game = _load(self.public_id)
            if game is None:
                return None
            notice = (exc.message, exc.status)
            self.sent = {}  # the whole board: every part of the next update is sent
            return presenter.live_html(
                game, self.seat, notice=notice, oob=True, flipped=self.flipped
            )
        except Game.DoesNotExist:
            return None
        return None

    async def review_update(self, event):
        """The computer's review of the game: how far it has come (the page's progress bar),
        or, asked for, done or failed, the page fetches its card again, in its own words."""
        if event.get("redraw"):
            url = reverse("game-review", args=[self.public_id])
            html = (
                f'<div id="review-ready" hx-swap-oob="true" hx-get="{url}" hx-trigger="load" '
                'hx-target="#review" hx-swap="outerHTML"></div>'
            )
        else:
            done, positions = int(event["done"]), int(event["positions"])
            html = (
                f'<progress id="review-progress" hx-swap-oob="true" max="{positions}" '
                f'value="{done}">{done} / {positions}</progress>'
            )
        await self.send(text_data=html)

    async def chat_update(self, event):
        html = await database_sync_to_async(self._chat)()
        if html:
            await self.send(text_data=html)

    def _first_message(self, public_id) -> str | None:
        self.language = language.of_socket(self.scope)
        with translation.override(self.language):
            return self._first_board(public_id)

    def _first_board(self, public_id) -> str | None:
        game = _load(public_id)
        if game is None or not game.readable_by(self.scope["user"]):
            return None
        self.seat = presenter.seat_index(game, self.scope["user"])
        user = self.scope["user"]
        if self.seat is not None and user.is_authenticated:  # a player at the board
            self.at_board = presence.key(public_id, user.pk)
            cache.set(self.at_board, True, presence.SECONDS)
        self.flipped = self.scope.get("cookies", {}).get(presenter.FLIP_COOKIE + public_id) == "1"
        self.revision, self.sent = game.revision, {}
        if self.drawn == presenter.drawn(game, self.seat, self.flipped):
            return IN_STEP
        said = chat.html(game, self.scope["user"], oob=True)
        return presenter.live_html(game, self.seat, oob=True, flipped=self.flipped) + said

    def _draw(self, revision: int) -> str | None:
        """This socket's board as the game stands, whole, if it has reached `revision`."""
        game = _load(self.public_id)
        if game is None or game.revision < revision:
            return None
        self.revision, self.sent = game.revision, {}
        with translation.override(self.language):
            return presenter.live_html(game, self.seat, flipped=self.flipped)

    async def _update(self, revision: int):
        """The move's update for this socket's view, if the game is still at the revision the
        move made (else None: it is sent whole). Drawn once in this process for all its sockets
        of one view (a thousand spectators: one read of the game, one drawing), the others
        waiting for it."""
        key = (self.public_id, revision, self.seat, self.language, self.flipped)
        drawn = _UPDATES.get(key)
        if drawn is None:
            drawing = _drawing.get(key)
            if drawing is None or drawing.get_loop() is not asyncio.get_running_loop():
                drawing = asyncio.ensure_future(database_sync_to_async(_draw_update)(*key))
                drawing.add_done_callback(partial(_update_drawn, key))
                _drawing[key] = drawing
            drawn = await asyncio.shield(drawing)
        return drawn or None

    def _chat(self) -> str | None:
        game = _load(self.public_id)
        if game is None:
            return None
        with translation.override(self.language):
            return chat.html(game, self.scope["user"], oob=True)


def told(query_string: bytes) -> str | None:
    """What the page says it drew, from `?drawn=` ("" when it does not say; None when
    malformed)."""
    try:
        values = parse_qs(query_string.decode("ascii"), max_num_fields=1).get("drawn", [""])
    except (UnicodeDecodeError, ValueError):
        return None
    return values[0] if len(values) == 1 and (not values[0] or DRAWN.fullmatch(values[0])) else None


def _draw_update(public_id, revision, seat, language, flipped):
    game = _load(public_id)
    if game is None or game.revision != revision:
        return ()  # moved on: the socket draws the board whole
    with translation.override(language):
        return updates.update_parts(game, seat, flipped)


def _update_drawn(key, drawing: asyncio.Future) -> None:
    if _drawing.get(key) is drawing:
        del _drawing[key]
    if not drawing.cancelled() and drawing.exception() is None:
        _UPDATES.put(key, drawing.result())


def _load(public_id) -> Game | None:
    game = Game.objects.filter(public_id=public_id).first()
    return presenter.with_view_related(game) if game else None
