"""Deleting one's account, downloading one's data, and the privacy page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import FileResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from play.common import clocks, limits
from play.common.errors import Refused
from play.common.players import has_account
from play.privacy import erasure, export
from play.privacy.forms import DeleteForm


@require_GET
def privacy(request):
    return render(request, "privacy/privacy.html")


@login_required
@limits.limited("password")
def delete_account(request):
    """What deleting does, and the password asked again; done, the player is logged out."""
    form = DeleteForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                erasure.delete_account(request.user, form.cleaned_data["password"])
            except Refused as exc:
                form.add_error(None, exc.message)
                status = exc.status
            else:
                logout(request)
                messages.success(request, gettext("Your account is deleted. Farewell."))
                return redirect("lobby")
        else:
            status = 400
    return render(request, "privacy/delete.html", {"form": form}, status=status)


@login_required
@require_GET
def download(request):
    """The player's data as a ZIP (a few downloads an hour: it reads every game)."""
    if not has_account(request.user):
        return redirect("signup")
    try:
        limits.check("export", request)
    except limits.Limited as exc:
        return limits.answer(render(request, "429.html", {"message": exc.message}), exc)
    name = f"imperia-{request.user.username}-{clocks.now():%Y-%m-%d}.zip"
    return FileResponse(export.archive(request.user), as_attachment=True, filename=name,
                        content_type="application/zip")  # fmt: skip
