"""The lobby's views: seeks and a new game, the player's lists, joining by the lobby or an
invitation, a challenge from a profile, and quick pairing's pool."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

import rules
from play.accounts import guests
from play.common import limits, numbers, paging
from play.common.errors import Refused
from play.common.forms import said
from play.common.pages import found
from play.common.players import has_account
from play.computer import opponents
from play.games import games
from play.games.forms import ChallengeForm, ComputerGameForm, NewGameForm
from play.lobby import pool, seeks, watching
from play.lobby.forms import SeekFilter
from play.models import Game
from play.notify import dashboard
from play.ratings import ratings
from play.relations import relations
from play.round import page, pictures


@require_GET
def lobby(request):
    chosen = SeekFilter(request.GET)
    if not chosen.is_valid():
        raise numbers.Malformed(_("Malformed request: %(errors)s") % {"errors": said(chosen)})
    lists = {"seeks": (seeks.listed(request.user, **chosen.cleaned_data), "seeks")}
    user = request.user
    if user.is_authenticated:
        lists |= {
            "my_turn": (dashboard.my_turn(user), "turn"),
            "waiting": (dashboard.waiting(user), "waiting"),
            "sent": (dashboard.challenges_sent(user), "sent"),
            "received": (dashboard.challenges_received(user), "received"),
            "finished": (dashboard.finished(user), "finished"),
        }
    pages = ratings.rated_pages(request, lists)
    context = {
        "seeks": pages.pop("seeks"),
        "seek_filter": chosen,
        "form": NewGameForm(),
        "computer_form": ComputerGameForm(),
        "games": rules.games(),
        **_welcome(request),
    }
    if user.is_authenticated:
        context["dash"] = pages
        if has_account(user):
            context["friends"] = relations.online_followed(user)
            context["timeline"] = relations.timeline(user)
        context["dash"]["disputes"] = paging.page(request, dashboard.disputes(user), "disputes", 10)
    return render(request, "play/lobby.html", context)


@require_POST
def new_game(request):
    """A seek or an invitation link; a visitor's invitation makes them an anonymous player."""
    form = NewGameForm(request.POST)
    if past := limits.form_past("challenge", request, form, lambda: _lobby_with(request, form)):
        return past
    if not form.is_valid():
        return _lobby_with(request, form, 400)
    try:
        data = form.cleaned_data
        guests.check_new_game(
            request.user, listing=data["listing"], rated=data["rated"], challenged=False
        )
        game = games.create(
            guests.player_for(request), data["game"], data["side"], data["listing"],
            form.options(), form.clock(), rated=data["rated"], rating_range=data["rating_range"],
        )  # fmt: skip
    except limits.Limited as exc:  # the visitor's anonymous player
        form.add_error(None, exc.message)
        return limits.answer(_lobby_with(request, form), exc)
    except Refused as exc:
        form.add_error(None, exc.message)
        return _lobby_with(request, form, 400)
    return redirect(game)


def _lobby_with(request, form, status=200):
    """The lobby's forms again, the new game's as it was typed and with what was wrong."""
    context = {"form": form, "computer_form": ComputerGameForm(), "games": rules.games()}
    return render(request, "play/lobby.html", context | _welcome(request), status=status)


def _welcome(request) -> dict:
    """What the home page shows a visitor, and a player without an account: the five games,
    the games being played now (the page's socket named with their ids), quick pairing."""
    if has_account(request.user):
        return {}
    cards, now = watching.home()
    shown = [card.game for card in cards if card.game] + now
    watched = [f"{game.public_id}:{game.revision}" for game in shown]  # the socket's first redraw
    return {
        "welcome": True,
        "cards": cards,
        "now": [pictures.picture(game) for game in now],
        "watched": ",".join(watched),
        "clocks": pool.clock_names(),
    }


@login_required
@require_POST
def join(request, public_id):
    game = page.game_of(request, public_id)
    # A seek, or a challenge by the player it names; an open link is joined through the link.
    if game.listing != Game.Listing.SEEK and game.invited_user_id != request.user.pk:
        raise PermissionDenied(_("This game is joined through its invitation link."))
    return _join(request, game)


def invite(request, token):
    game = found(
        Game.objects.prefetch_related("seats__user"),
        _("This invitation link is not valid: check it with the player who sent it."),
        invite_token=token,
    )
    if request.method == "POST":
        if game.status == Game.Status.OPEN and not game.rated:  # a visitor joins as Anonymous
            try:
                guests.player_for(request)
            except Refused as exc:  # said on the invitation: the game is not theirs to read
                messages.error(request, exc.message)
                return redirect("invite", token=token)
        elif not request.user.is_authenticated:
            return redirect(f"/login/?next=/invite/{token}")
        return _join(request, game)
    if game.seat_of(request.user) or game.status != Game.Status.OPEN:
        return redirect(game)
    return render(request, "play/invite.html", {"game": game, "token": token})


def _join(request, game: Game):
    try:
        games.join(game, request.user)
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect(game)


@login_required
@require_POST
@limits.limited("challenge")
def challenge(request, username):
    """Challenge a player directly from their profile: a private game only they may join."""
    player = found(
        get_user_model().objects,
        _("There is no player called %(name)s.") % {"name": username},
        username=username,
    )
    form = ChallengeForm(request.POST)
    level = opponents.level_of(player)
    if player == request.user:
        messages.error(request, _("Challenge someone else."))
    elif not form.is_valid():
        messages.error(request, _("Check the challenge: %(errors)s") % {"errors": said(form)})
    else:
        data = form.cleaned_data
        try:
            if level is not None:  # the computer takes every challenge, at once
                game = opponents.start(
                    request.user, data["game"], level, data["side"], form.options(), form.clock()
                )
            else:
                game = games.create(
                    request.user, data["game"], data["side"], Game.Listing.INVITE,
                    form.options(), form.clock(), invited=player, rated=data["rated"],
                )  # fmt: skip
        except Refused as exc:
            messages.error(request, exc.message)
        else:
            name = {"name": player.username}
            if level:
                messages.success(request, _("Your game against %(name)s has begun.") % name)
            else:
                messages.success(request, _("Challenge sent to %(name)s.") % name)
            return redirect(game)
    return redirect("profile", username=username)


@login_required
@require_POST
def decline(request, public_id):
    try:
        games.decline(page.game_of(request, public_id), request.user)
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect("lobby")


def _grid(request, refusal: Refused | None = None):
    entry = pool.current(request.user)
    if entry is not None and entry.game_id is not None:
        return redirect(entry.game)  # paired while away from this page
    page = render(
        request,
        "play/pool.html",
        {
            "games": rules.games(),
            "clocks": pool.clock_names(),
            "waiting": pool.status(entry) if entry else None,
            "notice": refusal.message if refusal else "",
        },
    )
    return limits.answer(page, refusal) if refusal else page


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
            return _grid(request, exc)
    try:
        limits.check("challenge", request)
        pool.enter(request.user, request.POST.get("game", ""), request.POST.get("clock", ""))
    except Refused as exc:
        return _grid(request, exc)
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
