from django.urls import path

from play.round.consumers import GameConsumer, PingConsumer, PlayerConsumer

websocket_urlpatterns = [
    path("ws/g/<str:public_id>/", GameConsumer.as_asgi()),
    path("ws/me/", PlayerConsumer.as_asgi()),
    path("ws/ping/", PingConsumer.as_asgi()),
]
