"""The opening explorer: for each game, the moves the site's players chose from a position in
their finished rated games, how often, how those games ended, and the games' mean rating, as
lichess's explorer shows them. A game is counted as it ends, and counted out and in again when
a ruling changes it (`result_changed`, inside that transaction, the game row locked), so the
explorer always agrees with the results as they stand. Positions are the rules' position key
(`rules.Game.position_key`: counters aside, so two orders of moves that reach one position
meet there), hashed with the game's name to 64 bits."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db import connection
from django.db.models import Sum
from django.dispatch import receiver
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from play.common import jinja
from play.common.language import translated
from play.common.numbers import Malformed
from play.games.lifecycle import result_changed
from play.models import ExploredGame, Game, OpeningMove
from play.ratings import ratings

# How many plies of each game are counted. Past the opening nearly every game's position is
# its own: each ply counted then costs a row a game and tells nobody anything.
PLIES = {
    # The chess-like games: ten moves each, as far as the opening books of chess mostly go
    # (the ECO's lines end within ten to twelve).
    "empire-chess": 20,
    "imperial-chess": 20,
    "empress": 20,  # its first eight plies drop the reserve's pieces: theory is where they go
    # Every game begins from the arrangements its players make (or are dealt), so only games
    # from one arrangement meet: a rematch, a set-up passed round. Their first Emperor moves.
    "imperial-shuffle": 8,
    # Dots on a board of 256 to 1,024 points: the opening is the fight round the starting
    # cross in the centre; six placements each settle which side its four stones favour, and
    # past them the game is local fights anywhere on the board, no longer shared.
    "empire": 12,
}


def position_id(game_rules: rules.Game, state) -> int:
    """The explorer's key of a position: its game and its position key, in 64 bits."""
    key = f"{game_rules.slug}\n{game_rules.position_key(state)}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big", signed=True)


@receiver(result_changed)
def follow(sender, game: Game, **kwargs) -> None:
    """A game's result changed (it ended, or a ruling changed it): what the explorer counts of
    it follows. Counted again unchanged, nothing is written."""
    if not game.rated:  # never counted: a casual game's end costs no query here
        return
    wanted = _as_counted(game)
    kept = ExploredGame.objects.filter(game=game).first()
    if kept is not None and wanted is not None and _same(kept, wanted):
        return
    if kept is not None:
        _add(game, kept, -1)
        kept.delete()
    if wanted is not None:
        _add(game, wanted, 1)
        wanted.save()


def _as_counted(game: Game) -> ExploredGame | None:
    """What a rated game adds to the explorer as it stands: its first moves once finished
    (aborted, annulled or in play, nothing; casual games, the computer's and imported ones
    are never rated)."""
    if game.status != Game.Status.FINISHED:
        return None
    line = list(game.moves.values_list("text", flat=True)[: PLIES[game.game_slug]])
    if not line:
        return None
    rating = round(game.rating_mean) if game.rating_mean is not None else None
    return ExploredGame(
        game=game, speed=game.speed, winner=game.winner, rating=rating, line=" ".join(line)
    )


def _same(kept: ExploredGame, wanted: ExploredGame) -> bool:
    fields = ("speed", "winner", "rating", "line")
    return all(getattr(kept, name) == getattr(wanted, name) for name in fields)


def moves_of(game: Game, line: str) -> set[tuple[int, str]]:
    """Each (position, move) of a line played from the game's start, once: a move made again
    from a position met again in the same game counts the game once."""
    game_rules = game.rules
    state = game_rules.resume([game.initial_position], game.options)
    found = set()
    for move in line.split(" "):
        found.add((position_id(game_rules, state), move))
        state = game_rules.play(state, move)
    return found


def _add(game: Game, counted: ExploredGame, sign: int) -> None:
    """Count a game's moves in (`sign` 1) or out (-1), every row in one statement, in the one
    order of their keys, so that two games ending at once lock shared rows in the same order
    (the first moves are shared by nearly every game)."""
    seen = moves_of(game, counted.line)
    result = [0, 0, 0]
    result[{0: 0, None: 1, 1: 2}[counted.winner]] = sign
    rating = (sign * counted.rating, sign) if counted.rating is not None else (0, 0)
    rows = [(position, counted.speed, move, *result, *rating) for position, move in sorted(seen)]
    table = connection.ops.quote_name(OpeningMove._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (position, speed, move, {', '.join(_SUMMED)}) VALUES "
            + ", ".join(["(%s, %s, %s, %s, %s, %s, %s, %s)"] * len(rows))
            + " ON CONFLICT (position, speed, move) DO UPDATE SET "
            + ", ".join(f"{name} = {table}.{name} + excluded.{name}" for name in _SUMMED),
            [value for row in rows for value in row],
        )
    if sign < 0:  # a move no game plays any more is no row
        OpeningMove.objects.filter(
            position__in={position for position, _ in seen},
            speed=counted.speed,
            first_wins=0,
            draws=0,
            second_wins=0,
        ).delete()


@dataclass
class Played:
    """One move from the position (or all of them, `move` blank): its games, how they
    ended, and their mean ratings added up."""

    move: str
    display: str
    first_wins: int
    draws: int
    second_wins: int
    rating_sum: int
    rated_games: int
    url: str = ""  # on the analysis board: the address that plays it there
    share: int = 0  # of the position's games, in whole percent

    @property
    def games(self) -> int:
        return self.first_wins + self.draws + self.second_wins

    @property
    def rating(self) -> int | None:
        """The games' mean rating, or None when none had one."""
        return round(self.rating_sum / self.rated_games) if self.rated_games else None

    def shares(self) -> tuple[int, int, int]:
        """The results in whole percentages that add up to 100 (largest remainders)."""
        counts = (self.first_wins, self.draws, self.second_wins)
        exact = [100 * count / self.games for count in counts]
        shares = [int(x) for x in exact]
        for i in sorted(range(3), key=lambda i: shares[i] - exact[i])[: 100 - sum(shares)]:
            shares[i] += 1
        return shares[0], shares[1], shares[2]


_SUMMED = ("first_wins", "draws", "second_wins", "rating_sum", "rated_games")


def explore(game_rules: rules.Game, state, speed: str = "") -> list[Played]:
    """The moves played from this position in the site's finished rated games of the game
    (at one speed, or all), the most played first."""
    found = OpeningMove.objects.filter(position=position_id(game_rules, state))
    if speed:
        found = found.filter(speed=speed)
    rows = found.values("move").annotate(**{f"all_{name}": Sum(name) for name in _SUMMED})
    played = [
        Played(
            row["move"],
            game_rules.display(state, row["move"]),
            *(row[f"all_{name}"] for name in _SUMMED),
        )
        for row in rows.order_by()
    ]
    played = [p for p in played if p.games > 0]
    played.sort(key=lambda p: (-p.games, p.display))
    return played


def summed(played: list[Played], display: str = "") -> Played:
    """These moves' games together, as one row (`display` names it)."""
    return Played("", display, *(sum(getattr(p, name) for p in played) for name in _SUMMED))


def read_choice(query) -> dict[str, str]:
    """The explorer as an address asks for it (`explorer=1`, `speed=live` or
    `correspondence`): the parameters the analysis board keeps in its every address."""
    shown, speed = query.get("explorer", ""), query.get("speed", "")
    if shown not in ("", "0", "1"):
        raise Malformed(_("Malformed request: explorer is 0 or 1."))
    if speed not in ("", *ratings.SPEEDS):
        raise Malformed(_("Malformed request: speed is live or correspondence."))
    return {"explorer": "1", **({"speed": speed} if speed else {})} if shown == "1" else {}


def panel(game_rules: rules.Game, state, params: dict, url, source: Game | None) -> SafeString:
    """The explorer's part of the analysis board: a button that opens it, or the moves
    played from the position shown, each a link that plays it on the board (`url(**extra)`
    is the board's address with more). Not from a live game in play: its players may use
    no book, as on lichess; a correspondence game's may, as on lichess."""
    if params.get("explorer") != "1":
        return jinja.render(PANEL, {"open_url": url(explorer="1")})
    if source is not None and source.live_in_play:
        refused = _("The opening explorer opens once this live game ends.")
        return jinja.render(PANEL, {"refused": refused})
    speed = params.get("speed", "")
    played = explore(game_rules, state, speed)
    total = summed(played)
    shown, others = played[:MOST_SHOWN], played[MOST_SHOWN:]
    for row in shown:
        row.url = url(action="play", move=row.move)
    if others:  # Empire's first placements: a thousand points, most of them seldom played
        words = ngettext("%(num)s other move", "%(num)s other moves", len(others))
        shown.append(summed(others, words % {"num": len(others)}))
    for row in shown:
        row.share = round(100 * row.games / total.games)
    speeds = [("", _("All speeds"))] + [(key, str(name)) for key, name in ratings.SPEEDS.items()]
    context = {
        "played": shown,
        "total": total,
        "speed": speed,
        "speeds": [
            {"label": label, "url": url(speed=key), "current": key == speed}
            for key, label in speeds
        ],
        "close_url": url(explorer="0", speed=""),
        "plies": PLIES[game_rules.slug],
        "seats": [translated(seat) for seat in game_rules.seats],
    }
    return jinja.render(PANEL, context)


PANEL = "explorer/panel.html"
MOST_SHOWN = 30  # moves listed on the board; the rest summed in one row
