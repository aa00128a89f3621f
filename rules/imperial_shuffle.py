"""Imperial Shuffle (Thomas R. Brendel, 2005), as `shared/rules/imperial-shuffle.md` binds it.

Each player has a 4×4 board full of pyramids. On a turn the player's Emperor steps one
square and pushes the whole line ahead of it along, the piece pushed off the edge landing
where the Emperor stood. Wherever a moved piece now matches the opponent's living piece on
the corresponding square of the other board, that opponent piece dies. A pushed High Priest
may revive one dead piece. A player whose Emperor cannot move loses.

A square is written `<kind><colour>` with `*` when dead (`Cr`, `Ny*`); kinds are Commoner
`C`, Noble `N`, High Priest `H`, Emperor `E`. Only Commoners and Nobles ever match.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

from rules.base import Game, Outcome, State, of_the_state
from rules.grid import Grid
from rules.said import said

GRID = Grid(4, 4)
COLOURS = "ryg" + "b"
DIRECTIONS = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}  # fmt: skip
MOVE = re.compile(r"^(N|NE|E|SE|S|SW|W|NW)(?:\+([a-d][1-4]))?$")
SQUARE = re.compile(r"^([CNHE])([rygb])(\*?)$")
MOVE_LIMIT = 200  # plies without a death
DEFAULT = {"nobles": "ryg", "deal": False}


@dataclass(frozen=True)
class ShuffleState(State):
    boards: tuple[tuple[str, ...], tuple[str, ...]]  # 16 squares each, a1 first
    turn: int
    quiet: int  # plies since the last death
    ply: int  # number of the ply about to be played, from 1


def dead(piece: str) -> bool:
    return piece.endswith("*")


def alive(piece: str) -> str:
    return piece.rstrip("*")


def identical(a: str, b: str) -> bool:
    """Same kind and colour; the High Priest and the Emperor never match anything."""
    return a[0] in "CN" and a[:2] == b[:2]


def pieces(nobles: str, royal: str) -> list[str]:
    """The 16 pieces of one player: 8 Commoners, 6 Nobles, High Priest and Emperor."""
    commoners = [f"C{c}" for c in COLOURS for _ in range(2)]
    return commoners + [f"N{c}" for c in nobles for _ in range(2)] + [f"H{royal}", f"E{royal}"]


def royal_colours(nobles: str) -> tuple[str, str]:
    """Colours of each seat's High Priest and Emperor [house]: they never matter, but differ."""
    spare = next(c for c in COLOURS if c not in nobles)
    return spare, nobles[0]


def _identities(board) -> Counter:
    """What a set of pieces holds, ignoring death and the colours that never matter."""
    return Counter(p[0] + (p[1] if p[0] in "CN" else "") for p in board)


def _lines(emperor: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """(direction, the Emperor's square and every square ahead to the edge) for each way he
    can step from `emperor`."""
    out = []
    for direction, step in DIRECTIONS.items():
        ahead = GRID.ray(emperor, step)
        if ahead:
            out.append((direction, (emperor, *ahead)))
    return tuple(out)


LINES = tuple(_lines(sq) for sq in range(16))


def _emperor(board) -> int:
    for sq, p in enumerate(board):
        if p[0] == "E":
            return sq
    raise ValueError(said("A board without its Emperor."))


def format_board(board) -> str:
    return "|".join(",".join(board[r * 4 : r * 4 + 4]) for r in range(3, -1, -1))


def parse_board(text: str) -> tuple[str, ...]:
    ranks = text.split("|")
    if len(ranks) != 4:
        raise ValueError(said("A board is 4 ranks, from 4 down to 1, separated by '|'."))
    board: list[str] = [""] * 16
    for i, rank in enumerate(ranks):
        squares = rank.split(",")
        if len(squares) != 4:
            raise ValueError(
                said(
                    "Rank {rank} needs 4 squares separated by ',', not {count}.",
                    rank=4 - i,
                    count=len(squares),
                )
            )
        for f, square in enumerate(squares):
            if not SQUARE.match(square):
                raise ValueError(
                    said(
                        "{text} on {square} is not a piece "
                        "(kind C N H E, colour r y g b, * when dead).",
                        text=repr(square),
                        square=GRID.names[(3 - i) * 4 + f],
                    )
                )
            board[(3 - i) * 4 + f] = square
    return tuple(board)


def not_the_set(nobles: str, missing: str, extra: str) -> str:
    """Why an arrangement is not this player's set: the pieces missing, those not in it, or
    both (one sentence each way, for the translations)."""
    if missing and extra:
        return said(
            "An arrangement holds two Commoners of each colour, two Nobles of each of {nobles}, "
            "a High Priest and an Emperor; missing {missing}; not in the set {extra}.",
            nobles=nobles,
            missing=missing,
            extra=extra,
        )
    if missing:
        return said(
            "An arrangement holds two Commoners of each colour, two Nobles of each of {nobles}, "
            "a High Priest and an Emperor; missing {missing}.",
            nobles=nobles,
            missing=missing,
        )
    return said(
        "An arrangement holds two Commoners of each colour, two Nobles of each of {nobles}, "
        "a High Priest and an Emperor; not in the set {extra}.",
        nobles=nobles,
        extra=extra,
    )


class ImperialShuffle(Game):
    slug = "imperial-shuffle"
    name = said("Imperial Shuffle")
    seats = (said("First player"), said("Second player"))
    grid = GRID
    needs_setup = True
    notation_help = said(
        "The Emperor's direction (N, NE, E, SE, S, SW, W, NW), with +c2 to revive."
    )

    def describe_options(self, options: dict) -> str:
        options = self.validate_options(options)
        names = {"r": said("red"), "y": said("yellow"), "g": said("green"), "b": said("blue")}
        first, second, third = (names[c] for c in options["nobles"])
        if options["deal"]:
            return said(
                "nobles {first}, {second}, {third}, boards dealt",
                first=first,
                second=second,
                third=third,
            )
        return said("nobles {first}, {second}, {third}", first=first, second=second, third=third)

    # --- options, setup and start --------------------------------------------------
    def validate_options(self, options) -> dict:
        options = {**DEFAULT, **(options or {})}
        if set(options) - set(DEFAULT):
            raise ValueError(said("Imperial Shuffle's options are nobles and deal."))
        nobles = options["nobles"]
        if not (isinstance(nobles, str) and len(set(nobles)) == len(nobles) == 3) or not set(
            nobles
        ) <= set(COLOURS):
            raise ValueError(said("Choose three different noble colours among r, y, g, b."))
        if not isinstance(options["deal"], bool):
            raise ValueError(said("deal is true (both boards dealt at random) or false."))
        return {"nobles": "".join(sorted(nobles, key=COLOURS.index)), "deal": options["deal"]}

    def start(self, options) -> ShuffleState:
        """A fixed legal start (for tools and tests); on the site the players set up."""
        nobles = options["nobles"]
        first = pieces(nobles, royal_colours(nobles)[0])
        second = pieces(nobles, royal_colours(nobles)[1])
        # Identical pieces come in pairs, so shifting the second board by two avoids them all.
        return self.from_setup(format_board(first), format_board(second[2:] + second[:2]), 0)

    def check_setup(self, board_text: str, options, other_text: str | None = None) -> list[str]:
        """Conflicting squares of an arrangement against the other board (empty when fine);
        ValueError if it is not a full, living set of this player's pieces."""
        nobles = self.validate_options(options)["nobles"]
        board = parse_board(board_text)
        if any(dead(p) for p in board):
            raise ValueError(said("Every piece stands at the start: no '*'."))
        wanted, given = _identities(pieces(nobles, "r")), _identities(board)
        if given != wanted:
            missing = " ".join(sorted((wanted - given).elements()))
            extra = " ".join(sorted((given - wanted).elements()))
            raise ValueError(not_the_set(", ".join(nobles), missing, extra))
        if other_text is None:
            return []
        other = parse_board(other_text)
        return [GRID.names[sq] for sq in range(16) if identical(board[sq], other[sq])]

    def random_arrangement(self, rng: random.Random, options, seat: int, other_text=None) -> str:
        """A uniformly random legal arrangement (avoiding the other board when given)."""
        nobles = self.validate_options(options)["nobles"]
        own = pieces(nobles, royal_colours(nobles)[seat])
        other = parse_board(other_text) if other_text else None
        while True:  # about 1 in 6 random boards avoids a given board entirely
            rng.shuffle(own)
            if other is None or not any(identical(own[sq], other[sq]) for sq in range(16)):
                return format_board(own)

    def clear_of(self, board_text: str, other_text: str) -> str:
        """The arrangement with no piece on a square that holds an identical piece on the
        other board: each clashing piece swapped with one square's that clashes at neither
        end (another clashing square first, which clears two at once). Pieces that clash
        nowhere stay where the player put them. A partner always exists: of the 15 other
        squares, the piece's twin and the one square where the other board holds its twin
        are the only ones ruled out for both ends."""
        board, other = list(parse_board(board_text)), parse_board(other_text)

        def clashes(square: int, piece: str) -> bool:
            return identical(piece, other[square])

        for i in range(16):
            if clashes(i, board[i]):
                partners = sorted(range(16), key=lambda j: not clashes(j, board[j]))
                j = next(
                    j
                    for j in partners
                    if j != i and not clashes(i, board[j]) and not clashes(j, board[i])
                )
                board[i], board[j] = board[j], board[i]
        return format_board(board)

    def parse_board(self, text: str) -> tuple[str, ...]:
        return parse_board(text)

    def swap_setup(self, board_text: str, a: str, b: str) -> str:
        """The arrangement with the pieces on squares a and b exchanged."""
        if not (GRID.is_square(a) and GRID.is_square(b)):
            raise ValueError(said("Choose two squares of your board (a1 to d4)."))
        board = list(parse_board(board_text))
        i, j = GRID.index(a), GRID.index(b)
        board[i], board[j] = board[j], board[i]
        return format_board(board)

    def from_setup(self, first_board: str, second_board: str, first_to_move: int) -> ShuffleState:
        """The start of play from both boards (seat 0's first) and who submitted first."""
        return ShuffleState(
            boards=(parse_board(first_board), parse_board(second_board)),
            turn=first_to_move,
            quiet=0,
            ply=1,
        )

    # --- notation --------------------------------------------------------------------
    def format(self, s: ShuffleState) -> str:
        boards = "/".join(format_board(b) for b in s.boards)
        return f"{boards} {s.turn + 1} {s.quiet} {s.ply}"

    def parse(self, text: str) -> ShuffleState:
        if not isinstance(text, str):
            raise ValueError(said("A position is text."))
        fields = text.split()
        if len(fields) not in (2, 4):
            raise ValueError(
                said(
                    "An Imperial Shuffle position reads: <first board>/<second board> <1|2> "
                    "[<quiet plies> <ply>]."
                )
            )
        fields += ["0", "1"][len(fields) - 2 :]
        boards_text, side, quiet, ply = fields
        halves = boards_text.split("/")
        if len(halves) != 2:
            raise ValueError(said("Write both boards, the first player's first, separated by '/'."))
        boards = tuple(parse_board(half) for half in halves)
        nobles = "".join(sorted({p[1] for p in boards[0] if p[0] == "N"}, key=COLOURS.index))
        for seat, board in enumerate(boards):
            if len(nobles) != 3 or _identities(board) != _identities(pieces(nobles, "r")):
                raise ValueError(
                    said(
                        "Board {board} must hold two Commoners of each colour, two Nobles of "
                        "each of three colours (the same on both boards), a High Priest and an "
                        "Emperor.",
                        board=seat + 1,
                    )
                )
            emperor = next(p for p in board if p[0] == "E")
            if dead(emperor):
                raise ValueError(said("An Emperor never dies."))
        if side not in ("1", "2"):
            raise ValueError(said("The side to move is 1 (the first board's player) or 2."))
        if not (quiet.isdigit() and ply.isdigit() and int(ply) >= 1):
            raise ValueError(said("The counters are whole numbers (the ply from 1)."))
        return ShuffleState(boards=boards, turn=int(side) - 1, quiet=int(quiet), ply=int(ply))

    # --- moves -----------------------------------------------------------------------
    def generate(self, s: ShuffleState):
        """Each direction the Emperor can push, and with it each revival the pushed High
        Priest offers. Worked out without pushing: a push moves no dead piece (one in the line
        stops it), and what the Priest faces is judged by kind and colour, dead or alive."""
        mine, theirs = s.boards[s.turn], s.boards[1 - s.turn]
        fallen = [sq for sq, p in enumerate(mine) if p[-1] == "*"]
        blocking = frozenset(fallen)
        moves = []
        for direction, line in LINES[_emperor(mine)]:
            if not blocking.isdisjoint(line):
                continue
            moves.append(direction)
            if not fallen:
                continue
            # The Priest, if in the line, moves one square on (the last wraps to the start).
            at = next((k for k, sq in enumerate(line) if mine[sq][0] == "H"), None)
            if at is None:
                continue
            facing = theirs[line[(at + 1) % len(line)]]
            if facing[0] in "CN":
                moves += [
                    f"{direction}+{GRID.names[sq]}" for sq in fallen if identical(mine[sq], facing)
                ]
        return moves

    def _line(self, s: ShuffleState, direction: str) -> tuple[int, ...] | None:
        """The Emperor's square and every square ahead to the edge, or None if he cannot go."""
        board = s.boards[s.turn]
        line = dict(LINES[_emperor(board)]).get(direction)
        if line is None or any(board[sq][-1] == "*" for sq in line):
            return None  # off the board, or a dead piece that cannot be pushed
        return line

    def _push(self, s: ShuffleState, direction: str):
        """(mover's board, opponent's board, how many of the opponent's pieces died) after the
        push and the kills, or None if the Emperor cannot go that way."""
        line = self._line(s, direction)
        if line is None:
            return None
        mine, theirs = list(s.boards[s.turn]), list(s.boards[1 - s.turn])
        old = [mine[sq] for sq in line]
        # Everything on the line moves one square on; the last piece wraps to the Emperor's.
        for k, sq in enumerate(line):
            mine[sq] = old[k - 1]
        kills = 0
        for sq in line:
            there = theirs[sq]
            if there[-1] != "*" and identical(mine[sq], there):
                theirs[sq], kills = there + "*", kills + 1
        return mine, theirs, kills

    def apply(self, s: ShuffleState, move: str) -> ShuffleState:
        m = MOVE.match(move)
        mine, theirs, kills = self._push(s, m[1])
        if m[2]:
            sq = GRID.index(m[2])
            mine[sq] = alive(mine[sq])
            if not dead(theirs[sq]) and identical(mine[sq], theirs[sq]):
                theirs[sq], kills = theirs[sq] + "*", kills + 1
        boards = (mine, theirs) if s.turn == 0 else (theirs, mine)
        return ShuffleState(
            boards=(tuple(boards[0]), tuple(boards[1])),
            turn=1 - s.turn,
            quiet=0 if kills else s.quiet + 1,
            ply=s.ply + 1,
            history=self.next_history(s, None),  # every earlier position can come again
        )

    def judge(self, s: ShuffleState) -> Outcome | None:
        if not self._moves(s):
            return Outcome(1 - s.turn, "emperor-blocked")
        if s.quiet >= MOVE_LIMIT:
            return Outcome(None, "move-limit")
        if self.repetitions(s) >= 2:
            return Outcome(None, "repetition")
        return None

    def repetition_key(self, s: ShuffleState):
        return (s.boards, s.turn)

    # --- what players read -------------------------------------------------------------
    def readable(self, s: ShuffleState, move: str) -> bool:
        return bool(MOVE.match(move))

    def explain(self, s: ShuffleState, move: str) -> str:
        m = MOVE.match(move)
        if not m:
            return said(
                "Could not read {move}: write a direction (N, NE, … NW), with +c2 to revive.",
                move=repr(move),
            )
        line = self._line(s, m[1])
        if line is None:
            if not GRID.ray(_emperor(s.boards[s.turn]), DIRECTIONS[m[1]]):
                return said(
                    "The Emperor cannot step {direction}: that is off the board.", direction=m[1]
                )
            return said(
                "A dead piece stands in the line {direction} of the Emperor: it cannot be pushed.",
                direction=m[1],
            )
        if m[2]:
            return said(
                "No revival on {square} goes with {direction}: the pushed High Priest must face a "
                "piece identical to a dead one of yours.",
                square=m[2],
                direction=m[1],
            )
        return said("{move} is not legal here.", move=move)

    def describe(self, move: str) -> str:
        direction, _, revived = move.partition("+")
        if revived:
            return said(
                "Push {direction}, reviving the piece on {square}",
                direction=direction,
                square=revived,
            )
        return said("Push {direction} with no revival", direction=direction)

    def move_squares(self, move: str) -> tuple[str, ...]:
        direction, _, revived = move.partition("+")
        return (direction, revived) if revived else (direction,)

    @of_the_state
    def captured(self, s: ShuffleState) -> tuple[list[str], list[str]]:
        # Asked of every position a search evaluates: the test is written out, not called.
        return tuple([p.rstrip("*") for p in board if p[-1] == "*"] for board in s.boards)
