from django.urls import path

from play.inbox import views

urlpatterns = [
    path("inbox/", views.inbox_page, name="inbox"),
    path("inbox/<str:username>/", views.conversation, name="conversation"),
    path("inbox/<str:username>/read/", views.read, name="conversation-read"),
]
