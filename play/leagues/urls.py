from django.urls import path

from play.leagues import views

urlpatterns = [
    path("championships/", views.every_championship, name="championships"),
    path("championships/new/", views.new, name="championship-new"),
    path("championships/<str:slug>/", views.championship, name="championship"),
    path("championships/<str:slug>/join/", views.join, name="championship-join"),
    path("championships/<str:slug>/leave/", views.leave, name="championship-leave"),
    path("championships/<str:slug>/<str:number>/", views.edition, name="edition"),
    path(
        "championships/<str:slug>/<str:number>/<str:tier>/<str:place>/",
        views.group,
        name="league-group",
    ),
]
