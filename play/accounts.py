"""Accounts: what guards a login, and what follows a change of who is logged in."""

from __future__ import annotations

from axes.helpers import get_cool_off
from django.shortcuts import render
from django.utils import timezone


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
