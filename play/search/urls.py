from django.urls import path

from play.search import views

urlpatterns = [path("games/search/", views.game_search, name="game-search")]
