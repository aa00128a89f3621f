from django.urls import path

from play.clubs import views

urlpatterns = [
    path("clubs/", views.index, name="clubs"),
    path("clubs/new/", views.new, name="club-new"),
    path("club/<str:slug>/", views.club, name="club"),
    path("club/<str:slug>/describe/", views.describe, name="club-describe"),
    path("club/<str:slug>/join/", views.join, name="club-join"),
    path("club/<str:slug>/leave/", views.leave, name="club-leave"),
    path("club/<str:slug>/step-down/", views.step_down, name="club-step-down"),
    path("club/<str:slug>/requests/", views.requests, name="club-requests"),
    path("club/<str:slug>/write/", views.write, name="club-write"),
    *(
        path(
            f"club/<str:slug>/requests/<str:username>/{decision}/",
            views.decide,
            {"decision": decision},
            name=f"club-{decision}",
        )
        for decision in views.DECISIONS
    ),
    *(
        path(
            f"club/<str:slug>/members/<str:username>/{action}/",
            views.member,
            {"action": action},
            name=f"club-{action}",
        )
        for action in views.MEMBER_ACTIONS
    ),
]
