"""What every game shares: the contract of DESIGN.md, states, outcomes, repetition.

A game is a small class overriding a few hooks of `Game` (the way python-chess puts
each variant in a class): `start`, `parse`, `format`, `generate`, `apply`, `judge`,
and optionally `explain` and `normalize` for friendlier messages.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import wraps

from rules import record
from rules.results import IllegalMove, Outcome, UnreadableMove
from rules.said import said

__all__ = [
    "Game",
    "IllegalMove",
    "Outcome",
    "State",
    "UnreadableMove",
]  # the contract's names, from here


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


def of_the_state(method):
    """A game's method whose value the state alone decides, worked out once for each state
    (kept in its memo): the pieces lost are asked for by every view of a move."""
    name = method.__name__

    @wraps(method)
    def derived(self, state):
        memo = state.memo
        if name not in memo:
            memo[name] = method(self, state)
        return memo[name]

    return derived


class Game:
    slug: str
    name: str
    seats: tuple[str, str]
    rules_version = 1
    notation_help = said("Moves are written as the rules page shows.")
    needs_setup = False  # whether players arrange their pieces before the first move
    record_format = ("txt", "text/plain")  # file extension and media type of the record

    # --- the contract -------------------------------------------------------
    def initial(self, options=None) -> State:
        return self.start(self.validate_options(options))

    def parse(self, text: str) -> State:
        raise NotImplementedError

    def format(self, state: State) -> str:
        raise NotImplementedError

    def position_key(self, state: State) -> str:
        """The position as the players face it, its counters aside (move numbers, plies since
        a capture): the board, the side to move, hands, rights. Two positions with the same
        key are the same position to anyone asking the engine about it."""
        return self.without_counters(self.format(state))

    def without_counters(self, text: str) -> str:
        """A canonical position text less its counters: most games write two last."""
        return text.rsplit(" ", 2)[0]

    def to_move(self, state: State) -> int | None:
        return None if self.outcome(state) else state.turn

    def legal_moves(self, state: State) -> list[str]:
        if self.outcome(state):
            return []
        return list(self._moves(state))

    def play(self, state: State, move: str) -> State:
        if not isinstance(move, str) or not move.strip():
            raise UnreadableMove(said("Enter a move."))
        if len(move) > 200:
            raise UnreadableMove(said("That move text is far too long."))
        if self.outcome(state):
            raise IllegalMove(said("The game is over."))
        text = self.normalize(state, move.strip())
        if not self.is_legal(state, text):
            refusal = IllegalMove if self.readable(state, text) else UnreadableMove
            raise refusal(self.explain(state, text))
        return self.apply(state, text)

    def outcome(self, state: State) -> Outcome | None:
        memo = state.memo
        if "outcome" not in memo:
            memo["outcome"] = self.judge(state)
        return memo["outcome"]

    # --- helpers offered beyond the contract ---------------------------------
    def resume(self, texts: list[str], options=None) -> State:
        """The state of the last position text, with the earlier ones as its history.

        This is how a stored game is picked up again without replaying every move:
        the positions after each move are stored, and repetition needs only them.
        `options` are the game's, for rules they change that the text does not record.
        """
        if not texts:
            raise ValueError("Nothing to resume from.")
        return self.extend(self.with_options(self.parse(texts[0]), options), texts[1:], options)

    def extend(self, state: State, texts: list[str], options=None) -> State:
        """`state` carried on through the positions after later moves, as `resume` would
        have it: a game known up to some ply catches up without reading its start again."""
        for text in texts:
            nxt = self.with_options(self.parse(text), options)
            state = replace(nxt, history=self.next_history(state, self.repetition_window(nxt)))
        return state

    def with_options(self, state: State, options) -> State:
        """The state under the game's options, where the position text does not say them."""
        return state

    def export_record(
        self, moves, headers, outcome=None, start: State | None = None, notes=None
    ) -> str:
        """The game's record as text, in the format of `record_format`; `notes`, a mark and a
        comment a move (record.export)."""
        return record.export(self, start or self.initial(), moves, headers, outcome, notes)

    def import_record(self, text: str):
        """Read a record (`export_record`'s, or another program's in the same format): its
        start, canonical moves, names, options and outcome; ValueError when unreadable."""
        return record.read(self, text)

    def record_tags(self, start: str) -> dict[str, str]:
        """Tags naming the game and its start in an exported record."""
        return {"Game": self.name, "Position": start}

    def display(self, state: State, move: str) -> str:
        """How a legal move is shown to players (SAN for chess-like games)."""
        return move

    def display_line(self, state: State, moves) -> list[str]:
        """Moves played one after another from `state`, each as `display` shows it."""
        shown = []
        for move in moves:
            shown.append(self.display(state, move))
            state = self.play(state, move)
        return shown

    # --- for the board and the move list -------------------------------------
    def move_squares(self, move: str) -> tuple[str, ...]:
        """The squares a move concerns, origin first (for highlighting and clicking)."""
        return ()

    def squareless_moves(self, state: State) -> list[str]:
        """The legal moves that name no square (a pass, a deployment): the buttons beside a
        board. A game with many moves may answer without listing them."""
        return [m for m in self.legal_moves(state) if not self.move_squares(m)]

    def check_square(self, state: State) -> str | None:
        """The square of a royal piece in check, if the game has check."""
        return None

    def captured(self, state: State) -> tuple[list[str], list[str]]:
        """The pieces each seat has lost, as the position text writes them."""
        return [], []

    def reserve(self, state: State) -> tuple[dict[str, int], dict[str, int]]:
        """Pieces each seat holds in hand, by letter; a drop's origin is `LETTER@`."""
        return {}, {}

    def phase(self, state: State) -> str | None:
        """What the player to move must do now, when the game has phases."""
        return None

    def describe(self, move: str) -> str:
        """A move in words, where the page offers it as a choice or a button."""
        return move

    def premoves(self, state: State, seat: int) -> list[str]:
        """The moves `seat` may choose ahead while the other side is to move (a premove, played
        when its turn comes if it is legal then): those it could make were it to move now,
        ignoring what the other side is about to do. None once the game is over."""
        if self.outcome(state):
            return []
        return self.legal_moves(self.as_mover(state, seat))

    def as_mover(self, state: State, seat: int) -> State:
        """The position with `seat` to move, all else as it stands: what a premove is chosen
        and checked on. A game whose position holds a right of the side to move alone (en
        passant) drops it here."""
        return replace(state, turn=seat, memo={})

    def charge_available(self, state: State) -> bool:
        """Whether the player to move may compose a multi-part turn (Imperial Chess)."""
        return False

    def strikes(self, move: str) -> bool:
        """Whether a move hits its target from a distance (drawn unlike a move there)."""
        return False

    def score(self, state: State) -> tuple[int, int] | None:
        """Each seat's score, for games decided by counting."""
        return None

    def describe_options(self, options: dict) -> str:
        """The game's options in a few words, for lists of games."""
        return ""

    # --- hooks ---------------------------------------------------------------
    def validate_options(self, options) -> dict:
        if options:
            raise ValueError(said("{game} takes no options.", game=self.name))
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

    def repetition_key(self, state: State):
        """What must be equal for two positions to count as the same one."""
        return state

    def repetition_window(self, state: State) -> int | None:
        """How many earlier positions still count for repetition (None: all of them)."""
        return None

    def is_legal(self, state: State, move: str) -> bool:
        """Whether a canonical move text is legal here (games with huge move lists
        answer this without listing them)."""
        return move in self._moves(state)

    def normalize(self, state: State, text: str) -> str:
        """Turn accepted spellings of a move (e.g. SAN) into the canonical one."""
        return text

    def explain(self, state: State, move: str) -> str:
        """Why a move that is not legal here is refused."""
        return said("{move} is not a legal move here.", move=move)

    def readable(self, state: State, move: str) -> bool:
        """Whether a canonical move text is written as this game writes a move on this board
        (legal or not): one that is not is refused as unreadable, a typo."""
        return True

    # --- shared machinery ----------------------------------------------------
    def _moves(self, state: State) -> tuple[str, ...]:
        memo = state.memo
        if "moves" not in memo:
            memo["moves"] = tuple(sorted(set(self.generate(state))))
        return memo["moves"]

    def _has_move(self, state: State) -> bool:
        """Whether the side to move has a move, as judging a position asks. A game may answer
        without listing them all (the search asks it of every position it looks at)."""
        return bool(self._moves(state))

    def repetitions(self, state: State) -> int:
        """How often this position occurred before, within the repetition window."""
        window = self.repetition_window(state)
        if window is not None and window <= 0:
            return 0
        earlier = state.history if window is None else state.history[-window:]
        return earlier.count(self.repetition_key(state))

    def next_history(self, state: State, window: int | None) -> tuple:
        """History for the position that follows `state`, whose repetition window is `window`:
        `state`'s key appended, trimmed to the window. Given before that position is made, so
        that making one (which the search does for every position it looks at) is made once."""
        if window is not None and window <= 0:
            return ()
        history = state.history + (self.repetition_key(state),)
        return history if window is None else history[-window:]
