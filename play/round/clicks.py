"""The player's pieces made clickable: each legal move becomes a click on its origin (and maybe
its target), a choice, or a button (play/round/presenter.py draws them)."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from itertools import compress
from operator import itemgetter, not_
from urllib.parse import quote_plus

import rules
from play.boards.base import Marks
from play.common.language import translated
from play.models import Game
from play.round import addresses


class Clicks:
    """Make the player's pieces clickable. A move is its origin (a square, a reserve piece
    `Q@`, a direction) and maybe a target. An origin with a single move plays it at once;
    others are selected first and show their targets; a target that stands for several
    moves (a ride, a replacement) is picked and they are offered as choices. Moves with no
    square (pass, deploy) become buttons."""

    def __init__(self, game: Game, marks: Marks, selected, pick, at_once=True):
        self.game, self.rules, self.marks = game, game.rules, marks
        self.selected, self.pick = selected, pick
        # Sent at once, or first shown for the player's "Confirm" (play/round/confirm.py).
        self.sent = {"confirmed": "1"} if at_once else {}
        self.in_hand: dict[str, dict[str, str]] = {}  # reserve origins -> attributes
        self.choices: list[dict] = []
        urls = addresses.of(game)
        self.live_url, self.move_url = urls["live"], urls["move"]

    def play(self, move: str) -> dict[str, str]:
        # The revision: the answer is only what the move changed on this board.
        game = self.game
        vals = {"move": move, "ply": str(game.ply), "revision": str(game.revision), **self.sent}
        return {"hx-post": self.move_url, "hx-vals": json.dumps(vals)}

    def choose(self, moves, post) -> None:
        """Offer each move as a button of its own (moves with no square, or a square's
        several)."""
        for move in moves:
            self.choices.append(
                {"label": translated(self.rules.describe(move)), "attrs": post(move)}
            )

    def offer(self, moves, post) -> None:
        marks = self.marks
        # Each move's (origin, target), read from a table in C; (None, "") when it has no square.
        pairs = list(map(squares_table(self.rules.slug).__getitem__, moves))
        origins = list(map(itemgetter(0), pairs))
        counts = Counter(origins)  # each origin's moves, in the order first met
        if None in counts:
            del counts[None]
            self.choose(list(compress(moves, map(not_, origins))), post)
        # Where each origin's last move is: its move, when it has only one.
        last = dict(zip(origins, range(len(moves)), strict=True))
        selected = self.selected if self.selected in counts else None
        for origin, count in counts.items():
            actions = self.in_hand if origin.endswith("@") else marks.actions
            if count == 1 and not pairs[last[origin]][1]:  # one move, no target: played at once
                actions[origin] = post(moves[last[origin]])
                if origin == selected:
                    selected = None
            else:
                actions[origin] = self._get(select=origin)
        self.selected = selected
        if not selected:
            return
        # A second click on the selection cancels it.
        (self.in_hand if selected.endswith("@") else marks.actions)[selected] = self._get()
        marks.selected = selected
        by_target: dict[str, list[str]] = {}
        for move, (origin, target) in zip(moves, pairs, strict=True):
            if origin == selected:
                by_target.setdefault(target, []).append(move)
        for target, options in by_target.items():
            if not target:
                continue
            strike = all(self.rules.strikes(m) for m in options)
            marks.strikes |= {target} if strike else set()
            marks.targets |= set() if strike else {target}
            if len(options) == 1:
                marks.actions[target] = post(options[0])
            else:
                marks.actions[target] = self._get(select=selected, pick=target)
        self.choose(by_target.get(self.pick or "", []), post)

    def _get(self, select: str | None = None, pick: str | None = None) -> dict[str, str]:
        # As urlencode writes it: the names need no quoting, each value its own (a square's
        # name, like e4, needs none either).
        url = self.live_url
        if select is not None:
            url += f"?select={_quoted(select)}"
            if pick is not None:
                url += f"&pick={_quoted(pick)}"
        return {"hx-get": url}


class ClicksByAddress(Clicks):
    """Clicks on a board that is no game's (the analysis board, a lesson's): each selection an
    address of the page's own, written by `url(**params)`; subclasses say what a move does."""

    def __init__(self, game_rules, marks: Marks, selected, pick, url):
        self.rules, self.marks = game_rules, marks
        self.selected, self.pick, self.url = selected, pick, url
        self.in_hand: dict[str, dict[str, str]] = {}
        self.choices: list[dict] = []

    def _get(self, **params) -> dict[str, str]:
        return {"hx-get": self.url(**params)}


def _quoted(value: str) -> str:
    return value if value.isascii() and value.isalnum() else quote_plus(value)


class _SquaresTable(dict):
    """move text -> (origin, target) as the rules' move_squares name them: (None, "") for a
    move with no square, target "" for one with a single square. Filled as moves are met."""

    # Every move of a game's boards: a few tens of thousands; past it, started again.
    LIMIT = 1 << 16

    def __init__(self, slug: str):
        super().__init__()
        self.move_squares = rules.get(slug).move_squares

    def __missing__(self, move: str) -> tuple[str | None, str]:
        if len(self) >= self.LIMIT:
            self.clear()
        squares = self.move_squares(move)
        pair = (squares[0], squares[1] if len(squares) > 1 else "") if squares else (None, "")
        self[move] = pair
        return pair


@cache
def squares_table(slug: str) -> _SquaresTable:
    """The game's table of each move text's squares, read once per text: a board asks it of
    every legal move each time it is drawn."""
    return _SquaresTable(slug)
