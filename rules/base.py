"""What every game shares: the contract of DESIGN.md, states, outcomes, repetition.

A game is a small class overriding a few hooks of `Game` (the way python-chess puts
each variant in a class): `start`, `parse`, `format`, `generate`, `apply`, `judge`,
and optionally `explain` and `normalize` for friendlier messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field


class IllegalMove(ValueError):
    """A move or position the rules refuse; the message is written for the player."""


@dataclass(frozen=True)
class Outcome:
    winner: int | None  # seat index, or None for a draw
    reason: str


@dataclass(frozen=True)
class State:
    """Base of every game's immutable state.

    `history` holds the repetition keys of earlier positions that still count for
    repetition; it is not part of equality, so `parse(format(s)) == s` holds.
    `memo` caches values derived from the state (legal moves, outcome); it never
    changes what the state means.
    """

    history: tuple = field(default=(), compare=False, kw_only=True, repr=False)
    memo: dict = field(default_factory=dict, compare=False, kw_only=True, repr=False)


class Game:
    slug: str
    name: str
    seats: tuple[str, str]
    rules_version = 1

    # --- the contract -------------------------------------------------------
    def initial(self, options=None) -> State:
        return self.start(self.validate_options(options))

    def parse(self, text: str) -> State:
        raise NotImplementedError

    def format(self, state: State) -> str:
        raise NotImplementedError

    def to_move(self, state: State) -> int | None:
        return None if self.outcome(state) else state.turn

    def legal_moves(self, state: State) -> list[str]:
        if self.outcome(state):
            return []
        return list(self._moves(state))

    def play(self, state: State, move: str) -> State:
        if not isinstance(move, str) or not move.strip():
            raise IllegalMove("Enter a move.")
        if len(move) > 200:
            raise IllegalMove("That move text is far too long.")
        if self.outcome(state):
            raise IllegalMove("The game is over.")
        text = self.normalize(state, move.strip())
        if text not in self._moves(state):
            raise IllegalMove(self.explain(state, text))
        return self.apply(state, text)

    def outcome(self, state: State) -> Outcome | None:
        memo = state.memo
        if "outcome" not in memo:
            memo["outcome"] = self.judge(state)
        return memo["outcome"]

    # --- helpers offered beyond the contract ---------------------------------
    def replay(self, moves: Iterable[str], options=None) -> State:
        """The state after playing `moves` from the start; raises on the first bad one."""
        state = self.initial(options)
        for ply, move in enumerate(moves, start=1):
            try:
                state = self.play(state, move)
            except IllegalMove as exc:
                raise IllegalMove(f"Ply {ply} ({move}): {exc}") from None
        return state

    def display(self, state: State, move: str) -> str:
        """How a legal move is shown to players (SAN for chess-like games)."""
        return move

    # --- hooks ---------------------------------------------------------------
    def validate_options(self, options) -> dict:
        if options:
            raise ValueError(f"{self.name} takes no options.")
        return {}

    def start(self, options: dict) -> State:
        raise NotImplementedError

    def generate(self, state: State) -> Iterable[str]:
        """Every legal move of the side to move, ignoring whether the game is over."""
        raise NotImplementedError

    def apply(self, state: State, move: str) -> State:
        """The state after a move already known to be legal."""
        raise NotImplementedError

    def judge(self, state: State) -> Outcome | None:
        raise NotImplementedError

    def normalize(self, state: State, text: str) -> str:
        """Turn accepted spellings of a move (e.g. SAN) into the canonical one."""
        return text

    def explain(self, state: State, move: str) -> str:
        """Why a move that is not legal here is refused."""
        return f"{move} is not a legal move here."

    # --- shared machinery ----------------------------------------------------
    def _moves(self, state: State) -> tuple[str, ...]:
        memo = state.memo
        if "moves" not in memo:
            memo["moves"] = tuple(sorted(set(self.generate(state))))
        return memo["moves"]

    @staticmethod
    def repetitions(state: State, key, window: int) -> int:
        """How often `key` occurred among the last `window` earlier positions."""
        if window <= 0:
            return 0
        return state.history[-window:].count(key)

    @staticmethod
    def extend_history(state: State, key, window: int) -> tuple:
        """History for the next state: this position's key appended, trimmed to `window`."""
        if window <= 0:
            return ()
        return (state.history + (key,))[-window:]
