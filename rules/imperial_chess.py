"""Imperial Chess (James Killian Spratt, 2000), as `shared/rules/imperial-chess.md` binds it.

A 12×12 game without check: any piece may be taken, and a side that has lost all its
Imperials (Emperor, Empress, Imperial Prince, Imperial Princess) loses. Path pieces move by an
exact number of king steps that may turn; Princes leap (3,2); a Catapult steps or shoots.
Ladies may ride along with a Horseman's leap; pieces reaching the far rank may restore a lost
piece; an Imperial Prince may succeed a fallen Emperor; a whole rank may deploy; and six
threatening front-line pieces allow a Charge: one move from every file in one turn.
The setup is this project's own (the published diagram is lost).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import compress, count

from rules.base import Game, IllegalMove, Outcome, State, of_the_state
from rules.fen import format_board, parse_board
from rules.grid import ALL_DIRECTIONS, DIAGONAL, KNIGHT_LEAPS, ORTHOGONAL, Grid
from rules.said import said, said_as

GRID = Grid(12, 12)
N = 12
WHITE, BLACK = 0, 1
RANK_ORDER = "EMKQIJPANRBCXSW"
HORSEMEN, LADIES = set("IPN"), "MQJA"
# Per victory option, the pieces of which each side must keep one, in that side's case.
KEEPERS = {
    victory: (frozenset(kinds), frozenset(kinds.lower()))
    for victory, kinds in (("emperor", "EI"), ("emperor-empress", "EM"), ("imperials", "EMIJ"))
}
NON_CAPTURING = set("JA")
PATH_STEPS = {"M": 2, "Q": 2, "J": 2, "A": 2, "X": 2, "K": 3, "S": 2}
PRINCE_LEAPS = tuple(
    {(a * x, b * y) for a, b in ((3, 2), (2, 3)) for x in (1, -1) for y in (1, -1)}
)
SLIDES = {"E": ALL_DIRECTIONS, "R": ORTHOGONAL, "B": DIAGONAL}
LEAPS = {"N": KNIGHT_LEAPS, "P": PRINCE_LEAPS, "I": PRINCE_LEAPS}
LADY_PIECES = (frozenset(LADIES), frozenset(LADIES.lower()))  # who may ride, each side's
# What each arriving piece may restore at the far rank (None: any lost piece).
RESTORES = {
    "E": None,
    "M": None,
    "J": None,
    "Q": RANK_ORDER[2:],
    "W": RANK_ORDER[2:],
    "A": "KQIJPA",
}
# Each side's pieces as the board writes them (upper case White): picked out in C.
PIECES = (frozenset(RANK_ORDER), frozenset(RANK_ORDER.lower()))
SETUP = ("RNBCKEMQCBNR", "SXNPAIJAPNXS", "WWWWWWWWWWWW")
START = "/".join([row.lower() for row in SETUP] + ["12"] * 6 + list(reversed(SETUP))) + "[] w 0 1"
MOVE_LIMIT = 150
VICTORIES = ("imperials", "emperor", "emperor-empress")
SQ = r"[a-l](?:1[0-2]|[1-9])"
PART = re.compile(rf"^({SQ})(\*?)({SQ})(?:\+({SQ}))?(?:=([A-Za-z])/({SQ}))?$")
DEPLOY = re.compile(r"^deploy(1[0-2]|[1-9])$")
# Its pieces' names, told apart from the chess pieces and the games of the same names.
PIECE_NAMES = {
    "E": said_as("Imperial Chess piece", "Emperor"),
    "M": said_as("Imperial Chess piece", "Empress"),
    "K": said_as("Imperial Chess piece", "King"),
    "Q": said_as("Imperial Chess piece", "Queen"),
    "I": said_as("Imperial Chess piece", "Imperial Prince"),
    "J": said_as("Imperial Chess piece", "Imperial Princess"),
    "P": said_as("Imperial Chess piece", "Prince"),
    "A": said_as("Imperial Chess piece", "Princess"),
    "N": said_as("Imperial Chess piece", "Knight"),
    "R": said_as("Imperial Chess piece", "Rook"),
    "B": said_as("Imperial Chess piece", "Bishop"),
    "C": said_as("Imperial Chess piece", "Catapult"),
    "X": said_as("Imperial Chess piece", "Crossbowman"),
    "S": said_as("Imperial Chess piece", "Pikeman"),
    "W": said_as("Imperial Chess piece", "Pawn"),
}
PIECE_MOVES = {
    "E": said("moves like a chess queen"),
    "M": said("a path of exactly 2 steps; may ride with a Horseman"),
    "K": said("a path of exactly 3 steps"),
    "Q": said("a path of exactly 2 steps; may ride with a Horseman"),
    "I": said("leaps (3,2), over pieces"),
    "J": said("a path of exactly 2 steps, never capturing; may ride"),
    "P": said("leaps (3,2), over pieces"),
    "A": said("a path of exactly 2 steps, never capturing; may ride"),
    "N": said("a chess knight"),
    "R": said("a chess rook"),
    "B": said("a chess bishop"),
    "C": said("one step to an empty square, or shoots an enemy 1 to 4 squares away in a line"),
    "X": said("a path of exactly 2 steps"),
    "S": said("a path of exactly 2 orthogonal steps"),
    "W": said("1 forward (2 from its first rank); captures ahead or diagonally forward"),
}


@dataclass(frozen=True)
class ImperialState(State):
    board: tuple  # 144 squares, a1 first; upper case White, lower case Black, None empty
    lost: tuple[str, str]  # each side's captured pieces, in rank order (White's upper case)
    turn: int
    quiet: int  # plies since the last capture, shot, pawn move or deployment
    fullmove: int
    # The game's victory option: not part of the position text, so not of equality either.
    victory: str = field(default="imperials", compare=False)


def side_of(piece: str) -> int:
    return WHITE if piece.isupper() else BLACK


def own(piece: str, side: int) -> str:
    return piece.upper() if side == WHITE else piece.lower()


def forward(side: int) -> int:
    return 1 if side == WHITE else -1


@cache
def homes(side: int, kind: str) -> tuple[int, ...]:
    """The starting squares of a kind for a side (its home for replacement)."""
    out = []
    for r, row in enumerate(SETUP):
        rank = r if side == WHITE else N - 1 - r
        out += [rank * N + f for f, letter in enumerate(row) if letter == kind]
    return tuple(out)


@cache
def paths(sq: int, steps: int, orthogonal: bool) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(destination, squares passed on the way) for every path of exactly `steps` king
    steps (orthogonal only for the Pikeman) that never revisits a square or its start."""
    directions = ORTHOGONAL if orthogonal else ALL_DIRECTIONS
    found = set()

    def walk(at, visited):
        if len(visited) == steps + 1:
            found.add((at, tuple(visited[1:-1])))
            return
        for d in directions:
            nxt = GRID.offset(at, *d)
            if nxt is not None and nxt not in visited:
                walk(nxt, visited + [nxt])

    walk(sq, [sq])
    return tuple(sorted(found))


@cache
def ways(sq: int, steps: int, orthogonal: bool) -> tuple[tuple[int, tuple[tuple[int, ...]]], ...]:
    """paths() by destination, in ascending order: (destination, every way there as the
    squares passed). A piece reaches a destination when one way there is clear."""
    found: dict[int, list[tuple[int, ...]]] = {}
    for to, via in paths(sq, steps, orthogonal):
        found.setdefault(to, []).append(via)
    return tuple((to, tuple(vias)) for to, vias in sorted(found.items()))


@cache
def middle_squares(sq: int, orthogonal: bool) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """ways() of two steps: (destination, the squares one of which must be empty between)."""
    return tuple((to, tuple(v for (v,) in vias)) for to, vias in ways(sq, 2, orthogonal))


@cache
def pawn_squares(sq: int, side: int) -> tuple[int | None, int | None, tuple[int, ...]]:
    """A Pawn's squares: the one ahead, two ahead (from its first rank), diagonally ahead."""
    step = forward(side)
    first_rank = 2 if side == WHITE else N - 3
    ahead = GRID.offset(sq, 0, step)
    two = GRID.offset(sq, 0, 2 * step) if GRID.rank_of(sq) == first_rank else None
    return ahead, two, GRID.leaps(sq, ((-1, step), (1, step)))


@cache
def move_texts(sq: int) -> tuple[str, ...]:
    """A plain move's text from sq to each square, by the square's number."""
    return tuple(GRID.names[sq] + name for name in GRID.names)


@cache
def shot_squares(sq: int) -> tuple[int, ...]:
    """What a Catapult on sq may shoot: up to four squares in each direction."""
    return tuple(t for ray in GRID.rays(sq, ALL_DIRECTIONS) for t in ray[:4])


@cache
def beside(sq: int) -> tuple[tuple[tuple[int, int], int], ...]:
    """(the step, the square) of each square orthogonally beside sq."""
    return tuple((step, t) for step in ORTHOGONAL if (t := GRID.offset(sq, *step)) is not None)


def lost_text(lost: tuple[str, str]) -> str:
    return lost[WHITE] + lost[BLACK]


def sort_lost(pieces) -> str:
    return "".join(sorted(pieces, key=lambda p: RANK_ORDER.index(p.upper())))


class Position:
    """A mutable working copy for generating and applying one side's moves."""

    __slots__ = ("board", "lost", "side")

    def __init__(self, board, lost, side):
        self.board, self.lost, self.side = list(board), [lost[0], lost[1]], side


# How far (in king steps) a piece of each kind can reach an enemy it captures or shoots, now
# or after one plain move: its move's reach, twice, or the Catapult's step and four-square shot.
# The Emperor, Rook and Bishop slide, and reach the whole board.
THREAT_REACH = {"M": 4, "Q": 4, "X": 4, "S": 4, "K": 6, "N": 4, "I": 6, "P": 6, "C": 5}


def _enemy_within_reach(pos: Position, sq: int) -> bool:
    """Whether an enemy stands within the piece's THREAT_REACH: `_threatens` needs one there,
    and most front-line pieces have none near, found by looking at a few ranks' slices in C."""
    reach = THREAT_REACH.get(pos.board[sq].upper())
    if reach is None:
        return True
    rank, file = divmod(sq, N)
    enemies, board = PIECES[1 - pos.side].__contains__, pos.board
    low, high = max(file - reach, 0), min(file + reach + 1, N)
    for r in range(max(rank - reach, 0), min(rank + reach + 1, N)):
        if any(map(enemies, board[r * N + low : r * N + high])):
            return True
    return False


def _pawn_threatens(board, sq: int, side: int) -> bool:
    """A Pawn's threat, read off the three ranks before it: it captures on the three squares
    ahead, and its plain moves are one step ahead, or two from its first rank."""
    enemies, step = PIECES[1 - side].__contains__, forward(side)
    rank, file = divmod(sq, N)
    low, high = max(file - 1, 0), min(file + 2, N)
    plain_steps = 1 if pawn_squares(sq, side)[1] is None else 2  # two from its first rank
    for r in range(rank + step, rank + (plain_steps + 2) * step, step):
        if not 0 <= r < N:
            return False
        if any(map(enemies, board[r * N + low : r * N + high])):
            return True
        if board[r * N + file] is not None:  # no plain move there, so none further
            return False
    return False


@dataclass(frozen=True)
class Charge:
    """A charge in the making: where it stands after the parts given so far."""

    state: ImperialState  # the position after the parts, the charging side still to move
    parts: tuple[str, ...]
    moved: frozenset  # squares now holding pieces that have moved (riders included)
    used_files: frozenset  # files whose part has been made
    owing: tuple[int, ...]  # files that still owe a part (some unmoved piece of theirs can move)
    options: tuple[str, ...]  # the legal next parts
    ended: bool  # a part ended the game: nothing may follow
    reset: bool  # a part captured, shot, moved a pawn: the quiet count restarts

    @property
    def complete(self) -> bool:
        return bool(self.parts) and (self.ended or not self.owing)


class ImperialChess(Game):
    slug = "imperial-chess"
    name = said("Imperial Chess")
    seats = (said("White"), said("Black"))
    grid = GRID
    notation_help = said(
        "e2e4; a ride d2f5+e2; a shot d1*d5; a replacement e11e12=Q/h1; deploy3; "
        "a charge as its moves joined by commas."
    )

    # --- options and start -------------------------------------------------------------
    def validate_options(self, options) -> dict:
        options = dict(options or {})
        victory = options.pop("victory", "imperials")
        if options:
            raise ValueError(said("Imperial Chess has one option: victory."))
        if victory not in VICTORIES:
            raise ValueError(said("victory is imperials (default), emperor or emperor-empress."))
        return {"victory": victory}

    def start(self, options) -> ImperialState:
        return self.with_options(self.parse(START), options)

    def with_options(self, state: ImperialState, options) -> ImperialState:
        return replace(state, victory=self.validate_options(options)["victory"])

    def describe_options(self, options) -> str:
        victory = self.validate_options(options)["victory"]
        return {
            "imperials": "",
            "emperor": said("win by taking the Emperor"),
            "emperor-empress": said("win by taking Emperor and Empress"),
        }[victory]

    # --- notation --------------------------------------------------------------------------
    def format(self, s: ImperialState) -> str:
        return (
            f"{format_board(s.board, GRID)}[{lost_text(s.lost)}] {'wb'[s.turn]} {s.quiet} "
            f"{s.fullmove}"
        )

    def parse(self, text: str) -> ImperialState:
        if not isinstance(text, str):
            raise ValueError(said("A position is text."))
        fields = text.split()
        if len(fields) != 4:
            raise ValueError(
                said("An Imperial Chess position reads: <ranks>[<lost>] <w|b> <quiet> <move>.")
            )
        m = re.fullmatch(r"([^\[\]]+)\[([A-Za-z]*)\]", fields[0])
        if not m:
            raise ValueError(
                said("The board must be followed by the lost pieces in brackets, e.g. [Wq].")
            )
        letters = RANK_ORDER + RANK_ORDER.lower()
        board = parse_board(m[1], GRID, letters)
        lost_white = "".join(c for c in m[2] if c.isupper())
        lost_black = "".join(c for c in m[2] if c.islower())
        if m[2] != sort_lost(lost_white) + sort_lost(lost_black):
            raise ValueError(
                said(
                    "Lost pieces are listed White's first, each side in rank order (EMKQIJPANRBCXSW)."
                )
            )
        if fields[1] not in ("w", "b"):
            raise ValueError(said("The side to move is 'w' or 'b'."))
        quiet, fullmove = fields[2], fields[3]
        if not (quiet.isdigit() and fullmove.isdigit() and int(fullmove) >= 1):
            raise ValueError(said("The counters are whole numbers (the move number from 1)."))
        return ImperialState(
            board=board,
            lost=(lost_white, lost_black),
            turn=WHITE if fields[1] == "w" else BLACK,
            quiet=int(quiet),
            fullmove=int(fullmove),
        )

    # --- moves ---------------------------------------------------------------------------------
    def generate(self, s: ImperialState):
        pos = Position(s.board, s.lost, s.turn)
        return [*self._piece_moves(pos), *self._deployments(pos)]

    def _piece_moves(self, pos: Position, only=None):
        """Every single-piece turn (with rides, shots and replacement choices)."""
        moves, board, names = [], pos.board, GRID.names
        white = pos.side == WHITE
        far = N - 1 if white else 0
        for sq in compress(count(), map(PIECES[pos.side].__contains__, board)):
            if only is not None and sq not in only:
                continue
            kind = board[sq].upper()
            destinations = self._destinations(pos, sq, kind)
            ladies = self._ladies(pos, sq) if kind in HORSEMEN else ()
            # Reaching the far rank (a replacement may follow): the highest square for White,
            # the lowest for Black.
            restores = (
                kind in RESTORES
                and destinations
                and (max(destinations) // N == far if white else min(destinations) < N)
            )
            if not (ladies or restores):  # each destination one move, its text written once
                moves += map(move_texts(sq).__getitem__, destinations)
            else:
                for to in destinations:
                    base = names[sq] + names[to]
                    moves.append(base)
                    if restores and to // N == far:
                        moves += [base + s for s in self._replacements(pos, sq, to, kind)]
                    for step, lady in ladies:  # a Lady beside rides if she can land alongside
                        landing = GRID.offset(to, *step)
                        if landing is not None and landing != sq and board[landing] is None:
                            moves.append(f"{base}+{names[lady]}")
            if kind == "C":
                moves += [f"{names[sq]}*{names[t]}" for t in self._shots(pos, sq)]
        return moves

    def _has_move(self, s: ImperialState) -> bool:
        """Whether the side to move has a move: the first found settles it. Every move is a
        piece's destination (rides and replacements go with one), a Catapult's shot or a
        deployment; listing them all is most of what judging a position costs."""
        if "moves" in s.memo:
            return bool(s.memo["moves"])
        pos = Position(s.board, s.lost, s.turn)
        board = pos.board
        for sq in compress(count(), map(PIECES[pos.side].__contains__, board)):
            kind = board[sq].upper()
            if self._destinations(pos, sq, kind) or (kind == "C" and self._shots(pos, sq)):
                return True
        return bool(self._deployments(pos))

    def _destinations(self, pos: Position, sq: int, kind: str) -> list[int]:
        board, own = pos.board, PIECES[pos.side]  # a friend blocks; None and enemies do not
        out = []
        if kind in PATH_STEPS:
            # The destination is looked at first (a friend there ends it), then its ways.
            captures = kind not in NON_CAPTURING
            if kind == "K":
                for to, vias in ways(sq, PATH_STEPS[kind], False):
                    there = board[to]
                    if there is None or (captures and there not in own):
                        for a, b in vias:
                            if board[a] is None and board[b] is None:
                                out.append(to)
                                break
            else:  # two steps: a way is one empty square between (pieces are true, None false)
                at = board.__getitem__
                for to, middles in middle_squares(sq, kind == "S"):
                    there = board[to]
                    landable = there is None or (captures and there not in own)
                    if landable and not all(map(at, middles)):
                        out.append(to)
        elif kind in "ERB":
            for ray in GRID.rays(sq, SLIDES[kind]):
                for t in ray:
                    there = board[t]
                    if there is None:
                        out.append(t)
                        continue
                    if there not in own:
                        out.append(t)
                    break
        elif kind in HORSEMEN:
            out = [t for t in GRID.leaps(sq, LEAPS[kind]) if board[t] not in own]
        elif kind == "C":
            out = [t for t in GRID.leaps(sq, ALL_DIRECTIONS) if board[t] is None]
        elif kind == "W":
            ahead, two, diagonals = pawn_squares(sq, pos.side)
            if ahead is not None:
                # Straight ahead: onto an empty square, or "attack dead ahead".
                if board[ahead] not in own:
                    out.append(ahead)
                if two is not None and board[ahead] is None and board[two] is None:
                    out.append(two)
            enemies = PIECES[1 - pos.side]
            out += [t for t in diagonals if board[t] in enemies]
        return out

    def _shots(self, pos: Position, sq: int) -> list[int]:
        enemies = PIECES[1 - pos.side]  # pieces in between do not block
        return [t for t in shot_squares(sq) if pos.board[t] in enemies]

    def _ladies(self, pos: Position, frm: int) -> list[tuple[tuple[int, int], int]]:
        """(the step to her, her square) for each friendly Lady orthogonally beside a Horseman
        on `frm`: each may ride along with his leap where she can land alongside."""
        ladies, board = LADY_PIECES[pos.side], pos.board
        return [(step, lady) for step, lady in beside(frm) if board[lady] in ladies]

    def _replacements(self, pos: Position, frm: int, to: int, kind: str) -> list[str]:
        """`=T/home` suffixes open to a piece arriving on the far rank."""
        far = N - 1 if pos.side == WHITE else 0
        if kind not in RESTORES or GRID.rank_of(to) != far:
            return []
        allowed = RESTORES[kind]
        lost = pos.lost[pos.side]
        kinds = [k for k in dict.fromkeys(lost.upper()) if allowed is None or k in allowed]
        free = [h for h in homes(pos.side, kind) if pos.board[h] is None or h == frm]
        return [f"={k}/{GRID.names[h]}" for k in kinds for h in free]

    def _deployments(self, pos: Position) -> list[str]:
        out, board, mine = [], pos.board, PIECES[pos.side].__contains__
        for rank in range(N):
            front = rank + forward(pos.side)
            if not 0 <= front < N:
                continue
            # A rank full of the side's own pieces, the one in front of it empty (in C).
            full = all(map(mine, board[rank * N : rank * N + N]))
            if full and board[front * N : front * N + N].count(None) == N:
                out.append(f"deploy{rank + 1}")
        return out

    # --- applying ------------------------------------------------------------------------------
    def apply(self, s: ImperialState, move: str) -> ImperialState:
        if "," in move:
            charge = self.charge(s, move.split(","))
            return self._next(s, charge.state.board, charge.state.lost, charge.reset)
        pos = Position(s.board, s.lost, s.turn)
        reset = self._apply_part(pos, move)
        return self._next(s, pos.board, pos.lost, reset)

    def _next(self, s, board, lost, reset) -> ImperialState:
        quiet = 0 if reset else s.quiet + 1
        return ImperialState(
            board=tuple(board),
            lost=tuple(lost),
            turn=1 - s.turn,
            quiet=quiet,
            fullmove=s.fullmove + (s.turn == BLACK),
            victory=s.victory,
            history=self.next_history(s, quiet),
        )

    def _apply_part(self, pos: Position, move: str) -> bool:
        """Play one turn's worth (no side switch); whether it resets the quiet count."""
        board = pos.board
        deploy = DEPLOY.match(move)
        if deploy:
            rank = int(deploy[1]) - 1
            step = forward(pos.side) * N
            for q in range(rank * N, rank * N + N):
                board[q + step], board[q] = board[q], None
            return True
        m = PART.match(move)
        frm, to = GRID.index(m[1]), GRID.index(m[3])
        victim = board[to]
        if victim is not None and side_of(victim) != pos.side:
            enemy = 1 - pos.side
            pos.lost[enemy] = sort_lost(pos.lost[enemy] + victim)
        if m[2]:  # a Catapult shot: the target goes, the Catapult stays
            board[to] = None
            return True
        piece = board[frm]
        board[to], board[frm] = piece, None
        if m[4]:  # the riding Lady keeps her place beside the Horseman
            lady = GRID.index(m[4])
            landing = to + (lady - frm)
            board[landing], board[lady] = board[lady], None
        if m[5]:  # replacement: the lost piece comes back here, the arriving one goes home
            home = GRID.index(m[6])
            restored = own(m[5], pos.side)
            board[home], board[to] = piece, restored
            lost = pos.lost[pos.side]
            i = lost.index(restored)
            pos.lost[pos.side] = lost[:i] + lost[i + 1 :]
        self._succession(pos, frm, to)
        return victim is not None or piece.upper() == "W"

    def _succession(self, pos: Position, frm: int, to: int) -> None:
        """An Imperial Prince becomes Emperor when, his side having no Emperor, a friendly
        Horseman that started in the home ranks ends its move beside him."""
        board, side = pos.board, pos.side
        piece = board[to]
        if piece is None or piece.upper() not in HORSEMEN or piece.upper() == "I":
            return
        home = range(0, 3) if side == WHITE else range(N - 3, N)
        if GRID.rank_of(frm) not in home or own("E", side) in board:
            return
        for t in GRID.leaps(to, ALL_DIRECTIONS):
            if board[t] == own("I", side):
                board[t] = own("E", side)
                return

    # --- the Charge ------------------------------------------------------------------------------
    def front_line(self, s: ImperialState) -> dict[int, int]:
        """file -> square of the side to move's piece nearest the enemy in that file."""
        mine = list(compress(count(), map(PIECES[s.turn].__contains__, s.board)))
        if s.turn == BLACK:
            mine.reverse()
        nearest = {sq % N: sq for sq in mine}  # the last written, in each file, is the nearest
        return dict(sorted(nearest.items()))

    def threatens(self, s: ImperialState, sq: int) -> bool:
        """Can the piece on sq capture or shoot now, or after one plain move of its own?"""
        return self._threatens(Position(s.board, s.lost, s.turn), sq)

    def _threatens(self, pos: Position, sq: int) -> bool:
        """threatens(), on a working copy left as it was found."""
        board = pos.board
        kind = board[sq].upper()
        if kind in NON_CAPTURING:
            return False
        if kind == "W":
            return _pawn_threatens(board, sq, pos.side)
        if not _enemy_within_reach(pos, sq):
            return False
        if self._attacks(pos, sq, kind):
            return True
        for to in self._destinations(pos, sq, kind):
            if board[to] is not None:
                continue  # that would be a capture, already counted
            board[to], board[sq] = board[sq], None
            hit = self._attacks(pos, to, kind)
            board[sq], board[to] = board[to], None
            if hit:
                return True
        return False

    def _attacks(self, pos, sq, kind) -> bool:
        if kind == "C":
            return bool(self._shots(pos, sq))
        # Whether an enemy stands on a destination, looked up in C.
        enemies = PIECES[1 - pos.side].__contains__
        return any(map(enemies, map(pos.board.__getitem__, self._destinations(pos, sq, kind))))

    def charge_available(self, s: ImperialState) -> bool:
        if self.outcome(s):
            return False
        front = self.front_line(s).values()
        pos = Position(s.board, s.lost, s.turn)  # one working copy for them all
        count, unasked = 0, len(front)
        for sq in front:
            unasked -= 1
            if self._threatens(pos, sq):
                count += 1
                if count >= 6:
                    return True
            elif count + unasked < 6:  # too few left to make six
                return False
        return False

    def charge(self, s: ImperialState, parts) -> Charge:
        """Follow a charge part by part; IllegalMove names the first part that is wrong."""
        key = ("charge", tuple(p.strip() for p in parts))
        if key not in s.memo:
            try:
                s.memo[key] = self._charge(s, key[1])
            except IllegalMove as exc:
                s.memo[key] = exc
        if isinstance(s.memo[key], IllegalMove):
            raise s.memo[key]
        return s.memo[key]

    def _charge(self, s: ImperialState, parts) -> Charge:
        if not self.charge_available(s):
            raise IllegalMove(
                said(
                    "A charge needs six front-line pieces that threaten an enemy now or after "
                    "one move."
                )
            )
        # Files belong to the pieces as they stood at the start of the turn.
        origin_file = {
            sq: sq % N for sq, p in enumerate(s.board) if p is not None and side_of(p) == s.turn
        }
        files = set(origin_file.values())
        pos = Position(s.board, s.lost, s.turn)
        moved, used, ended, reset = set(), set(), False, False
        for number, part in enumerate(parts, start=1):
            if ended:
                raise IllegalMove(
                    said(
                        "Part {number}: the charge ended when part {previous} ended the game.",
                        number=number,
                        previous=number - 1,
                    )
                )
            if DEPLOY.match(part) or not PART.match(part):
                raise IllegalMove(
                    said(
                        "Part {number} ({part}) is not a single piece's move.",
                        number=number,
                        part=part,
                    )
                )
            frm = GRID.index(PART.match(part)[1])
            if frm in moved:
                raise IllegalMove(
                    said(
                        "Part {number} ({part}): that piece has moved in this charge already.",
                        number=number,
                        part=part,
                    )
                )
            if frm not in origin_file:
                raise IllegalMove(
                    said(
                        "Part {number} ({part}): a piece restored in the charge does not move "
                        "in it.",
                        number=number,
                        part=part,
                    )
                )
            if origin_file[frm] in used:
                raise IllegalMove(
                    said(
                        "Part {number} ({part}): file {file} has made its move.",
                        number=number,
                        part=part,
                        file=GRID.names[origin_file[frm]][0],
                    )
                )
            if part not in self._piece_moves(pos, only={frm}):
                raise IllegalMove(
                    said(
                        "Part {number} ({part}) is not a legal move of that piece here.",
                        number=number,
                        part=part,
                    )
                )
            reset = self._apply_part(pos, part) or reset
            used.add(origin_file[frm])
            moved, origin_file = self._track(PART.match(part), moved, origin_file)
            ended = self._judge_board(pos.board, s.victory) is not None
        state = replace(s, board=tuple(pos.board), lost=tuple(pos.lost), history=(), memo={})
        owing = () if ended else self._owing(pos, files - used, moved, origin_file)
        free = {q for q, f in origin_file.items() if q not in moved and f not in used}
        options = () if ended else tuple(sorted(self._piece_moves(pos, only=free)))
        return Charge(
            state, tuple(parts), frozenset(moved), frozenset(used), owing, options, ended, reset
        )

    @staticmethod
    def _track(m, moved, origin_file):
        """Follow pieces across a part: which squares hold moved pieces, and whose file."""
        frm, to = GRID.index(m[1]), GRID.index(m[3])
        moved, origin_file = set(moved), dict(origin_file)
        if m[2]:  # a shot: the Catapult stays, and has moved
            moved.add(frm)
            origin_file.pop(to, None)
            return moved, origin_file
        file_of_piece = origin_file.pop(frm)
        origin_file.pop(to, None)
        arrival = to
        if m[4]:
            lady = GRID.index(m[4])
            landing = to + (lady - frm)
            lady_file = origin_file.pop(lady, lady % N)
            origin_file[landing] = lady_file
            moved.add(landing)  # she has moved, but her file still owes its part
        if m[5]:
            arrival = GRID.index(m[6])  # the arriving piece went home; the restored one stays
        origin_file[arrival] = file_of_piece
        moved.add(arrival)
        return moved, origin_file

    def _owing(self, pos, open_files, moved, origin_file) -> tuple[int, ...]:
        """Files with no part yet whose unmoved pieces could still move."""
        owing = []
        for f in sorted(open_files):
            squares = {q for q, of in origin_file.items() if of == f and q not in moved}
            if squares and self._piece_moves(pos, only=squares):
                owing.append(f)
        return tuple(owing)

    # --- the end -------------------------------------------------------------------------------
    def _judge_board(self, board, victory) -> Outcome | None:
        letters = set(board)  # the kinds on the board, each side's in its own case
        for side in (WHITE, BLACK):
            if victory == "emperor" and letters.isdisjoint(KEEPERS["emperor"][side]):
                return Outcome(1 - side, "emperor-captured")
            if victory == "emperor-empress" and letters.isdisjoint(
                KEEPERS["emperor-empress"][side]
            ):
                return Outcome(1 - side, "emperor-empress-captured")
            if letters.isdisjoint(KEEPERS["imperials"][side]):
                return Outcome(1 - side, "imperials-captured")
        return None

    def judge(self, s: ImperialState) -> Outcome | None:
        captured = self._judge_board(s.board, s.victory)
        if captured:
            return captured
        if not self._has_move(s):
            return Outcome(1 - s.turn, "no-moves")
        if self.repetitions(s) >= 2:
            return Outcome(None, "repetition")
        if s.quiet >= MOVE_LIMIT:
            return Outcome(None, "move-limit")
        return None

    def repetition_key(self, s: ImperialState):
        return (s.board, s.turn)

    def repetition_window(self, s: ImperialState) -> int:
        return s.quiet  # a capture, shot, pawn move or deployment cannot be undone

    # --- what players type and read -------------------------------------------------------------
    def is_legal(self, s: ImperialState, move: str) -> bool:
        if "," in move:
            try:
                return self.charge(s, move.split(",")).complete
            except IllegalMove:
                return False
        if "moves" in s.memo:
            return move in s.memo["moves"]
        # Only the moves of the piece the move names, not every piece's: a search plays far
        # more moves than it lists. Every other move is a deployment.
        pos = Position(s.board, s.lost, s.turn)
        if move.startswith("deploy"):
            return move in self._deployments(pos)
        part = PART.match(move)
        origin = part and GRID.find(part[1])
        return origin is not None and move in self._piece_moves(pos, only={origin})

    def normalize(self, s: ImperialState, text: str) -> str:
        parts = [p.strip() for p in text.split(",")]
        # Restored pieces are written upper case for both sides.
        parts = [re.sub(r"=([a-z])/", lambda m: f"={m[1].upper()}/", p) for p in parts]
        return ",".join(parts)

    def readable(self, s: ImperialState, move: str) -> bool:
        return "," in move or bool(DEPLOY.match(move) or PART.match(move))  # a charge: its parts

    def explain(self, s: ImperialState, move: str) -> str:
        if "," in move:
            try:
                charge = self.charge(s, move.split(","))
            except IllegalMove as exc:
                return exc.message
            files = ", ".join(GRID.names[f][0] for f in charge.owing)
            return said(
                "The charge is not finished: file(s) {files} still owe a move.", files=files
            )
        if DEPLOY.match(move):
            return said(
                "Rank {rank} cannot deploy: all 12 squares must hold your "
                "pieces and the 12 in front be empty.",
                rank=DEPLOY.match(move)[1],
            )
        m = PART.match(move)
        if not m:
            return said(
                "Could not read {move}: write e2e4, d2f5+e2 (a ride), d1*d5 (a shot), "
                "e11e12=Q/h1 (a replacement) or deploy3.",
                move=repr(move),
            )
        frm, to = GRID.index(m[1]), GRID.index(m[3])
        piece = s.board[frm]
        if piece is None:
            return said("There is no piece on {square}.", square=m[1])
        if side_of(piece) != s.turn:
            return said(
                "The piece on {square} is not yours: it is {side}'s move.",
                square=m[1],
                side=self.seats[s.turn],
            )
        name = PIECE_NAMES[piece.upper()]
        pos = Position(s.board, s.lost, s.turn)
        if m[2]:
            if piece.upper() != "C":
                return said(
                    "The {piece} on {square} is not a Catapult and cannot shoot.",
                    piece=name,
                    square=m[1],
                )
            return said(
                "The {piece} on {square} shoots only enemy pieces 1 to 4 squares away along a "
                "line.",
                piece=name,
                square=m[1],
            )
        if to not in self._destinations(pos, frm, piece.upper()):
            target = s.board[to]
            if target is not None and piece.upper() in NON_CAPTURING:
                return said("The {piece} on {square} never captures.", piece=name, square=m[1])
            return said(
                "The {piece} on {square} cannot reach {target} ({moves}).",
                piece=name,
                square=m[1],
                target=m[3],
                moves=PIECE_MOVES[piece.upper()],
            )
        if m[4]:
            return said(
                "No Lady on {square} can ride along: she must stand beside the Horseman and "
                "land on an empty square.",
                square=m[4],
            )
        if m[5]:
            return said(
                "That replacement is not possible: the piece must reach the far rank, {piece} "
                "must be lost and allowed, and {square} an empty home square.",
                piece=m[5],
                square=m[6],
            )
        return said("{move} is not legal here.", move=move)

    def strikes(self, move: str) -> bool:
        return "*" in move

    # --- for the board --------------------------------------------------------------------------
    def move_squares(self, move: str) -> tuple[str, ...]:
        if "," in move:
            return ()
        m = PART.match(move)
        return (m[1], m[3]) if m else ()

    @of_the_state
    def captured(self, s: ImperialState) -> tuple[list[str], list[str]]:
        return list(s.lost[WHITE]), list(s.lost[BLACK])

    def describe(self, move: str) -> str:
        """A move in words, for choices offered on the page."""
        if DEPLOY.match(move):
            return said("Deploy rank {rank}", rank=DEPLOY.match(move)[1])
        m = PART.match(move)
        if not m:
            return move
        if m[2]:
            return said("Shoot {square}", square=m[3])
        squares = {"origin": m[1], "target": m[3]}
        if m[4] and m[5]:
            return said(
                "{origin} to {target}, the Lady on {lady} riding along, restoring the {piece} "
                "(the arriving piece goes home to {home})",
                **squares,
                lady=m[4],
                piece=PIECE_NAMES[m[5].upper()],
                home=m[6],
            )
        if m[4]:
            return said(
                "{origin} to {target}, the Lady on {lady} riding along", **squares, lady=m[4]
            )
        if m[5]:
            return said(
                "{origin} to {target}, restoring the {piece} (the arriving piece goes home to "
                "{home})",
                **squares,
                piece=PIECE_NAMES[m[5].upper()],
                home=m[6],
            )
        return said("{origin} to {target}", **squares)
