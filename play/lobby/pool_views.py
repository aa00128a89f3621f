"""Quick pairing's pages: the grid of pools, and the waiting player's status."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

import rules
from play.common import limits
from play.common.errors import Refused
from play.lobby import pool


def _grid(request, notice="", status=200):
    entry = pool.current(request.user)
    if entry is not None and entry.game_id is not None:
        return redirect(entry.game)  # paired while away from this page
    return render(
        request,
        "play/pool.html",
        {
            "games": rules.games(),
            "clocks": pool.CLOCKS,
            "waiting": pool.status(entry) if entry else None,
            "notice": notice,
        },
        status=status,
    )


@login_required
def grid(request):
    """GET: pick a game and a time control. POST: enter that pool, or leave it."""
    if request.method != "POST":
        return _grid(request)
    action = request.POST.get("action", "enter")
    if action == "leave":
        pool.leave(request.user)
        return redirect("pool")
    if action == "computer":
        try:
            return redirect(pool.play_computer(request.user))
        except Refused as exc:
            return _grid(request, exc.message, exc.status)
    try:
        limits.check("challenge", request)
        pool.enter(request.user, request.POST.get("game", ""), request.POST.get("clock", ""))
    except limits.Limited as exc:
        return _grid(request, exc.message, 429)
    except Refused as exc:
        return _grid(request, exc.message, exc.status)
    return redirect("pool")


@login_required
@require_POST
def still_waiting(request):
    """The waiting page's word every two seconds: its status, or off to the game."""
    entry = pool.wait(request.user)
    if entry is not None and entry.game_id is not None:
        url = entry.game.get_absolute_url()
        if request.htmx:
            response = HttpResponse(status=204)
            response["HX-Redirect"] = url
            return response
        return redirect(url)
    if not request.htmx:
        return redirect("pool")
    context = {"waiting": pool.status(entry) if entry else None}
    return render(request, "play/partials/pool_status.html", context)
