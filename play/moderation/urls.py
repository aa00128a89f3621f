from django.urls import path

from play.moderation import views

urlpatterns = [
    path("@/<str:username>/report/", views.report, name="report"),
]
