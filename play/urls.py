from django.contrib.auth import views as auth_views
from django.urls import path

from play import views
from play.accounts import accounts
from play.lobby import pool_views
from play.ratings import views as rating_views
from play.review import analysis_views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.new_game, name="new-game"),
    path("computer/", views.play_computer, name="computer"),
    path("analysis/<slug:slug>/", analysis_views.board, name="analysis"),
    path("analysis/<slug:slug>/study/", analysis_views.save_study, name="analysis-save"),
    path(
        "analysis/evaluation/<str:token>/",
        analysis_views.evaluation,
        name="analysis-evaluation",
    ),
    path("study/<str:token>/", analysis_views.open_study, name="study"),
    path("pool/", pool_views.grid, name="pool"),
    path("pool/wait/", pool_views.still_waiting, name="pool-wait"),
    path("leaderboard/<slug:slug>/", rating_views.leaderboard, name="leaderboard"),
    path("g/<str:public_id>/", views.game_page, name="game"),
    path("g/<str:public_id>/live/", views.live, name="game-live"),
    path("g/<str:public_id>/move/", views.move, name="game-move"),
    path("g/<str:public_id>/join/", views.join, name="game-join"),
    path("g/<str:public_id>/resign/", views.resign, name="game-resign"),
    path("g/<str:public_id>/setup/", views.arrange, name="game-setup"),
    path("g/<str:public_id>/charge/", views.charge, name="game-charge"),
    path("g/<str:public_id>/flag/", views.flag, name="game-flag"),
    path("g/<str:public_id>/give-time/", views.give_time, name="game-give-time"),
    path("g/<str:public_id>/rematch/", views.rematch, name="game-rematch"),
    path("g/<str:public_id>/chat/", views.post_chat, name="game-chat"),
    path("g/<str:public_id>/dispute/", views.open_dispute, name="game-dispute"),
    path("disputes/<int:pk>/statement/", views.dispute_statement, name="dispute-statement"),
    path("g/<str:public_id>/abort/", views.abort, name="game-abort"),
    path("g/<str:public_id>/draw/", views.draw, name="game-draw"),
    path("g/<str:public_id>/takeback/", views.take_back, name="game-takeback"),
    path("g/<str:public_id>/forecast/", views.forecast, name="game-forecast"),
    path("g/<str:public_id>/notes/", views.save_notes, name="game-notes"),
    path("g/<str:public_id>/record/", views.record, name="game-record"),
    path("invite/<str:token>", views.invite, name="invite"),
    path("import/", views.import_record, name="import"),
    path("@/<str:username>/", views.profile, name="profile"),
    path("@/<str:username>/challenge/", views.challenge, name="challenge"),
    path("g/<str:public_id>/decline/", views.decline, name="game-decline"),
    path("notifications/", views.notifications, name="notifications"),
    path("settings/", views.player_settings, name="settings"),
    path("rules/<slug:slug>/", views.rules_page, name="rules"),
    path("signup/", views.signup, name="signup"),
    path(
        "login/",
        auth_views.LoginView.as_view(extra_context={"heading": "Log in"}),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Django's own password views; their names are the ones those views look for.
    path("password/change/", accounts.PasswordChange.as_view(), name="password_change"),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(
            **accounts.said(
                "Password changed",
                "Your password is changed. Every other page where you were logged in is "
                "logged out, its open games' sockets closed with it.",
            )
        ),
        name="password_change_done",
    ),
    path("password/reset/", accounts.PasswordReset.as_view(), name="password_reset"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(
            **accounts.said(
                "Check your email",
                "If an account has that address, a link to choose a new password is on its "
                "way. It works once, for three days. No mail? Check the address you gave in "
                "your settings, and your spam folder.",
            )
        ),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        accounts.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            **accounts.said("Password set", "Your password is set: log in with it.")
        ),
        name="password_reset_complete",
    ),
]
