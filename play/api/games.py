"""A game as the API shows it, in lichess's shape (its game export): the first seat is
`white` and the second `black`, whatever the game calls them; `variant` is the game's slug,
`moves` its moves in its own notation, `initialFen` its own position text; `status` one of
lichess's, and `reason` Imperia's own (docs/api.md)."""

from __future__ import annotations

from play.api.users import milliseconds, perf_key
from play.models import Game

SIDES = ("white", "black")
# Imperia's reasons as lichess's statuses; the games' own ends are lichess's "variantEnd".
STATUSES = {
    "resign": "resign",
    "timeout": "outoftime",
    "abort": "aborted",
    "agreement": "draw",
    "no-start": "noStart",
    "stalemate": "stalemate",
    "checkmate": "mate",
}


def status(game: Game) -> str:
    if game.status == Game.Status.OPEN:
        return "created"
    if game.status == Game.Status.ABORTED:
        return "aborted"
    if game.status != Game.Status.FINISHED:
        return "started"
    return STATUSES.get(game.reason, "variantEnd")


def clock(tc: dict) -> dict | None:
    if tc.get("kind") == "live":
        return {"initial": tc["minutes"] * 60, "increment": tc["increment"],
                "totalTime": tc["minutes"] * 60 + 40 * tc["increment"]}  # fmt: skip
    return None


def shown(game: Game, request) -> dict:
    """The game; its moves read from `game.api_moves` when the caller fetched them."""
    seats = {s.index: s for s in game.seats.all()}
    moves = getattr(game, "api_moves", None)
    if moves is None:
        moves = list(game.moves.values_list("text", flat=True))
    shown_game = {
        "id": game.public_id,
        "rated": game.rated,
        "variant": game.game_slug,
        "speed": game.speed,
        "perf": perf_key(game.game_slug, game.speed),
        "createdAt": milliseconds(game.created_at),
        "lastMoveAt": milliseconds(game.finished_at or game.turn_started_at or game.created_at),
        "status": status(game),
        "reason": game.reason,
        "players": {
            side: {
                "user": {"name": seats[i].user.username, "id": seats[i].user.username.lower()},
                "rating": round(seats[i].rating) if seats[i].rating is not None else None,
            }
            if i in seats
            else {"name": game.player_name(i)}  # an imported record's player
            for i, side in enumerate(SIDES)
        },
        "initialFen": game.initial_position,
        "moves": " ".join(moves),
        "url": request.build_absolute_uri(game.get_absolute_url()),
    }
    if game.status == Game.Status.FINISHED and game.winner is not None:
        shown_game["winner"] = SIDES[game.winner]
    if game.options:
        shown_game["options"] = game.options
    if clock(game.time_control):
        shown_game["clock"] = clock(game.time_control)
    elif game.time_control.get("kind") == "days":
        shown_game["daysPerTurn"] = game.time_control["days"]
    return shown_game
