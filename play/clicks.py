"""The player's pieces made clickable: each legal move becomes a click on its origin (and maybe
its target), a choice, or a button (play/presenter.py draws them)."""

from __future__ import annotations

import json
from functools import lru_cache
from urllib.parse import quote_plus

import rules
from play import addresses
from play.boards.base import Marks
from play.models import Game


class Clicks:
    """Make the player's pieces clickable. A move is its origin (a square, a reserve piece
    `Q@`, a direction) and maybe a target. An origin with a single move plays it at once;
    others are selected first and show their targets; a target that stands for several
    moves (a ride, a replacement) is picked and they are offered as choices. Moves with no
    square (pass, deploy) become buttons."""

    def __init__(self, game: Game, marks: Marks, selected, pick, at_once=True):
        self.game, self.rules, self.marks = game, game.rules, marks
        self.selected, self.pick = selected, pick
        # Sent at once, or first shown for the player's "Confirm" (play/confirm.py).
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
            self.choices.append({"label": self.rules.describe(move), "attrs": post(move)})

    def offer(self, moves, post) -> None:
        game_rules, marks = self.rules, self.marks
        slug = game_rules.slug
        by_origin: dict[str, dict[str, list[str]]] = {}
        squareless = []
        for move in moves:
            squares = squares_of(slug, move)
            if squares:
                target = squares[1] if len(squares) > 1 else ""
                by_origin.setdefault(squares[0], {}).setdefault(target, []).append(move)
            else:
                squareless.append(move)
        self.choose(squareless, post)
        selected = self.selected if self.selected in by_origin else None
        if selected and set(by_origin[selected]) == {""} and len(by_origin[selected][""]) == 1:
            selected = None
        for origin, targets in by_origin.items():
            actions = self.in_hand if origin.endswith("@") else marks.actions
            only = targets.get("") if set(targets) == {""} else None
            if only and len(only) == 1:
                actions[origin] = post(only[0])
            else:
                actions[origin] = self._get(select=origin)
        self.selected = selected
        if not selected:
            return
        # A second click on the selection cancels it.
        (self.in_hand if selected.endswith("@") else marks.actions)[selected] = self._get()
        marks.selected = selected
        for target, options in by_origin[selected].items():
            if not target:
                continue
            strike = all(game_rules.strikes(m) for m in options)
            marks.strikes |= {target} if strike else set()
            marks.targets |= set() if strike else {target}
            if len(options) == 1:
                marks.actions[target] = post(options[0])
            else:
                marks.actions[target] = self._get(select=selected, pick=target)
        picked = (
            by_origin[selected].get(self.pick or "", [])
            if self.pick
            else by_origin[selected].get("", [])
        )
        self.choose(picked, post)

    def _get(self, **params) -> dict[str, str]:
        if not params:
            return {"hx-get": self.live_url}
        # As urlencode writes it: the names (select, pick) need no quoting, each value its own
        # (a square's name, like e4, needs none either).
        query = "&".join(f"{name}={_quoted(value)}" for name, value in params.items())
        return {"hx-get": f"{self.live_url}?{query}"}


def _quoted(value: str) -> str:
    return value if value.isascii() and value.isalnum() else quote_plus(value)


@lru_cache(maxsize=1 << 16)  # every move of every game's boards: a few tens of thousands
def squares_of(slug: str, move: str) -> tuple[str, ...]:
    """The squares a move text names (its rules' move_squares), read once per text: a board
    asks it of every legal move each time it is drawn."""
    return rules.get(slug).move_squares(move)
