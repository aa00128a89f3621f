"""Playing the computer: its page of choices, and a game begun at once."""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

import bots
import rules
from play.accounts import guests
from play.common import limits, numbers
from play.common.errors import Refused
from play.computer import opponents
from play.games.forms import ComputerGameForm


@require_http_methods(["GET", "POST"])
def play_computer(request):
    """Play the computer: the choices (a game, its level, side, clock and options, any of them
    given in the address: ?game=empire&level=5), then a game begun at once, by a visitor too."""
    if request.method != "POST":
        return _computer_page(request, ComputerGameForm(initial=_computer_choices(request.GET)))
    form = ComputerGameForm(request.POST)
    if past := limits.form_past("challenge", request, form, lambda: _computer_page(request, form)):
        return past
    if not form.is_valid():
        return _computer_page(request, form, 400)
    data = form.cleaned_data
    try:
        player = guests.player_for(request)  # a visitor plays at once, as Anonymous
        game = opponents.start(
            player, data["game"], data["level"], data["side"], form.options(), form.clock()
        )
    except Refused as exc:
        form.add_error(None, exc.message)
        return limits.answer(_computer_page(request, form), exc)
    return redirect(game)


def _computer_choices(query) -> dict:
    """A game and a level named in the address; a level that is not one is Malformed."""
    choices = {}
    if query.get("game") in {g.slug for g in rules.games()}:
        choices["game"] = query["game"]
    if query.get("level"):
        choices["level"] = numbers.whole(query["level"], _("the level"), bots.levels()[-1], 1)
    return choices


def _computer_page(request, form, status=200):
    return render(
        request,
        "play/computer.html",
        {"computer_form": form, "levels": opponents.levels(), "anchor": opponents.anchor()},
        status=status,
    )
