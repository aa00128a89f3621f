"""The game socket: a browser watching a game gets the live fragment at once, then again
after every change. A reconnect is just a new connect, so a missed push heals itself.
Moves go through HTTP (one code path, CSRF-checked); the socket only listens."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer

from play import presenter
from play.live import group_name
from play.models import Game


class GameConsumer(WebsocketConsumer):
    def connect(self):
        public_id = self.scope["url_route"]["kwargs"]["public_id"]
        game = self._load(public_id)
        if game is None:
            self.close(code=4404)
            return
        self.public_id = public_id
        self.group = group_name(public_id)
        self.seat = presenter.seat_index(game, self.scope["user"])
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()
        self._push(game)

    def disconnect(self, code):
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def game_update(self, event):
        game = self._load(self.public_id)
        if game is not None and game.revision >= event.get("revision", 0):
            self._push(game)

    def _push(self, game: Game):
        self.send(text_data=presenter.live_html(game, self.seat, oob=True))

    @staticmethod
    def _load(public_id) -> Game | None:
        return Game.objects.prefetch_related("seats__user").filter(public_id=public_id).first()
