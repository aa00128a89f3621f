"""Accounts: what guards a login, and what follows a change of who is logged in."""

from __future__ import annotations

from axes.helpers import get_cool_off
from axes.utils import reset as axes_reset
from django.contrib.auth import views as auth_views
from django.shortcuts import render
from django.utils import timezone

from play import limits


def locked_out(request, original_response=None, credentials=None):
    """The page a login locked out by django-axes gets: why, and until when (each failed try
    while locked out starts the wait again)."""
    wait = get_cool_off(request)
    minutes = round(wait.total_seconds() / 60)
    until = timezone.now() + wait
    message = (
        "Too many failed logins for this account or from this address. Nothing was checked: "
        f"try again in {minutes} minutes (after {until:%H:%M} UTC), or reset your password."
    )
    response = render(request, "429.html", {"message": message, "reset": True}, status=429)
    response["Retry-After"] = str(int(wait.total_seconds()))
    return response


class Limited:
    """A password view whose POSTs count against the "password" rate limit: a stolen session
    cannot try old passwords, nor anyone send reset mail, without end."""

    def post(self, request, *args, **kwargs):
        try:
            limits.check("password", request)
        except limits.Limited as exc:
            response = render(request, "429.html", {"message": exc.message}, status=429)
            response["Retry-After"] = str(exc.retry_after)
            return response
        return super().post(request, *args, **kwargs)


class PasswordChange(Limited, auth_views.PasswordChangeView):
    template_name = "registration/form_page.html"
    extra_context = {"heading": "Change your password"}


class PasswordReset(Limited, auth_views.PasswordResetView):
    template_name = "registration/form_page.html"
    email_template_name = "registration/reset_email.txt"
    subject_template_name = "registration/reset_subject.txt"
    extra_context = {"heading": "Reset your password"}
    extra_email_context = {"site_name": "Imperia"}


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    template_name = "registration/reset_confirm.html"
    extra_context = {"heading": "Choose a new password"}

    def form_valid(self, form):
        # The owner proved they hold the mailbox: the lockout of guesses at the old password
        # no longer guards anything.
        axes_reset(username=form.user.get_username())
        return super().form_valid(form)


def said(heading: str, text: str):
    """A page that only says something, with the way on."""
    return {
        "template_name": "registration/said.html",
        "extra_context": {"heading": heading, "text": text},
    }
