from django.urls import path

from play.consumers import GameConsumer

websocket_urlpatterns = [path("ws/g/<str:public_id>/", GameConsumer.as_asgi())]
