"""Moves left to answer the opponent's next one: a correspondence player's conditional lines
(forecasts.py), a live player's premove (premoves.py). The move service hands itself here after
each move that has one waiting (moves.submit), so that neither imports it. Under the game's
lock the reply left for that move is taken away (it is played once, or not at all), then played
through the move service in the same transaction; one the move service refuses (it is no longer
legal, the clock ran out meanwhile) is dropped without a word."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction

from play.common.errors import Refused
from play.models import Game


@dataclass(frozen=True)
class Reply:
    """A move left for the player of `seat`: its text, how the move service marks it
    (`forecast` or `premove`, a keyword of moves.submit), and what follows once it is played."""

    seat: int
    move: str
    kind: str
    then: Callable[[], None] | None = None


def answer(public_id: str, ply: int, submit, *takers) -> None:
    """After the move at `ply`: the first reply one of the `takers` (each `take(game, ply)`,
    called under the game's lock, taking it away) finds, played now through `submit`."""
    with transaction.atomic():
        game = Game.locked(public_id=public_id)
        if game.ply != ply or game.status != Game.Status.ACTIVE:
            return  # something came between: nothing left for that move is played
        reply = next(filter(None, (take(game, ply) for take in takers)), None)
        if reply is None:
            return
        try:
            submit(public_id, game.player(reply.seat), reply.move, ply, **{reply.kind: True})
        except Refused:  # no longer legal, or the clock ran out: the reply goes
            return
        if reply.then is not None:
            reply.then()
