from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path
from django.utils.translation import gettext_lazy as _

from play.accounts import views
from play.accounts.forms import LoginForm

admin.site.login = views.admin_login  # the site's own login, for staff as for everyone

urlpatterns = [
    path("@/<str:username>/", views.profile, name="profile"),
    path("settings/", views.player_settings, name="settings"),
    path("signup/", views.signup, name="signup"),
    path("language/", views.choose_language, name="language"),
    path("looks/", views.choose_looks, name="looks"),
    path(
        "login/",
        auth_views.LoginView.as_view(
            authentication_form=LoginForm, extra_context={"heading": _("Log in")}
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("logout/everywhere/", views.log_out_everywhere, name="log-out-everywhere"),
    path("settings/two-factor/", views.two_factor, name="two-factor"),
    # Django's own password views; their names are the ones those views look for.
    path("password/change/", views.PasswordChange.as_view(), name="password_change"),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(
            **views.said(
                _("Password changed"),
                _(
                    "Your password is changed. Every other page where you were logged in is "
                    "logged out, its open games' sockets closed with it."
                ),
            )
        ),
        name="password_change_done",
    ),
    path("password/reset/", views.PasswordReset.as_view(), name="password_reset"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(
            **views.said(
                _("Check your email"),
                _(
                    "If an account has that address, a link to choose a new password is on "
                    "its way. It works once, for three days. No mail? Check the address you "
                    "gave in your settings, and your spam folder."
                ),
            )
        ),
        name="password_reset_done",
    ),
    path(
        "reset/<uidb64>/<token>/",
        views.PasswordResetConfirm.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            **views.said(_("Password set"), _("Your password is set: log in with it."))
        ),
        name="password_reset_complete",
    ),
]
