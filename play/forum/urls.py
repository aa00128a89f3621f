from django.urls import path

from play.forum import keeping, views

urlpatterns = [
    path("forum/", views.index, name="forum"),
    path("forum/search/", views.found, name="forum-search"),
    path("forum/post/<str:post_id>/edit/", views.edit, name="forum-edit"),
    path("forum/post/<str:post_id>/react/", views.react, name="forum-react"),
    path("forum/post/<str:post_id>/hide/", views.hide_post, {"hidden": True}, name="forum-hide"),
    path("forum/post/<str:post_id>/show/", views.hide_post, {"hidden": False}, name="forum-show"),
    path("forum/<str:slug>/", views.board, name="forum-board"),
    path("forum/<str:slug>/<str:thread_id>/", views.thread, name="forum-thread"),
    path(
        "forum/<str:slug>/<str:thread_id>/follow/",
        views.follow,
        {"following": True},
        name="forum-follow",
    ),  # fmt: skip
    path(
        "forum/<str:slug>/<str:thread_id>/unfollow/",
        views.follow,
        {"following": False},
        name="forum-unfollow",
    ),  # fmt: skip
    *(
        path(
            f"forum/<str:slug>/<str:thread_id>/{change}/",
            views.change,
            {"change": change},
            name=f"forum-{change}",
        )  # fmt: skip
        for change in [*keeping.THREAD_CHANGES, "move"]
    ),
]
