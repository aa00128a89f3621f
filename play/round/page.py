"""The game's page and its live board, as the round's views and the referee's answer with
them: the game an address names, the board at the ply looked at, the page whole."""

from __future__ import annotations

import json
from functools import cache

from babel import Locale, UnknownLocaleError
from django import shortcuts
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play.boards import renderer
from play.boards.words import described
from play.common import numbers
from play.common.pages import found
from play.models import Dispute, Game
from play.referee.forms import DisputeForm
from play.round import (
    chat,
    confirm,
    forecasts,
    history,
    notes,
    presenter,
)

NO_GAME = gettext_lazy("There is no game at this address: check the link.")


def game_of(request, public_id: str) -> Game:
    return presenter.with_view_related(target(request, public_id))


def target(request, public_id: str) -> Game:
    """The game a POST acts on: its row alone, for the service locks and reloads it. A game
    the visitor may not read (Game.readable_by) is not there for them."""
    game = found(Game.objects, NO_GAME, public_id=public_id)
    if not game.readable_by(request.user):
        raise Http404(NO_GAME)
    return game


def answer(request, public_id: str, notice: str | None = None, status: int = 200, alerts=()):
    """htmx gets the fresh live fragment (with the notice); a plain form gets a redirect."""
    game = game_of(request, public_id)
    if request.htmx:
        seat = presenter.seat_index(game, request.user)
        html = presenter.live_html(game, seat, notice=notice, alerts=alerts)
        return HttpResponse(html, status=status)
    if notice:
        messages.error(request, notice)
    return redirect(game)


def looking(request, game: Game) -> tuple[int | None, bool]:
    """The ply the page looks back to (None: the game as it is now), and whether the board is
    turned over (`?flip=1`/`0`, else as the page last left it)."""
    ply, flip = request.GET.get("ply"), request.GET.get("flip")
    if flip not in (None, "0", "1"):
        raise numbers.Malformed(_("Malformed request: flip is 0 or 1."))
    flipped = (
        request.COOKIES.get(presenter.FLIP_COOKIE + game.public_id) == "1"
        if flip is None
        else flip == "1"
    )
    ply = numbers.optional(ply, _("the ply"), numbers.MOST_PLIES)
    return (ply if ply is not None and ply < game.ply else None), flipped


def board_html(game: Game, seat, request) -> str:
    ply, flipped = looking(request, game)
    if looks_back(game, ply):
        return history.html(game, seat, ply, flipped)
    return presenter.live_html(game, seat, flipped=flipped)


def looks_back(game: Game, ply: int | None) -> bool:
    """Whether the board drawn is the game at an earlier ply rather than as it stands."""
    return ply is not None and game.status not in (Game.Status.OPEN, Game.Status.SETUP)


def render(request, game: Game, *, dispute_form=None, drafts=None, status=200, review=""):
    """The game's page. A dispute or a statement that was refused comes back in it with what
    was typed (`dispute_form`, bound; `drafts`: a dispute's pk -> the statement written).
    `review`: the computer's review's card (play/review, a room above this one)."""
    seat = presenter.seat_index(game, request.user)
    invite_url = None
    if seat is not None and game.listing == Game.Listing.INVITE and game.status == Game.Status.OPEN:
        invite_url = request.build_absolute_uri(f"/invite/{game.invite_token}")
    live = board_html(game, seat, request)
    ply, flipped = looking(request, game)
    return shortcuts.render(
        request,
        "play/game.html",
        {
            "game": game,
            "seat": seat,
            "live": live,
            # Told to the socket, whose first message then redraws only what changed since;
            # a page looking back is sent the board as it stands.
            "drawn": "" if looks_back(game, ply) else presenter.drawn(game, seat, flipped),
            "board_words": described(live),
            "chat": chat.html(game, request.user),
            "disputes": _disputes_with_drafts(game, drafts or {}) if seat is not None else [],
            "dispute_form": dispute_form or DisputeForm(initial={"ply": game.ply}),
            "invite_url": invite_url,
            "forecast": forecast_card(request, game, seat) if seat is not None else "",
            "move_at_once": seat is None or not confirm.needed(request.user, game),
            "notes": notes.of(game, request.user) if seat is not None else None,
            "can_join": seat is None and game.status == Game.Status.OPEN,
            "challenged": game.invited_user_id is not None
            and game.invited_user_id == request.user.pk,
            "has_fields": renderer(game.game_slug).has_fields,
            "zoomable": renderer(game.game_slug).zoomable,
            "legend": renderer(game.game_slug).legend(),
            "durations": durations(translation.get_language()),
            "review": review,
        },
        status=status,
    )


@cache
@cache  # the same words for every page in a language
def durations(language: str) -> str:
    """The words the page's script counts clocks down in (static/js/imperia.js), as JSON, in
    `language`: "hours", and "days", the forms of a count of days by the plural category the
    browser's Intl.PluralRules names (CLDR's, as Babel's), each found by asking gettext for a
    count of that category."""
    try:
        category = Locale.parse(translation.to_locale(language)).plural_form
    except (UnknownLocaleError, ValueError):  # the pseudo-locale: English's
        category = Locale("en").plural_form
    days = {}
    with translation.override(language):
        for count in range(200):
            days.setdefault(
                category(count),
                ngettext("%(days)s day %(hours)s h", "%(days)s days %(hours)s h", count),
            )
        return json.dumps({"days": days, "hours": _("%(hours)s h %(minutes)s min")})


def forecast_card(request, game: Game, seat: int, **context) -> str:
    """The player's conditional moves in a correspondence game, and the form to change them
    while the opponent is to move ("" where the game has none)."""
    if not forecasts.allowed(game) or game.is_over:
        return ""
    if game.status != Game.Status.ACTIVE:  # an empty place, drawn once play begins
        return render_to_string("play/partials/forecast.html", {"game": game, "waiting": True})
    context.setdefault("lines", forecasts.shown(game, seat))
    context.setdefault("typed", "\n".join(context["lines"]))
    context["editable"] = game.turn == 1 - seat
    return render_to_string(
        "play/partials/forecast.html", {"game": game, **context}, request=request
    )


def _disputes_with_drafts(game: Game, drafts: dict) -> list[Dispute]:
    listed = list(game.disputes.prefetch_related("rulings__referee").select_related("opened_by"))
    for dispute in listed:
        dispute.draft = drafts.get(dispute.pk, "")
    return listed
