from django.urls import path

from play.referee import views

urlpatterns = [
    path("g/<str:public_id>/dispute/", views.open_dispute, name="game-dispute"),
    path("disputes/<int:pk>/statement/", views.dispute_statement, name="dispute-statement"),
]
