"""Move confirmation: a player who wants it (in correspondence games by default, a setting)
sees the move they chose on the board and sends it only with "Confirm"."""

from __future__ import annotations

import json

from play.common import clocks
from play.games.lifecycle import moves_and_state
from play.models import Game, Profile
from play.notify import notify


def needed(user, game: Game) -> bool:
    choice = notify.profile_of(user).confirm_moves
    if choice == Profile.Confirm.ALWAYS:
        return True
    return choice == Profile.Confirm.CORRESPONDENCE and clocks.is_correspondence(game.time_control)


def prompt(game: Game, seat: int, text: str, ply: int | None) -> dict | None:
    """The move to confirm, read in the position now; None where the move service should
    answer instead (not the player's turn, a move that cannot be played: it says why)."""
    if game.status != Game.Status.ACTIVE or game.turn != seat:
        return None
    _, state = moves_and_state(game)
    try:
        move = game.rules.normalize(state, text.strip())
        game.rules.play(state, move)
    except ValueError:
        return None
    sent = {
        "move": move,
        "ply": str(game.ply if ply is None else ply),
        "revision": str(game.revision),
        "confirmed": "1",
    }
    return {
        "display": game.rules.display(state, move),
        "squares": frozenset(game.rules.move_squares(move)),
        "vals": json.dumps(sent),
    }
