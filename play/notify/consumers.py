"""The player's own socket, on every page: the bell, and the words that reach them anywhere."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.template.loader import render_to_string
from django.utils import translation

from play.accounts.sockets import ClosedWithItsLogin
from play.common import language
from play.notify import dashboard
from play.notify.notify import user_group
from play.push import presence
from play.push.sockets import ForwardWithoutThreadHop, InGroups, unsent

COUNTER = '<a id="'  # how each counter of bell.html begins


class PlayerConsumer(
    ClosedWithItsLogin, InGroups, presence.Marked, ForwardWithoutThreadHop, AsyncWebsocketConsumer
):
    """A logged-in player's own socket, on every page: the bell and the "your turn" count;
    while it is open, its player is online for those who follow them. Async like the game
    socket: only counting and drawing the bell takes a thread."""

    dropped_on_close = False  # the player may have another page open: the mark lapses

    @classmethod
    def mark_all(cls, keys: list[str]) -> None:
        """Their players online (each key: a player's id)."""
        presence.online(*map(int, keys))

    async def connect(self):
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.close(code=4403)
            return
        self.sent: dict[str, str] = {}  # each counter as last sent to the page
        await self.join(user_group(user.pk), *self.account_groups())
        await self.accept()
        await self.mark(str(user.pk))
        await self.bell_update({})

    async def bell_update(self, event):
        """The counters that changed since this page was last sent them: in a live game the
        player to move is told after every move of it, and the counts mostly stand."""
        counters = await database_sync_to_async(self._bell)()
        changed = unsent(counters, self.sent)
        if changed:
            await self.send(text_data=changed)

    async def pool_paired(self, event):
        """Quick pairing found an opponent: the waiting page opens the game."""
        await self.send(text_data=event["html"])

    async def letter_new(self, event):
        """A private message came: shown where its conversation is open, and counted."""
        await self.send(text_data=event["html"])
        await self.bell_update({})

    async def evaluation_ready(self, event):
        """An evaluation asked for is answered: the asking page shows it in place."""
        await self.send(text_data=event["html"])

    def _bell(self) -> list[tuple[str, str]]:
        """Each counter (its id, its link), drawn in the language the player's page reads in."""
        user = self.scope["user"]
        with translation.override(language.of_socket(self.scope)):
            counts = dashboard.counts(user)
            html = render_to_string("play/partials/bell.html", {"counts": counts, "oob": True})
        return [(link.split('"', 1)[0], COUNTER + link.strip()) for link in html.split(COUNTER)[1:]]
