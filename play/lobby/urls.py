from django.urls import path

from play.lobby import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.new_game, name="new-game"),
    path("pool/", views.grid, name="pool"),
    path("pool/wait/", views.still_waiting, name="pool-wait"),
    path("g/<str:public_id>/join/", views.join, name="game-join"),
    path("g/<str:public_id>/decline/", views.decline, name="game-decline"),
    path("invite/<str:token>", views.invite, name="invite"),
    path("@/<str:username>/challenge/", views.challenge, name="challenge"),
]
