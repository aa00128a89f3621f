from django.urls import path

from play.notify import views

urlpatterns = [path("notifications/", views.notifications, name="notifications")]
