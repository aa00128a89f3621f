from django.urls import path

from play.webpush import views

urlpatterns = [
    path("push/devices/", views.subscribe, name="push-subscribe"),
    path("push/devices/forget/", views.forget, name="push-forget"),
    path("push/choices/", views.choose, name="push-choices"),
]
