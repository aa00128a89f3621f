from django.urls import path

from play.round import views

urlpatterns = [
    path("g/<str:public_id>/", views.game_page, name="game"),
    path("g/<str:public_id>/live/", views.live, name="game-live"),
    path("g/<str:public_id>/words/", views.words, name="game-words"),
    path("g/<str:public_id>/move/", views.move, name="game-move"),
    path("g/<str:public_id>/premove/", views.premove, name="game-premove"),
    path("g/<str:public_id>/resign/", views.resign, name="game-resign"),
    path("g/<str:public_id>/setup/", views.arrange, name="game-setup"),
    path("g/<str:public_id>/charge/", views.charge, name="game-charge"),
    path("g/<str:public_id>/flag/", views.flag, name="game-flag"),
    path("g/<str:public_id>/give-time/", views.give_time, name="game-give-time"),
    path("g/<str:public_id>/berserk/", views.berserk, name="game-berserk"),
    path("g/<str:public_id>/rematch/", views.rematch, name="game-rematch"),
    path("g/<str:public_id>/chat/", views.post_chat, name="game-chat"),
    path("g/<str:public_id>/abort/", views.abort, name="game-abort"),
    path("g/<str:public_id>/draw/", views.draw, name="game-draw"),
    path("g/<str:public_id>/takeback/", views.take_back, name="game-takeback"),
    path("g/<str:public_id>/forecast/", views.forecast, name="game-forecast"),
    path("g/<str:public_id>/notes/", views.save_notes, name="game-notes"),
]
