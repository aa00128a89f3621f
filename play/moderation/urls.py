from django.urls import path

from play.moderation import views

urlpatterns = [
    path("@/<str:username>/report/", views.report, name="report"),
    path("account/moderation/", views.moderation_log, name="moderation-log"),
    path("appeal/", views.closed_appeal, name="appeal"),
]
