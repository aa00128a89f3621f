"""A game as the API shows it, in lichess's shape (its game export): the first seat is
`white` and the second `black`, whatever the game calls them; `variant` is the game's slug,
`moves` its moves in its own notation, `initialFen` its own position text; `speed` lichess's
name for its clock, `perf` the rating it counts for; `status` one of lichess's, and `reason`
Imperia's own (docs/api.md). A field lichess leaves out when it has nothing to say is left
out here too, never null; the computer is shown as lichess shows its AI (`aiLevel`)."""

from __future__ import annotations

import rules
from bots import review as bots_review
from play.api.users import milliseconds, perf_key
from play.common import clocks, players
from play.computer import opponents
from play.models import Game, Offer, Review
from play.ratings import ratings
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


# lichess's speeds, by the clock's estimated length (its time plus 40 increments): below
# each bound in seconds, that speed.
SPEEDS = ((30, "ultraBullet"), (180, "bullet"), (480, "blitz"), (1500, "rapid"))


def speed(tc: dict) -> str:
    """lichess's name for a time control's speed: a game with no live clock is correspondence,
    as lichess calls a game without one."""
    live = clock(tc)
    if live is None:
        return "correspondence"
    return next((name for most, name in SPEEDS if live["totalTime"] < most), "classical")


def ai_level(game: Game, seat: int) -> int | None:
    """The computer's level, if it holds this seat."""
    if game.computer_seat != seat:
        return None
    return opponents.level_of(game.player(seat))


def rating(game: Game, seat) -> int:
    """A player's rating in the game: their seat's as play began, or their rating now."""
    if seat.rating is not None:
        return round(seat.rating)
    return round(ratings.of(seat.user, game.game_slug, game.speed).rating)


def exported_player(game: Game, seats: dict, index: int) -> dict:
    """A side of a game's export: a player (lichess's LightUser and rating), the computer as
    lichess's AI (its level alone), or a name: an anonymous player's, an imported record's."""
    if index not in seats or players.is_guest(seats[index].user):
        return {"name": game.player_name(index)}
    if (level := ai_level(game, index)) is not None:
        return {"aiLevel": level}
    user = seats[index].user
    return {"user": light_user(user), "rating": rating(game, seats[index])}


def light_user(user) -> dict:
    """lichess's LightUser: its title only for a bot account (people here have none)."""
    shown = {"name": user.username, "id": user.username.lower()}
    if players.is_bot(user):
        shown["title"] = "BOT"
    return shown


# lichess holds back an ongoing game's last moves from its export (so that the export is
# no help to a player's engine): the last three plies, but never the first five.
HELD_BACK, ALWAYS_SHOWN = 3, 5


def exported_moves(game: Game, moves: list[str]) -> list[str]:
    if game.is_over:
        return moves
    return moves[: max(len(moves) - HELD_BACK, ALWAYS_SHOWN)]


def shown(game: Game, request, evals: bool = False) -> dict:
    """The game; its moves read from `game.api_moves` when the caller fetched them; with
    `evals`, the computer's review where it has one (lichess's `analysis`)."""
    seats = {s.index: s for s in game.seats.all()}
    moves = getattr(game, "api_moves", None)
    if moves is None:
        moves = list(game.moves.values_list("text", flat=True))
    shown_game = {
        "id": game.public_id,
        "rated": game.rated,
        "variant": game.game_slug,
        "speed": speed(game.time_control),
        "perf": perf_key(game.game_slug, game.speed),
        "createdAt": milliseconds(game.created_at),
        "lastMoveAt": milliseconds(game.finished_at or game.turn_started_at or game.created_at),
        "status": status(game),
        "source": source(game),
        "players": {side: exported_player(game, seats, i) for i, side in enumerate(SIDES)},
        "initialFen": game.initial_position,
        "moves": " ".join(exported_moves(game, moves)),
        "url": request.build_absolute_uri(game.get_absolute_url()),
    }
    if game.reason:
        shown_game["reason"] = game.reason
    if game.status == Game.Status.FINISHED and game.winner is not None:
        shown_game["winner"] = SIDES[game.winner]
    if game.options:
        shown_game["options"] = game.options
    if clock(game.time_control):
        shown_game["clock"] = clock(game.time_control)
    elif game.time_control.get("kind") == "days":
        shown_game["daysPerTurn"] = game.time_control["days"]
    if evals:
        add_analysis(game, shown_game)
    return shown_game


def add_analysis(game: Game, shown_game: dict) -> None:
    """The computer's review, where it is done, as lichess's export gives its analysis: each
    side's counts and accuracy, and after each move the first side's evaluation (`eval`:
    centipawns in Empire Chess, the search's points in the others; `mate`: moves to a forced
    result, negative when the second side forces it), with the judgement of a marked move
    and the computer's better move."""
    review = Review.of(game)  # none of the moves before a ruling changed them
    if review is None or review.status != Review.Status.DONE:
        return
    reckoned = review.reckoned()
    unit = 100 if game.game_slug == "empire-chess" else 1
    for side, seat in zip(SIDES, (0, 1), strict=True):
        counts = reckoned.counts[seat]
        shown_game["players"][side]["analysis"] = {
            "inaccuracy": counts["?!"],
            "mistake": counts["?"],
            "blunder": counts["??"],
            **({"accuracy": round(a)} if (a := reckoned.accuracy[seat]) is not None else {}),
        }
    analysis = []
    for judged, first in zip(reckoned.moves, review.first_sides()[1:], strict=True):
        entry = (
            {"mate": first.mate} if first.mate is not None else {"eval": round(first.score * unit)}
        )
        if judged.mark:
            name = bots_review.JUDGEMENTS[judged.mark]
            entry["judgment"] = {"name": name, "comment": bots_review.judgement(judged)}
            if judged.better:
                entry["best"] = judged.better
        analysis.append(entry)
    shown_game["analysis"] = analysis


# The streams' shapes: lichess's board and bot API (`gameFull`, `gameState`), and the game in
# its event stream (`gameStart`, `gameFinish`), with Imperia's few additions (docs/api.md).

# lichess's status ids, for the event stream's {"id", "name"}.
STATUS_IDS = {"created": 10, "started": 20, "aborted": 25, "mate": 30, "resign": 31,
              "stalemate": 32, "draw": 34, "outoftime": 35, "noStart": 37, "variantEnd": 60}  # fmt: skip
NO_CLOCK_MS = 2_147_483_647  # lichess's time left on a game without a clock


def variant(slug: str) -> dict:
    name = rules.get(slug).name
    return {"key": slug, "name": name, "short": name}


def player(user, rating: int | None = None, level: int | None = None) -> dict:
    """A player as the game streams and challenges show them (lichess's GameEventPlayer and
    ChallengeUser): with their rating where there is one, BOT the title of a bot account,
    and the computer's level as lichess's `aiLevel`; an anonymous player only "Anonymous", as
    its account's name is shown nowhere."""
    if players.is_guest(user):
        return {"name": players.public_name(user)}
    shown = {"id": user.username.lower(), "name": user.username}
    if players.is_bot(user):
        shown["title"] = "BOT"
    if level is not None:
        shown["aiLevel"] = level
    elif rating is not None:
        shown["rating"] = rating
    return shown


def seated(game: Game, seat) -> dict:
    """A seat's player, as the game's stream shows them."""
    level = ai_level(game, seat.index)
    return player(seat.user, None if level is not None else rating(game, seat), level)


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
    shown = {
        "type": "gameFull",
        "id": game.public_id,
        "variant": variant(game.game_slug),
        "speed": speed(game.time_control),
        "perf": {"name": perf_key(game.game_slug, game.speed)},
        "rated": game.rated,
        "createdAt": milliseconds(game.created_at),
        "white": seated(game, seats[0]),
        "black": seated(game, seats[1]),
        "initialFen": game.initial_position,
        "options": game.options,
        "state": state(game, moves, viewer),
    }
    if tc:
        shown["clock"] = {"initial": tc["initial"] * 1000, "increment": tc["increment"] * 1000}
    if game.time_control.get("kind") == "days":
        shown["daysPerTurn"] = game.time_control["days"]
    if game.tournament_id:
        shown["tournamentId"] = game.tournament.public_id
    return shown


def source(game: Game) -> str:
    """Where the game comes from, in lichess's words: an arena or a Swiss, a championship
    or a cup (lichess's "tournament"), the computer ("ai"), the lobby, or a challenge."""
    if game.tournament_id is not None:
        return game.tournament.kind
    if game.league_group_id is not None:
        return "tournament"
    if game.computer_seat is not None:
        return "ai"
    return "lobby" if game.listing == Game.Listing.SEEK else "friend"


def opponent(game: Game, seat) -> dict:
    """The opponent as the event stream names them: a player, or lichess's AI shape."""
    if (level := ai_level(game, seat.index)) is not None:
        return {"id": None, "username": opponents.name(level), "ai": level}
    if players.is_guest(seat.user):
        return {"id": None, "username": players.public_name(seat.user)}
    return {"id": seat.user.username.lower(), "username": players.shown_name(seat.user),
            "rating": rating(game, seat)}  # fmt: skip


def for_player(game: Game, seat: int) -> dict:
    """The game as its player's event stream names it (`gameStart`, `gameFinish`)."""
    seats = {s.index: s for s in game.seat_rows()}
    rival = seats.get(1 - seat)
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
        "perf": perf_key(game.game_slug, game.speed),
        "rated": game.rated,
        "source": source(game),
        "status": {"id": STATUS_IDS.get(name, 38), "name": name},
        "speed": speed(game.time_control),
        "variant": variant(game.game_slug),
        "compat": {"bot": True, "board": True},
        "phase": phase(game),
    }
    if rival is not None:
        shown_game["opponent"] = opponent(game, rival)
    if game.clocks is not None:
        shown_game["secondsLeft"] = int(clocks.left(game, seat, clocks.now()))
    if game.tournament_id is not None:
        shown_game["tournamentId"] = game.tournament.public_id
    if game.is_over and game.winner is not None and game.status == Game.Status.FINISHED:
        shown_game["winner"] = SIDES[game.winner]
    return shown_game


def now_playing(user) -> list[dict]:
    """lichess's games in play of a player, the most urgent first: those where it is their
    turn, then by the time they have left (a game without a clock last)."""
    found = Game.objects.filter(seats__user=user, status__in=Game.IN_PLAY)
    shown = [for_player(game, game.seat_of(user).index)
             for game in found.prefetch_related("seats__user").select_related("tournament")]  # fmt: skip
    return sorted(shown, key=lambda g: (not g["isMyTurn"], g.get("secondsLeft", NO_CLOCK_MS)))
