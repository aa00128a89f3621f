"""Composing a Charge (Imperial Chess): the parts are kept on the player's seat as they are
added, each checked by the rules at once, and the whole is played as one turn."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

import rules
from play.common import language
from play.common.errors import Refused
from play.games.lifecycle import state_of
from play.models import Game, Seat
from play.round import moves


def announce(game: Game, user) -> None:
    def change(seat, state):
        if not game.rules.charge_available(state):
            raise Refused(
                _("No charge now: it needs six front-line pieces that threaten an enemy."), 409
            )
        seat.charge = []

    _edit(game, user, change)


def add(game: Game, user, part: str) -> None:
    def change(seat, state):
        parts = [*_parts(seat), part.strip()]
        try:
            game.rules.charge(state, parts)
        except rules.IllegalMove as exc:
            raise Refused(language.refusal(exc)) from None
        seat.charge = parts

    _edit(game, user, change)


def undo(game: Game, user) -> None:
    def change(seat, state):
        seat.charge = _parts(seat)[:-1]

    _edit(game, user, change)


def cancel(game: Game, user) -> None:
    def change(seat, state):
        _parts(seat)
        seat.charge = None

    _edit(game, user, change)


def submit(game: Game, user) -> None:
    seat = game.seat_of_player(user, _("Only the players may charge."))
    parts = _parts(Seat.objects.get(pk=seat.pk))
    moves.submit(game.public_id, user, ",".join(parts), game.ply)  # clears the draft


def _parts(seat: Seat) -> list[str]:
    if seat.charge is None:
        raise Refused(_("No charge is being composed: announce it first."), 409)
    return list(seat.charge)


def _edit(game: Game, user, change) -> None:
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(user, _("Only the players may charge."))
        if game.status != Game.Status.ACTIVE:
            raise Refused(_("This game is not in play."), 409)
        state = state_of(game)
        if game.rules.to_move(state) != seat.index:
            raise Refused(_("It is not your turn."), 409)
        change(seat, state)
        seat.save()
        game.revision += 1  # keeps cached views fresh; only this player sees a draft
        game.save()
