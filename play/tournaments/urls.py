from django.urls import path

from play.tournaments import views

urlpatterns = [
    path("tournaments/", views.every_tournament, name="tournaments"),
    path("tournaments/new/", views.new_arena, name="tournament-new"),
    path("t/<str:public_id>/", views.tournament, name="tournament"),
    path("t/<str:public_id>/join/", views.join, name="tournament-join"),
    path("t/<str:public_id>/pause/", views.pause, name="tournament-pause"),
]
