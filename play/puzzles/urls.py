from django.urls import path

from play.puzzles import views

urlpatterns = [
    path("puzzles/", views.every_game, name="puzzles-index"),
    path("puzzles/<str:slug>/", views.next_puzzle, name="puzzles"),
    path("puzzles/<str:slug>/<str:puzzle_id>/", views.puzzle, name="puzzle"),
]
