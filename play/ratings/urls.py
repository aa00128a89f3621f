from django.urls import path

from play.ratings import views

urlpatterns = [path("leaderboard/<slug:slug>/", views.leaderboard, name="leaderboard")]
