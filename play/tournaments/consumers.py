"""A tournament page's socket: the standings, drawn once by the sweeper when they changed and
sent to every page (at most once a sweeper's pass, however many games ended); the game shown
live when another takes its place; the chat's messages. A push comes drawn in one language:
a socket whose reader reads another draws it again in theirs (the page names it in the
socket's address), once for all the sockets of that language, kept a minute."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.cache import cache
from django.utils import translation

from play.common import language
from play.models import PUBLIC_ID, Tournament
from play.push.sockets import ForwardWithoutThreadHop, InGroups
from play.tournaments import chat, standings
from play.tournaments.standings import channel

REDRAWN_FOR = 60  # seconds a push drawn again in a language is kept for its other sockets

DRAW = {
    "standings.update": lambda t: standings.html(t, oob=True),
    "top.update": lambda t: standings.top_html(standings.shown_top(t), oob=True),
    "chat.update": lambda t: chat.html(t, oob=True),
}


class TournamentConsumer(InGroups, ForwardWithoutThreadHop, AsyncWebsocketConsumer):
    async def connect(self):
        self.public_id = self.scope["url_route"]["kwargs"]["public_id"]
        if not PUBLIC_ID.fullmatch(self.public_id):
            await self.close(code=4400)
            return
        self.language = await database_sync_to_async(language.of_socket)(self.scope)
        await self.join(channel(self.public_id))
        await self.accept()

    async def standings_update(self, event):
        html = event["html"]
        if event.get("language", self.language) != self.language:
            html = await database_sync_to_async(self._redrawn)(event)
        await self.send(text_data=html)

    chat_update = standings_update  # a message, drawn once for every page
    top_update = standings_update  # the game shown live, when another takes its place

    def _redrawn(self, event) -> str:
        key = f"tournament-push:{self.public_id}:{event['drawn']}:{self.language}"

        def draw() -> str:
            tournament = Tournament.objects.filter(public_id=self.public_id).first()
            if tournament is None:
                return event["html"]
            with translation.override(self.language):
                return DRAW[event["type"]](tournament)

        return cache.get_or_set(key, draw, REDRAWN_FOR)
