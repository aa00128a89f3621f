"""A tournament page's socket: the standings, drawn once by the sweeper when they changed and
sent to every page (at most once a sweeper's pass, however many games ended); the game shown
live when another takes its place; the chat's messages."""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer

from play.models import PUBLIC_ID
from play.push.sockets import ForwardWithoutThreadHop, InGroups
from play.tournaments.standings import channel


class TournamentConsumer(InGroups, ForwardWithoutThreadHop, AsyncWebsocketConsumer):
    async def connect(self):
        public_id = self.scope["url_route"]["kwargs"]["public_id"]
        if not PUBLIC_ID.fullmatch(public_id):
            await self.close(code=4400)
            return
        await self.join(channel(public_id))
        await self.accept()

    async def standings_update(self, event):
        await self.send(text_data=event["html"])

    chat_update = standings_update  # a message, drawn once for every page
    top_update = standings_update  # the game shown live, when another takes its place
