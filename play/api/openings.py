"""The opening explorer through the API, as lichess's explorer answers
(`explorer.lichess.ovh/lichess`, which berserk's `opening_explorer` reads): the moves played
from a position in the site's finished rated games, with the first side's wins as `white` and
the second's as `black`."""

from __future__ import annotations

import rules
from play.api.params import Params
from play.common.errors import Refused
from play.explorer import openings
from play.ratings import ratings

MOST_PLAYED = 50  # moves given on the way to the position (`play`)
MOST_LISTED = 200  # moves listed (`moves`): Empire's first have a thousand points to go to
# lichess's filters the site's explorer does not keep: asked for, they are refused, not ignored.
NOT_KEPT = ("ratings", "since", "until", "topGames", "recentGames", "history")


def statistics(params: Params) -> dict:
    """lichess's `variant` (a game's name here), `fen` (a position as the game writes it;
    its start by default), `play` (moves from it, separated by commas), `speeds` (live,
    correspondence) and `moves` (how many to list, 12 by default)."""
    for name in NOT_KEPT:
        if params.values.get(name) not in (None, ""):
            raise Refused(f"Imperia's explorer keeps no {name}: leave it out.")
    slug = params.text("variant", "empire-chess", most=32)
    try:
        game_rules = rules.get(slug)
    except ValueError:
        raise Refused(f"There is no game called {slug}.") from None
    state = _position(game_rules, params.text("fen", most=20_000), params.text("play", most=10_000))
    speeds = [s for s in params.text("speeds", most=100).split(",") if s]
    unknown = [s for s in speeds if s not in ratings.SPEEDS]
    if unknown:
        raise Refused(
            f"Malformed request: the speeds are live and correspondence, not {unknown[0]}."
        )
    speed = speeds[0] if len(set(speeds)) == 1 else ""
    listed = params.number("moves", MOST_LISTED)
    played = openings.explore(game_rules, state, speed)
    total = openings.summed(played)
    return {
        "white": total.first_wins,
        "draws": total.draws,
        "black": total.second_wins,
        "moves": [
            {
                "uci": p.move,
                "san": p.display,
                "averageRating": p.rating,
                "white": p.first_wins,
                "draws": p.draws,
                "black": p.second_wins,
            }  # fmt: skip
            for p in played[: 12 if listed is None else listed]
        ],
    }


def _position(game_rules: rules.Game, fen: str, play: str):
    """The position asked about: `fen` (or the start) and the moves of `play` from it, each
    checked by the rules; a 400 naming what cannot be read or played."""
    try:
        state = game_rules.parse(fen) if fen else game_rules.initial()
    except ValueError as exc:
        raise Refused(
            f"Malformed request: fen is no position of {game_rules.slug} ({exc})."
        ) from None
    moves = [m for m in play.split(",") if m]
    if len(moves) > MOST_PLAYED:
        raise Refused(f"Malformed request: play at most {MOST_PLAYED} moves.")
    for move in moves:
        try:
            state = game_rules.play(state, move)
        except ValueError as exc:
            raise Refused(
                f"Malformed request: the move {move} cannot be played there ({exc})."
            ) from None
    return state
