from django.urls import path

from play.games import views

urlpatterns = [path("rules/<slug:slug>/", views.rules_page, name="rules")]
