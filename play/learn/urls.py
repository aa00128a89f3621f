from django.urls import path

from play.learn import views

urlpatterns = [
    path("learn/", views.every_game, name="learn"),
    path("learn/<str:slug>/", views.lesson_map, name="lesson-map"),
    path("learn/<str:slug>/<str:lesson>/<int:number>/", views.exercise, name="exercise"),
]
