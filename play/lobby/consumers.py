"""The home page's socket: the small boards it shows, each redrawn as its game moves. The page
names its games in the address (`/ws/now/?games=id,id`), so the socket redraws exactly the
boards the page has; its first message redraws them all, so a move made between the page and
the socket is not missed."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from play.common import language
from play.lobby import watching
from play.models import PUBLIC_ID
from play.push.live import group_name
from play.push.sockets import ForwardWithoutThreadHop, InGroups
from play.round import pictures

MOST_GAMES = 5 + watching.SHOWN_NOW  # the cards' and the others'


class NowPlayingConsumer(InGroups, ForwardWithoutThreadHop, AsyncWebsocketConsumer):
    async def connect(self):
        self.public_ids = named(self.scope.get("query_string", b""))
        if self.public_ids is None:
            await self.close(code=4400)
            return
        # The page's language (its session, cookie or browser's): the boards' words in it.
        self.language = await database_sync_to_async(language.of_socket)(self.scope)
        await self.join(*(group_name(public_id) for public_id in self.public_ids))
        await self.accept()
        first = await database_sync_to_async(self._pictures)(self.public_ids)
        if first:
            await self.send(text_data=first)

    async def game_update(self, event):
        public_id, revision = event.get("game"), event.get("revision")
        if public_id not in self.public_ids:
            return
        # Drawn once for every home page in a language on this server, the first to ask
        # drawing it.
        with translation.override(self.language):
            html = pictures.drawn(public_id, revision, oob=True)
        if html is None:
            html = await database_sync_to_async(self._pictures)([public_id])
        if html:
            await self.send(text_data=html)

    async def chat_update(self, event):
        """A game's chat is its page's, not the home page's."""

    def _pictures(self, public_ids: list[str]) -> str:
        with translation.override(self.language):
            return "".join(pictures.picture(game, oob=True) for game in watching.shown(public_ids))


def named(query_string: bytes) -> list[str] | None:
    """The games the page shows, from `?games=id,id`: None when malformed or too many."""
    try:
        values = parse_qs(query_string.decode("ascii"), max_num_fields=2).get("games", [""])
    except (UnicodeDecodeError, ValueError):
        return None
    ids = [i for i in values[0].split(",") if i] if len(values) == 1 else None
    if ids is None or len(ids) > MOST_GAMES or not all(PUBLIC_ID.fullmatch(i) for i in ids):
        return None
    return list(dict.fromkeys(ids))
