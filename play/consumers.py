"""The game socket: a browser watching a game gets the live fragment at once, then again
after every change. A reconnect is just a new connect, so a missed push heals itself.
Moves go through HTTP (one code path, CSRF-checked); the socket only listens."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from django.template.loader import render_to_string

from play import dashboard, presenter
from play.live import group_name
from play.models import Game
from play.notify import user_group


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
        # One message with the board and the chat: all a reconnecting page may have missed.
        chat = presenter.chat_html(game, self.scope["user"], oob=True)
        self.send(text_data=presenter.live_html(game, self.seat, oob=True) + chat)

    def disconnect(self, code):
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def game_update(self, event):
        game = self._load(self.public_id)
        if game is not None and game.revision >= event.get("revision", 0):
            self._push(game)

    def chat_update(self, event):
        game = self._load(self.public_id)
        if game is not None:
            self.send(text_data=presenter.chat_html(game, self.scope["user"], oob=True))

    def _push(self, game: Game):
        self.send(text_data=presenter.live_html(game, self.seat, oob=True))

    @staticmethod
    def _load(public_id) -> Game | None:
        return Game.objects.prefetch_related("seats__user").filter(public_id=public_id).first()


class PlayerConsumer(WebsocketConsumer):
    """A logged-in player's own socket, on every page: the bell and the "your turn" count."""

    def connect(self):
        user = self.scope["user"]
        if not user.is_authenticated:
            self.close(code=4403)
            return
        self.group = user_group(user.pk)
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()
        self.bell_update({})

    def disconnect(self, code):
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    def bell_update(self, event):
        counts = dashboard.counts(self.scope["user"])
        html = render_to_string("play/partials/bell.html", {"counts": counts, "oob": True})
        self.send(text_data=html)
