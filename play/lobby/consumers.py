"""The home page's socket: the small boards it shows, each redrawn as its game moves. The page
names its games in the address, each with the revision it was drawn at (`/ws/now/?games=id:3,
id:7`; a tournament's top game names its id alone), so the socket redraws exactly the boards
the page has; its first message redraws those whose game changed since the page was drawn
(or whose revision it was not told), so a move made between the page and the socket is not
missed, and a page whose boards are all current is not made to draw them again."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from play.common import language, numbers
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
        first = await database_sync_to_async(self._pictures)(list(self.public_ids), True)
        if first:
            await self.send(text_data=first)

    async def game_update(self, event):
        public_id, revision = event.get("game"), event.get("revision")
        if public_id not in self.public_ids:
            return
        # A premove kept tells the game's group at the same revision: a board the page has
        # at this revision is not sent again.
        shown = self.public_ids[public_id]
        if shown is not None and revision is not None and revision <= shown:
            return
        self.public_ids[public_id] = revision
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

    def _pictures(self, public_ids: list[str], changed_only: bool = False) -> str:
        games = watching.shown(public_ids)
        if changed_only:
            games = [game for game in games if game.revision != self.public_ids[game.public_id]]
        with translation.override(self.language):
            return "".join(pictures.picture(game, oob=True) for game in games)


def named(query_string: bytes) -> dict[str, int | None] | None:
    """The games the page shows, each with the revision it shows (None: not said), from
    `?games=id:3,id`: None when malformed or too many."""
    try:
        values = parse_qs(query_string.decode("ascii"), max_num_fields=2).get("games", [""])
    except (UnicodeDecodeError, ValueError):
        return None
    items = [i.split(":") for i in values[0].split(",") if i] if len(values) == 1 else None
    if items is None or len(items) > MOST_GAMES:
        return None
    games = {}
    for public_id, *revision in items:
        if not PUBLIC_ID.fullmatch(public_id) or len(revision) > 1:
            return None
        try:
            shown = (
                numbers.whole(revision[0], "the revision", numbers.MOST_REVISIONS)
                if revision
                else None
            )
        except numbers.Malformed:
            return None
        games.setdefault(public_id, shown)
    return games
