"""A game as the API shows it, in lichess's shape (its game export): the first seat is
`white` and the second `black`, whatever the game calls them; `variant` is the game's slug,
`moves` its moves in its own notation, `initialFen` its own position text; `status` one of
lichess's, and `reason` Imperia's own (docs/api.md)."""

from __future__ import annotations

import rules
from play.api.users import milliseconds, perf_key
from play.common import clocks, players
from play.models import Game, Offer
from play.round import offers

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
            if i in seats and not players.is_guest(seats[i].user)
            else {"name": game.player_name(i)}  # an anonymous player, an imported record's
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


# The streams' shapes: lichess's board and bot API (`gameFull`, `gameState`), and the game in
# its event stream (`gameStart`, `gameFinish`), with Imperia's few additions (docs/api.md).

# lichess's status ids, for the event stream's {"id", "name"}.
STATUS_IDS = {"created": 10, "started": 20, "aborted": 25, "mate": 30, "resign": 31,
              "stalemate": 32, "draw": 34, "outoftime": 35, "noStart": 37, "variantEnd": 60}  # fmt: skip
NO_CLOCK_MS = 2_147_483_647  # lichess's time left on a game without a clock


def variant(slug: str) -> dict:
    name = rules.get(slug).name
    return {"key": slug, "name": name, "short": name}


def player(user, rating: float | None = None) -> dict:
    """A player as the game streams and challenges show them, with their rating in the game
    (a seat's) where there is one; a bot account's title is BOT; an anonymous player only
    "Anonymous", as its account's name is shown nowhere."""
    if players.is_guest(user):
        return {"name": players.public_name(user)}
    return {
        "id": user.username.lower(),
        "name": user.username,
        "title": "BOT" if players.is_bot(user) else None,
        "rating": round(rating) if rating is not None else None,
    }


def _time_ms(game: Game, seat: int, at) -> int:
    left = clocks.left(game, seat, at) if game.status == Game.Status.ACTIVE else None
    if left is None:
        left = game.clocks[seat] if game.clocks else None
    return NO_CLOCK_MS if left is None else int(left * 1000)


def phase(game: Game) -> str:
    """Imperia's: whether the players are arranging their pieces, or playing."""
    return "setup" if game.status == Game.Status.SETUP else "play"


def state(game: Game, moves: list[str], viewer=None) -> dict:
    """The game as it stands (`gameState`): its moves, clocks in milliseconds, standing
    offers, status; and Imperia's: the position (`fen`), its ply and revision (which a move
    sends back, so that one chosen before a takeback is refused), whose turn, the phase, and
    in a setup phase the viewer's own arrangement and who has submitted."""
    at = clocks.now()
    increment = (game.time_control.get("increment", 0) * 1000) if clock(game.time_control) else 0
    # The seat that made each standing offer (None: none stands).
    offered = {kind: getattr(offers.standing_offer(game, kind), "seat", None)
               for kind in (Offer.Kind.DRAW, Offer.Kind.TAKEBACK)}  # fmt: skip
    seats = {s.index: s for s in game.seat_rows()}
    shown_state = {
        "type": "gameState",
        "moves": " ".join(moves),
        "wtime": _time_ms(game, 0, at),
        "btime": _time_ms(game, 1, at),
        "winc": 0 if 0 in game.berserk else increment,
        "binc": 0 if 1 in game.berserk else increment,
        "wdraw": offered[Offer.Kind.DRAW] == 0,
        "bdraw": offered[Offer.Kind.DRAW] == 1,
        "wtakeback": offered[Offer.Kind.TAKEBACK] == 0,
        "btakeback": offered[Offer.Kind.TAKEBACK] == 1,
        "status": status(game),
        "fen": game.position,
        "ply": game.ply,
        "revision": game.revision,
        "toMove": SIDES[game.turn] if game.turn is not None and not game.is_over else None,
        "phase": phase(game),
    }
    if game.status == Game.Status.SETUP:
        shown_state["submitted"] = {SIDES[i]: bool(s.submitted_at) for i, s in seats.items()}
        mine = game.seat_of(viewer) if viewer is not None else None
        if mine is not None:
            shown_state["arrangement"] = mine.arrangement
    if game.is_over:
        if game.winner is not None and game.status == Game.Status.FINISHED:
            shown_state["winner"] = SIDES[game.winner]
        shown_state["reason"] = game.reason
    return shown_state


def full(game: Game, moves: list[str], viewer=None) -> dict:
    """The game whole (`gameFull`), the first line of its stream."""
    seats = {s.index: s for s in game.seat_rows()}
    tc = clock(game.time_control)
    return {
        "type": "gameFull",
        "id": game.public_id,
        "variant": variant(game.game_slug),
        "clock": {"initial": tc["initial"] * 1000, "increment": tc["increment"] * 1000}
        if tc
        else None,
        "daysPerTurn": game.time_control.get("days"),
        "speed": game.speed,
        "perf": {"name": perf_key(game.game_slug, game.speed)},
        "rated": game.rated,
        "createdAt": milliseconds(game.created_at),
        "white": player(seats[0].user, seats[0].rating) if 0 in seats else None,
        "black": player(seats[1].user, seats[1].rating) if 1 in seats else None,
        "initialFen": game.initial_position,
        "options": game.options,
        "tournamentId": game.tournament.public_id if game.tournament_id else None,
        "state": state(game, moves, viewer),
    }


def source(game: Game) -> str:
    if game.tournament_id is not None:
        return game.tournament.kind
    if game.league_group_id is not None:
        return "league"
    return "lobby" if game.listing == Game.Listing.SEEK else "friend"


def for_player(game: Game, seat: int) -> dict:
    """The game as its player's event stream names it (`gameStart`, `gameFinish`)."""
    seats = {s.index: s for s in game.seat_rows()}
    opponent = seats.get(1 - seat)
    moved = game.moves.filter(seat=seat).exists() if game.ply else False
    name = status(game)
    shown_game = {
        "id": game.public_id,
        "gameId": game.public_id,
        "fullId": game.public_id,
        "color": SIDES[seat],
        "fen": game.position,
        "hasMoved": moved,
        "isMyTurn": game.turn == seat and not game.is_over,
        "lastMove": game.moves.order_by("-ply").values_list("text", flat=True).first() or "",
        "opponent": {
            "id": opponent.user.username.lower(),
            "username": players.shown_name(opponent.user),
            "rating": round(opponent.rating) if opponent.rating is not None else None,
        }
        if opponent and not players.is_guest(opponent.user)
        else {"username": players.public_name(opponent.user)}
        if opponent
        else None,
        "perf": perf_key(game.game_slug, game.speed),
        "rated": game.rated,
        "secondsLeft": None if game.clocks is None else int(clocks.left(game, seat, clocks.now())),
        "source": source(game),
        "status": {"id": STATUS_IDS.get(name, 38), "name": name},
        "speed": game.speed,
        "variant": variant(game.game_slug),
        "compat": {"bot": True, "board": True},
        "phase": phase(game),
    }
    if game.is_over and game.winner is not None and game.status == Game.Status.FINISHED:
        shown_game["winner"] = SIDES[game.winner]
    return shown_game
