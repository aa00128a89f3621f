"""A tournament game's result, followed: its players' scores (an arena) or the whole table
(a Swiss), in the transaction that changed it, the game's row locked, then the
tournament's. A game's end and a referee's ruling both arrive here."""

from __future__ import annotations

from django.dispatch import receiver

from play.games.lifecycle import result_changed
from play.models import Game, Tournament
from play.tournaments import arenas, swisses


@receiver(result_changed)
def follow(sender, game: Game, **kwargs) -> None:
    if game.tournament_id is None:
        return
    tournament = Tournament.objects.select_for_update().get(pk=game.tournament_id)
    if tournament.is_arena:
        arenas.recount(game, tournament)
    else:
        swisses.withdraw_unbegun(game)
        swisses.recount(tournament)
