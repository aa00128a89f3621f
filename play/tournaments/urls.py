from django.urls import path

from play.tournaments import views

urlpatterns = [
    path("tournaments/", views.every_tournament, name="tournaments"),
    path("tournaments/new/", views.new_arena, name="tournament-new"),
    path("tournaments/new/swiss/", views.new_swiss, name="tournament-new-swiss"),
    path("t/<str:public_id>/", views.tournament, name="tournament"),
    path("t/<str:public_id>/join/", views.join, name="tournament-join"),
    path("t/<str:public_id>/pause/", views.pause, name="tournament-pause"),
    path("t/<str:public_id>/chat/", views.post_chat, name="tournament-chat"),
    path("t/<str:public_id>/start-round/", views.start_round, name="tournament-start-round"),
    path("t/<str:public_id>/report.trf", views.report, name="tournament-report"),
    path("t/<str:public_id>/results.csv", views.results_csv, name="tournament-csv"),
    path("t/<str:public_id>/results.json", views.results_json, name="tournament-json"),
]
