"""The tournaments' pages: the list (starting soon, in play, finished) and a tournament's
page (its standings, the player's game, joining and pausing)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.common import clocks, limits, paging
from play.common.errors import Refused
from play.common.pages import found
from play.models import Game, Pairing, Tournament
from play.tournaments import arenas
from play.tournaments.forms import ArenaForm


@require_GET
def every_tournament(request):
    lists = {
        status: Tournament.objects.filter(status=status).order_by(order)[:50]
        for status, order in (
            (Tournament.Status.CREATED, "starts_at"),
            (Tournament.Status.STARTED, "starts_at"),
            (Tournament.Status.FINISHED, "-finished_at"),
        )
    }
    return render(request, "tournaments/index.html", {"lists": lists})


def _tournament(public_id: str) -> Tournament:
    return found(Tournament.objects.all(), "There is no tournament at that address.",
                 public_id=public_id)  # fmt: skip


@require_GET
def tournament(request, public_id):
    return _page(request, _tournament(public_id))


def _page(request, shown: Tournament, refusal: Refused | None = None):
    page = paging.page(request, arenas.ranked(shown), "page", arenas.STANDINGS_SHOWN)
    mine = (
        shown.players.filter(user=request.user).first() if request.user.is_authenticated else None
    )
    in_play = Game.objects.filter(tournament=shown, status__in=Game.IN_PLAY)
    context = {
        "tournament": shown,
        "page": page,
        "standings": mark_safe(arenas.standings_html(shown, page)),
        "mine": mine,
        "my_game": in_play.filter(seats__user=request.user).first() if mine else None,
        "top_game": in_play.order_by("pk").first(),
        "pairings": Pairing.objects.filter(tournament=shown)
        .select_related("game", "white", "black")
        .order_by("-created_at", "-pk")[:30],
        "refusal": refusal and refusal.message,
    }
    return render(request, "tournaments/tournament.html", context,
                  status=refusal.status if refusal else 200)  # fmt: skip


@login_required
@require_http_methods(["GET", "POST"])
def new_arena(request):
    """The form, and an arena made from it (anonymous players are asked to sign up)."""
    form = ArenaForm(request.POST or None, initial={"name": "", "time_control": "live"})
    if request.method == "GET":
        return render(request, "tournaments/new.html", {"form": form})
    if past := limits.form_past("challenge", request, form, lambda: _new_page(request, form)):
        return past
    if not form.is_valid():
        return _new_page(request, form, 400)
    data = form.cleaned_data
    try:
        made = arenas.create(
            request.user, name=data["name"], game_slug=data["game"], options=form.options(),
            time_control=form.clock(), minutes=data["duration"],
            starts_at=clocks.now() + timedelta(minutes=data["starts_in"]), rated=data["rated"],
            rating_min=data["rating_min"], rating_max=data["rating_max"],
            min_rated_games=data["min_rated_games"] or 0, password=data["password"],
        )  # fmt: skip
    except Refused as exc:
        form.add_error(None, exc.message)
        return _new_page(request, form, exc.status)
    messages.success(request, f"{made.name} is made: share its address for others to join.")
    return redirect(made)


def _new_page(request, form, status: int = 200):
    return render(request, "tournaments/new.html", {"form": form}, status=status)


@login_required
@require_POST
def join(request, public_id):
    shown = _tournament(public_id)
    password = request.POST.get("password", "")[: arenas.PASSWORD_LENGTH + 1]
    try:
        arenas.join(shown, request.user, password)
    except Refused as exc:
        return _page(request, shown, exc)
    messages.success(request, f"You are in {shown.name}.")
    return redirect(shown)


@login_required
@require_POST
def pause(request, public_id):
    shown = _tournament(public_id)
    try:
        arenas.pause(shown, request.user)
    except Refused as exc:
        return _page(request, shown, exc)
    messages.success(request, "Paused: you will not be paired until you join again.")
    return redirect(shown)
