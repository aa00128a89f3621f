"""Empress (Neal M., 2013), as `shared/rules/empress.md` binds it.

Each side has 8 Queens and an Empress, all in reserve at the start. An opening places three
Queens each, then the Empresses. In play a player moves a Queen, moves the Empress, or
introduces a Queen. Each Empress sees along her 8 queen rays (her Field of View); squares
only one side sees are that side's effective field, which protects its Queens and which
enemy Queens may neither enter, cross, nor be introduced into.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import compress, repeat
from operator import eq, is_

from rules.base import Game, Outcome, State, of_the_state
from rules.fen import format_board, parse_board
from rules.grid import ALL_DIRECTIONS, Grid
from rules.said import said

GRID = Grid(8, 8)
WHITE, BLACK = 0, 1
QUEENS = 8
OPENING_QUEENS = 3
MOVE_LIMIT = 100  # quiet plies after the opening
START = "8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] w 0 1"
QUEEN, EMPRESS = ("Q", "q"), ("E", "e")
RAYS = tuple(GRID.rays(sq, ALL_DIRECTIONS) for sq in range(64))
# Every move's text, written once: STEPS[from][to] ("d1d5"), and DROPS["Q"][square] ("Q@d4").
STEPS = tuple(tuple(a + b for b in GRID.names) for a in GRID.names)
DROPS = {letter: tuple(letter + "@" + name for name in GRID.names) for letter in "QE"}
NOTHING = (None,) * 64
WALL = "#"  # a square of the opponent's field, as the side to move's Queens find it
DROP = re.compile(r"^([QE])@([a-h][1-8])$")
STEP = re.compile(r"^([a-h][1-8])([a-h][1-8])$")
RESERVE = re.compile(r"^(Q*)(E?)(q*)(e?)$")
POSITION = re.compile(r"^([^\[\]\s]+)\[([^\]]*)\]$")


@dataclass(frozen=True)
class EmpressState(State):
    board: tuple  # 64 squares, a1 first: "Q"/"E" White, "q"/"e" Black, None empty
    reserve: tuple  # (White Queens, White Empress, Black Queens, Black Empress) in hand
    turn: int
    quiet: int  # plies since the last capture or introduction after the opening
    fullmove: int


@dataclass(frozen=True)
class Fields:
    """The Fields of View of a position, as sets of square indices."""

    view: tuple[frozenset, frozenset]  # FoV(White), FoV(Black)

    @property
    def neutral(self) -> frozenset:
        return self.view[WHITE] & self.view[BLACK]

    def effective(self, side: int) -> frozenset:
        return self.view[side] - self.view[1 - side]


def fields_of(board: tuple) -> Fields:
    return Fields(tuple(frozenset(seen(board, EMPRESS[side])) for side in (WHITE, BLACK)))


def seen(board: tuple, empress: str) -> set:
    """An Empress's Field of View: each ray up to and including its first occupied square,
    not her own square; nothing while she is in reserve."""
    found = set()
    _look(board, empress, found.add)
    return found


def _look(board: tuple, empress: str, mark) -> None:
    """`mark` each square the Empress sees, if she is on the board."""
    if empress in board:
        for ray in RAYS[board.index(empress)]:
            for t in ray:
                mark(t)
                if board[t] is not None:
                    break


def barred(s: EmpressState) -> set:
    """The opponent's effective field, which the side to move's Queens may neither enter,
    cross nor be introduced into; worked out once per position."""
    memo = s.memo
    if "barred" not in memo:
        board = s.board
        field = memo["barred"] = seen(board, EMPRESS[1 - s.turn])
        if field:  # less what the side's own Empress sees, struck off as she looks
            _look(board, EMPRESS[s.turn], field.discard)
    return memo["barred"]


def _walled(s: EmpressState) -> list:
    """The board as the side to move's Queens find it: the opponent's effective field a wall
    (no entry, not even in passing, no capture there, no introduction), so that one look
    settles each step. Walled as the opponent's Empress looks, then opened again where the
    side's own Empress looks, without the field's set where it is not worked out yet."""
    board = s.board
    walled = list(board)
    if "barred" in s.memo:
        for t in s.memo["barred"]:
            walled[t] = WALL
        return walled
    other = EMPRESS[1 - s.turn]
    if other in board:
        for ray in RAYS[board.index(other)]:
            for t in ray:
                walled[t] = WALL
                if board[t] is not None:
                    break
        own = EMPRESS[s.turn]
        if own in board:
            for ray in RAYS[board.index(own)]:
                for t in ray:
                    there = walled[t] = board[t]
                    if there is not None:
                        break
    return walled


def opening_piece(s: EmpressState) -> str:
    """What the side to move places next in the opening: a Queen until three are out, then
    the Empress."""
    return "Q" if placed_queens(s, s.turn) < OPENING_QUEENS else "E"


def in_hand(s: EmpressState, side: int) -> tuple[int, int]:
    """(Queens, Empress) a side still holds in reserve."""
    return s.reserve[2 * side], s.reserve[2 * side + 1]


def on_board(s: EmpressState, side: int) -> int:
    """A side's Queens on the board, counted once a position (judging and evaluating it both
    ask)."""
    memo = s.memo
    if "on board" not in memo:
        memo["on board"] = (s.board.count(QUEEN[WHITE]), s.board.count(QUEEN[BLACK]))
    return memo["on board"][side]


def queens_left(s: EmpressState, side: int) -> int:
    return on_board(s, side) + in_hand(s, side)[0]


def in_opening(s: EmpressState) -> bool:
    return bool(s.reserve[1] or s.reserve[3])


def placed_queens(s: EmpressState, side: int) -> int:
    return QUEENS - in_hand(s, side)[0]


class Empress(Game):
    slug = "empress"
    name = said("Empress")
    seats = (said("White"), said("Black"))
    grid = GRID
    notation_help = said("Place or introduce with Q@d4 (E@e5 for the Empress); move with d1d5.")

    def start(self, options):
        return self.parse(START)

    # --- notation ------------------------------------------------------------
    def format(self, s: EmpressState) -> str:
        wq, we, bq, be = s.reserve
        reserve = "Q" * wq + "E" * we + "q" * bq + "e" * be
        return f"{format_board(s.board, GRID)}[{reserve}] {'wb'[s.turn]} {s.quiet} {s.fullmove}"

    def parse(self, text: str) -> EmpressState:
        if not isinstance(text, str):
            raise ValueError(said("A position is text."))
        fields = text.split()
        if len(fields) != 4:
            raise ValueError(
                said(
                    "An Empress position has four parts: board[reserve] side quiet-plies move-number."
                )
            )
        placement, side, quiet, fullmove = fields
        m = POSITION.match(placement)
        if not m:
            raise ValueError(
                said("The board must be followed by the reserve in brackets, e.g. [QQE].")
            )
        board = parse_board(m[1], GRID, "QEqe")
        hand = RESERVE.match(m[2])
        if not hand:
            raise ValueError(
                said(
                    "The reserve lists White Queens, White Empress, Black Queens, Black Empress "
                    "in that order (like QQQEqqe)."
                )
            )
        reserve = tuple(len(group) for group in hand.groups())
        if side not in ("w", "b"):
            raise ValueError(said("The side to move is 'w' or 'b'."))
        if not (quiet.isdigit() and fullmove.isdigit() and int(fullmove) >= 1):
            raise ValueError(said("The counters must be whole numbers (move number from 1)."))
        state = EmpressState(
            board=board,
            reserve=reserve,
            turn=WHITE if side == "w" else BLACK,
            quiet=int(quiet),
            fullmove=int(fullmove),
        )
        self._check_counts(state)
        return state

    def _check_counts(self, s: EmpressState) -> None:
        for side in (WHITE, BLACK):
            name = self.seats[side]
            if s.board.count(EMPRESS[side]) + in_hand(s, side)[1] != 1:
                raise ValueError(
                    said(
                        "{side} must have exactly one Empress, on the board or in reserve.",
                        side=name,
                    )
                )
            if s.board.count(QUEEN[side]) + in_hand(s, side)[0] > QUEENS:
                raise ValueError(
                    said("{side} has more than {count} Queens.", side=name, count=QUEENS)
                )
        if not in_opening(s):
            if min(placed_queens(s, WHITE), placed_queens(s, BLACK)) < OPENING_QUEENS:
                raise ValueError(said("Both Empresses are placed, but the opening Queens are not."))
            return
        # The opening's order is fixed, so the reserves tell whose placement is next.
        white, black = placed_queens(s, WHITE), placed_queens(s, BLACK)
        if s.board.count("Q") != white or s.board.count("q") != black:
            raise ValueError(said("No Queen can have been captured during the opening."))
        if white < OPENING_QUEENS or black < OPENING_QUEENS:
            expected = WHITE if white == black else BLACK
            ok = white in (black, black + 1) and s.reserve[1] == s.reserve[3] == 1
        else:
            # White's Empress comes first: Black's cannot be out while White's is in hand.
            ok = white == black == OPENING_QUEENS and not (s.reserve[1] and not s.reserve[3])
            expected = WHITE if s.reserve[1] else BLACK
        if not ok or s.turn != expected:
            raise ValueError(
                said("This is not a position the opening's placement order can reach.")
            )

    # --- moves ---------------------------------------------------------------
    def _has_move(self, s: EmpressState) -> bool:
        """Settled by the first square of each ray: a piece with any move has one there (a
        step, or a Queen's capture), unless its field bars it, which bars the rest of the ray."""
        if "moves" in s.memo:
            return bool(s.memo["moves"])
        side, board = s.turn, s.board
        if in_opening(s):
            return None in board
        empress = EMPRESS[side]
        if empress in board and any(board[r[0]] is None for r in RAYS[board.index(empress)] if r):
            return True
        field, prey = barred(s), QUEEN[1 - side]
        for sq in compress(range(64), map(eq, board, repeat(QUEEN[side]))):
            for ray in RAYS[sq]:
                if ray and ray[0] not in field and board[ray[0]] in (None, prey):
                    return True
        return bool(in_hand(s, side)[0]) and any(
            piece is None and sq not in field for sq, piece in enumerate(board)
        )

    def generate(self, s: EmpressState):
        # Squares are picked out in C (compress over a map) rather than by a Python loop over
        # the 64: the search asks this of every position it looks at.
        side, board = s.turn, s.board
        if in_opening(s):
            empty = compress(range(64), map(is_, board, NOTHING))
            return list(map(DROPS[opening_piece(s)].__getitem__, empty))
        walled = _walled(s)
        prey = QUEEN[1 - side]
        moves = []
        append = moves.append
        for sq in compress(range(64), map(eq, board, repeat(QUEEN[side]))):
            steps = STEPS[sq]
            for ray in RAYS[sq]:
                for t in ray:
                    there = walled[t]
                    if there is None:
                        append(steps[t])
                        continue
                    if there == prey:
                        append(steps[t])
                    break
        if EMPRESS[side] in board:
            at = board.index(EMPRESS[side])
            steps = STEPS[at]
            for ray in RAYS[at]:
                for t in ray:
                    if board[t] is not None:
                        break
                    append(steps[t])
        if in_hand(s, side)[0]:  # introduced on an empty square outside the wall
            moves += map(DROPS["Q"].__getitem__, compress(range(64), map(is_, walled, NOTHING)))
        return moves

    def is_legal(self, s: EmpressState, move: str) -> bool:
        """As `move in legal moves`, from the move's own squares: a search plays far more
        moves than it lists."""
        if "moves" in s.memo:
            return move in s.memo["moves"]
        side, board = s.turn, s.board
        if len(move) != 4:
            return False
        if move[1] == "@":
            to = GRID.find(move[2:])
            if to is None or board[to] is not None:
                return False
            if in_opening(s):
                return move[0] == opening_piece(s)
            return move[0] == "Q" and in_hand(s, side)[0] > 0 and to not in barred(s)
        frm, to = GRID.find(move[:2]), GRID.find(move[2:])
        if in_opening(s) or frm is None or to is None:
            return False
        path = GRID.between(frm, to)
        piece = board[frm]
        if path is None or piece not in (QUEEN[side], EMPRESS[side]):
            return False
        if any(board[t] is not None for t in path):
            return False
        if piece == EMPRESS[side]:
            return board[to] is None
        field = barred(s)
        return (
            board[to] in (None, QUEEN[1 - side])
            and to not in field
            and not any(t in field for t in path)
        )

    def apply(self, s: EmpressState, move: str) -> EmpressState:
        board, reserve = list(s.board), list(s.reserve)
        drop = DROP.match(move)
        if drop:
            letter, square = drop[1], GRID.index(drop[2])
            board[square] = letter if s.turn == WHITE else letter.lower()
            reserve[2 * s.turn + (letter == "E")] -= 1
            quiet = 0
        else:
            frm, to = GRID.index(move[:2]), GRID.index(move[2:])
            quiet = 0 if board[to] is not None else s.quiet + 1
            board[to], board[frm] = board[frm], None
        return EmpressState(
            board=tuple(board),
            reserve=tuple(reserve),
            turn=1 - s.turn,
            quiet=quiet,
            fullmove=s.fullmove + (s.turn == BLACK),
            history=self.next_history(s, quiet),
        )

    def judge(self, s: EmpressState) -> Outcome | None:
        for side in (WHITE, BLACK):
            if not in_opening(s) and queens_left(s, side) == 0:
                return Outcome(1 - side, "queens-captured")
        if not self._has_move(s):
            return Outcome(1 - s.turn, "no-moves")
        if s.quiet >= MOVE_LIMIT:
            return Outcome(None, "move-limit")
        if self.repetitions(s) >= 2:
            return Outcome(None, "repetition")
        return None

    def repetition_key(self, s: EmpressState) -> tuple:
        return (s.board, s.reserve, s.turn)

    def repetition_window(self, s: EmpressState) -> int:
        return s.quiet  # a capture or introduction makes every earlier position unreachable

    # --- what players type and read --------------------------------------------
    def normalize(self, s: EmpressState, text: str) -> str:
        # Drops are written with an upper-case letter for both sides; accept either case.
        return text[0].upper() + text[1:] if text[:2] in ("q@", "e@") else text

    def readable(self, s: EmpressState, move: str) -> bool:
        return bool(DROP.match(move) or STEP.match(move))

    def explain(self, s: EmpressState, move: str) -> str:
        drop, step = DROP.match(move), STEP.match(move)
        if not (drop or step):
            return said(
                "Could not read {move}: write a placement like Q@d4 or a move like d1d5.",
                move=repr(move),
            )
        side = s.turn
        if in_opening(s):
            return self._explain_opening(s, drop)
        if drop:
            return self._explain_introduction(s, drop)
        frm, to = GRID.index(step[1]), GRID.index(step[2])
        piece = s.board[frm]
        if piece is None:
            return said("There is no piece on {square}.", square=step[1])
        if piece not in (QUEEN[side], EMPRESS[side]):
            return said(
                "The piece on {square} is not yours: it is {side}'s move.",
                square=step[1],
                side=self.seats[side],
            )
        path = GRID.between(frm, to)
        if path is None:
            if piece == QUEEN[side]:
                return said("The Queen moves along a rank, file or diagonal.")
            return said("The Empress moves along a rank, file or diagonal.")
        blocker = next((GRID.names[t] for t in path if s.board[t] is not None), None)
        if blocker:
            return said(
                "The way from {origin} to {target} is blocked on {blocker}.",
                origin=step[1],
                target=step[2],
                blocker=blocker,
            )
        target = s.board[to]
        if piece == EMPRESS[side]:
            return said("The Empress never captures and never lands on an occupied square.")
        if target in EMPRESS:
            return said("Empresses are never captured.")
        if target == QUEEN[side]:
            return said("{square} holds your own Queen.", square=step[2])
        field = barred(s)
        entered = next((GRID.names[t] for t in (*path, to) if t in field), None)
        if target is not None and to in field:
            return said(
                "The Queen on {square} stands in its Empress's field and cannot be captured.",
                square=step[2],
            )
        return said(
            "A Queen may not enter or pass through the opponent's field: {square} is in it.",
            square=entered,
        )

    def _explain_opening(self, s: EmpressState, drop) -> str:
        side = s.turn
        if not drop:
            return said(
                "During the opening players only place pieces: three Queens each, "
                "then the Empresses."
            )
        letter, square = drop[1], drop[2]
        if s.board[GRID.index(square)] is not None:
            return said("{square} is not empty.", square=square)
        if letter == "E":
            return said("The Empress is placed after your three opening Queens.")
        return said("{side} has placed three Queens; now place the Empress.", side=self.seats[side])

    def _explain_introduction(self, s: EmpressState, drop) -> str:
        letter, square = drop[1], drop[2]
        if letter == "E":
            return said("Your Empress is already on the board.")
        if not in_hand(s, s.turn)[0]:
            return said("You have no Queen left in reserve.")
        if s.board[GRID.index(square)] is not None:
            return said("{square} is not empty.", square=square)
        return said(
            "{square} is in the opponent's field: no Queen may be introduced there.",
            square=square,
        )

    # --- for the board ---------------------------------------------------------
    def move_squares(self, move: str) -> tuple[str, ...]:
        drop = DROP.match(move)
        if drop:
            return (f"{drop[1]}@", drop[2])  # the origin is the reserve
        return move[:2], move[2:]

    @of_the_state
    def captured(self, s: EmpressState) -> tuple[list[str], list[str]]:
        """Each side's captured Queens (prisoners of the other)."""
        return tuple(
            [QUEEN[side]] * (placed_queens(s, side) - on_board(s, side)) for side in (WHITE, BLACK)
        )

    def reserve(self, s: EmpressState) -> tuple[dict[str, int], dict[str, int]]:
        return tuple(
            {QUEEN[side]: in_hand(s, side)[0], EMPRESS[side]: in_hand(s, side)[1]}
            for side in (WHITE, BLACK)
        )

    def phase(self, s: EmpressState) -> str:
        name = self.seats[s.turn]
        if in_opening(s):
            placed = placed_queens(s, s.turn)
            if placed < OPENING_QUEENS:
                return said(
                    "Opening: {side} places Queen {number} of {count} on any empty square.",
                    side=name,
                    number=placed + 1,
                    count=OPENING_QUEENS,
                )
            return said("Opening: {side} places the Empress on any empty square.", side=name)
        # The side is the status line's to say: the same words all through play are not sent
        # again with each move (play/round/updates.py).
        return said(
            "Play: move a Queen or the Empress, or introduce a Queen from reserve outside the "
            "opponent's field."
        )

    def fields(self, s: EmpressState) -> Fields:
        return fields_of(s.board)

    def protected(self, s: EmpressState) -> frozenset:
        """Squares of Queens standing in their own side's effective field."""
        fields = fields_of(s.board)
        return frozenset(
            sq
            for side in (WHITE, BLACK)
            for sq in fields.effective(side)
            if s.board[sq] == QUEEN[side]
        )
