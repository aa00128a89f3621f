"""The site's sockets: each room's consumer at its address."""

from django.urls import path, re_path

from play.leagues.consumers import GroupConsumer
from play.lobby.consumers import NowPlayingConsumer
from play.notify.consumers import PlayerConsumer
from play.push.sockets import NoSuchSocket, PingConsumer
from play.round.consumers import GameConsumer
from play.tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/g/<str:public_id>/", GameConsumer.as_asgi()),
    path("ws/me/", PlayerConsumer.as_asgi()),
    path("ws/now/", NowPlayingConsumer.as_asgi()),
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/league/<str:group_id>/", GroupConsumer.as_asgi()),
    path("ws/t/<str:public_id>/", TournamentConsumer.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),  # last: whatever else is asked
]
