"""Empire (gabor_sz, 2002), the encirclement game known elsewhere as Dots, as
`shared/rules/empire.md` binds it.

Players place pieces on the intersections of a grid. A closed chain of a player's live,
8-linked pieces that shuts off an area from the board edge takes that area: by default it
goes out of play and the enemy pieces in it are captured (with the `dots` option an empty
area stays in play as a "house"). Whoever has captured more when the board is full, or when
both players pass, wins.

Each point is stored as the symbol the position text writes for it, which is exactly what
the rules need: `O`/`X` a piece its placer still owns (live), `o`/`x` a piece of that placer
owned by the other player (captured), `.` vacant, `,` out of play, `+`/`-` a house of
circles/crosses (vacant for both). A player's score is the number of lower-case pieces of
the other placer. Pieces freed by a recapture become their placer's again (upper case): they
stand inside their own player's out-of-play area, where no placement can ever reach them, so
whether they count as live cannot change any later enclosure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import compress

from rules import sgf
from rules.base import Game, Outcome, State
from rules.grid import column_name
from rules.said import said

CIRCLES, CROSSES = 0, 1
PIECE, CAPTURED, HOUSE = ("O", "X"), ("o", "x"), ("+", "-")
VACANT = frozenset(".+-")
SYMBOLS = frozenset("OXox.,+-")
SIZES = range(8, 41)
DEFAULT = {"width": 32, "height": 32, "mode": "empire"}
MODES = ("empire", "dots")
POINT = re.compile(r"^([a-z]+)([1-9]\d*)$")
ROW_TOKEN = re.compile(r"\d+|.")


@dataclass(frozen=True)
class EmpireState(State):
    width: int
    height: int
    mode: str
    board: tuple  # width * height symbols, row by row from the top-left
    turn: int
    passes: int  # consecutive passes just made
    ply: int  # number of the ply about to be played, from 1


@cache
def geometry(width: int, height: int):
    """Point names, 4-neighbours, the 8 neighbours in circular order (None off the board)
    and which points lie on the edge, for one board size."""
    names, orth, ring, edge = [], [], [], []
    for y in range(height):
        for x in range(width):
            names.append(column_name(x) + str(y + 1))

            def at(dx, dy, x=x, y=y):
                nx, ny = x + dx, y + dy
                return ny * width + nx if 0 <= nx < width and 0 <= ny < height else None

            orth.append(
                tuple(p for p in (at(0, -1), at(1, 0), at(0, 1), at(-1, 0)) if p is not None)
            )
            circle = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
            ring.append(tuple(at(dx, dy) for dx, dy in circle))
            edge.append(x in (0, width - 1) or y in (0, height - 1))
    index = {name: i for i, name in enumerate(names)}
    return tuple(names), index, tuple(orth), tuple(ring), tuple(edge)


def runs(marks: list[bool]) -> int:
    """How many separate runs of marked neighbours a point's eight (`marks`, in circular
    order) hold; a full circle has no start, so none."""
    return sum(1 for k in range(8) if marks[k] and not marks[k - 1])


class Empire(Game):
    slug = "empire"
    name = said("Empire")
    seats = (said("Circles"), said("Crosses"))
    notation_help = said(
        "Click an intersection, or type its name (p16: column letters, row from the top) or pass."
    )
    record_format = ("sgf", "application/x-go-sgf")

    # --- options and start -------------------------------------------------------
    def validate_options(self, options) -> dict:
        options = dict(options or {})
        unknown = set(options) - set(DEFAULT)
        if unknown:
            raise ValueError(
                said(
                    "Empire has no option {option} (width, height, mode).",
                    option=repr(sorted(unknown)[0]),
                )
            )
        merged = {**DEFAULT, **options}
        for side in ("width", "height"):
            if not isinstance(merged[side], int) or merged[side] not in SIZES:
                raise ValueError(
                    said("The board width must be a whole number from 8 to 40.")
                    if side == "width"
                    else said("The board height must be a whole number from 8 to 40.")
                )
        if merged["mode"] not in MODES:
            raise ValueError(said("The mode is 'empire' (the default) or 'dots' (standard Dots)."))
        return merged

    def start(self, options: dict) -> EmpireState:
        w, h = options["width"], options["height"]
        board = ["."] * (w * h)
        x0, y0 = (w - 2) // 2, (h - 2) // 2
        # Circles on the NW-SE diagonal of the central square, crosses on the other.
        for dx, dy, symbol in ((0, 0, "O"), (1, 1, "O"), (1, 0, "X"), (0, 1, "X")):
            board[(y0 + dy) * w + x0 + dx] = symbol
        return EmpireState(
            width=w,
            height=h,
            mode=options["mode"],
            board=tuple(board),
            turn=CIRCLES,
            passes=0,
            ply=1,
        )

    def export_record(self, moves, headers, outcome=None, start=None, notes=None) -> str:
        return sgf.export(self, start or self.initial(), moves, headers, outcome, notes)

    def import_record(self, text: str) -> sgf.Record:
        return sgf.read(self, text)

    def describe_options(self, options: dict) -> str:
        merged = {**DEFAULT, **(options or {})}
        if merged["mode"] == "dots":
            return said(
                "{width}×{height}, standard Dots rule",
                width=merged["width"],
                height=merged["height"],
            )
        return f"{merged['width']}×{merged['height']}"

    # --- notation -------------------------------------------------------------------
    def format(self, s: EmpireState) -> str:
        rows = []
        for y in range(s.height):
            row = "".join(s.board[y * s.width : (y + 1) * s.width])
            rows.append(re.sub(r"\.{2,}", lambda m: str(len(m[0])), row))
        tail = " dots" if s.mode == "dots" else ""
        return f"{s.width}x{s.height} {PIECE[s.turn]} {'/'.join(rows)} {s.passes} {s.ply}{tail}"

    def without_counters(self, text: str) -> str:
        fields = text.split(" ")
        del fields[4]  # the ply; the passes stay, since two in a row end the game
        return " ".join(fields)

    def parse(self, text: str) -> EmpireState:
        if not isinstance(text, str):
            raise ValueError(said("A position is text."))
        fields = text.split()
        mode = "empire"
        if len(fields) == 6 and fields[5] == "dots":
            mode = "dots"
            fields = fields[:5]
        if len(fields) != 5:
            raise ValueError(
                said("An Empire position reads: <W>x<H> <O|X> <rows> <passes> <ply> [dots].")
            )
        size, side, rows_text, passes, ply = fields
        m = re.fullmatch(r"(\d+)x(\d+)", size)
        if not m or int(m[1]) not in SIZES or int(m[2]) not in SIZES:
            raise ValueError(said("The size is written WxH, each from 8 to 40 (like 32x32)."))
        w, h = int(m[1]), int(m[2])
        if side not in PIECE:
            raise ValueError(said("The side to move is O (circles) or X (crosses)."))
        rows = rows_text.split("/")
        if len(rows) != h:
            raise ValueError(
                said(
                    "The board needs {rows} rows separated by '/', not {count}.",
                    rows=h,
                    count=len(rows),
                )
            )
        board = []
        for y, row in enumerate(rows, start=1):
            cells = []
            for token in ROW_TOKEN.findall(row):
                if token.isdigit():
                    cells += ["."] * int(token)
                elif token in SYMBOLS:
                    cells.append(token)
                else:
                    raise ValueError(
                        said(
                            "{symbol} is not a point symbol (row {row}).", symbol=repr(token), row=y
                        )
                    )
            if len(cells) != w:
                raise ValueError(
                    said(
                        "Row {row} has {count} points instead of {width}.",
                        row=y,
                        count=len(cells),
                        width=w,
                    )
                )
            board += cells
        if mode == "empire" and any(c in HOUSE for c in board):
            raise ValueError(said("House points (+ and -) exist only with the dots option."))
        if passes not in ("0", "1", "2") or not ply.isdigit() or int(ply) < 1:
            raise ValueError(
                said("After the rows come the passes just made (0-2) and the ply (from 1).")
            )
        return EmpireState(
            width=w,
            height=h,
            mode=mode,
            board=tuple(board),
            turn=PIECE.index(side),
            passes=int(passes),
            ply=int(ply),
        )

    def point(self, s: EmpireState, name: str) -> int | None:
        return geometry(s.width, s.height)[1].get(name)

    # --- moves -----------------------------------------------------------------------
    def generate(self, s: EmpireState):
        # The vacant points picked out in C (compress over a map), not a Python loop over a
        # thousand of them: the search asks this of every position it looks at.
        names = geometry(s.width, s.height)[0]
        return ["pass", *compress(names, map(VACANT.__contains__, s.board))]

    def is_legal(self, s: EmpireState, move: str) -> bool:
        # One look at the point instead of listing a thousand of them.
        if move == "pass":
            return True
        i = self.point(s, move)
        return i is not None and s.board[i] in VACANT

    def apply(self, s: EmpireState, move: str) -> EmpireState:
        board = list(s.board)
        quiet = move == "pass" or not self.place(s, board, self.point(s, move))
        after = EmpireState(
            width=s.width,
            height=s.height,
            mode=s.mode,
            board=tuple(board),
            turn=1 - s.turn,
            passes=s.passes + 1 if move == "pass" else 0,
            ply=s.ply + 1,
        )
        if quiet and "score" in s.memo:  # nothing taken: the count stands, if it was made
            after.memo["score"] = s.memo["score"]
        return after

    def place(self, s: EmpireState, board: list, i: int) -> bool:
        """Put the mover's piece on point i and resolve what it encloses (in place); whether
        anything beyond the point changed."""
        me, other = s.turn, 1 - s.turn
        before = board[i]
        board[i] = PIECE[me]
        if before == HOUSE[me]:
            return False  # inside one's own house every area is enclosed already
        enclosed = self._resolve(s, board, me, i)
        if before == HOUSE[other]:
            # Dots: a piece placed in the enemy's house is taken with it, unless it took something.
            house = self._flood(s, board, other, i)
            if not enclosed and house is not None:
                self._take(s, board, other, house, forced=True)
            else:
                self._dissolve(s, board, other, i)
            return True
        return bool(enclosed)

    def _resolve(self, s, board, me, i) -> int:
        """Take every area the piece on i newly shuts off, smallest first; how many."""
        if not self._may_close(s, board, me, i):
            return 0
        orth = geometry(s.width, s.height)[2]
        regions, seen = [], set()
        for n in orth[i]:
            if board[n] == PIECE[me] or n in seen:
                continue
            region = self._flood(s, board, me, n)
            if region is not None:
                seen |= region
                regions.append(region)
        regions.sort(key=lambda region: (len(region), min(region)))
        for region in regions:
            self._take(s, board, me, region)
        return len(regions)

    @staticmethod
    def _may_close(s, board, me, i) -> bool:
        """Can the piece on i have closed a ring? Only if it touches its own live pieces in
        two separate places around it (off-board counts as open)."""
        ring = geometry(s.width, s.height)[3][i]
        return runs([p is not None and board[p] == PIECE[me] for p in ring]) >= 2

    @staticmethod
    def _flood(s, board, me, start) -> set | None:
        """The 4-connected area of points that are not `me`'s live pieces around `start`,
        or None as soon as it reaches the edge (then nothing is enclosed)."""
        _, _, orth, _, edge = geometry(s.width, s.height)
        mine = PIECE[me]
        if edge[start]:
            return None
        area, todo = {start}, [start]
        while todo:
            p = todo.pop()
            for n in orth[p]:
                if n not in area and board[n] != mine:
                    if edge[n]:
                        return None
                    area.add(n)
                    todo.append(n)
        return area

    @staticmethod
    def _inside(s, region) -> set:
        """The whole inside of the ring that bounds `region`: the region and every pocket that
        `me`'s pieces wall off within it (an earlier house, say), which the region's own
        4-connected flood stops short of. The inside lies within the region's bounding box, so
        the outside is flooded from that box's frame, with the ring (the pieces next to the
        region) as the wall."""
        width, orth = s.width, geometry(s.width, s.height)[2]
        wall = {n for p in region for n in orth[p]} - region
        xs, ys = {p % width for p in region}, {p // width for p in region}
        # The region never touches the edge, so the frame one point out is on the board.
        left, right, top, bottom = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        box = {y * width + x for y in range(top, bottom + 1) for x in range(left, right + 1)}
        frame = {p for p in box if p % width in (left, right) or p // width in (top, bottom)}
        outside = frame - wall
        todo = list(outside)
        while todo:
            for n in orth[todo.pop()]:
                if n in box and n not in outside and n not in wall:
                    outside.add(n)
                    todo.append(n)
        return box - outside - wall | region

    @staticmethod
    def _take(s, board, me, region, forced=False) -> None:
        other = 1 - me
        region = Empire._inside(s, region)
        if s.mode == "dots" and not forced and PIECE[other] not in (board[p] for p in region):
            for p in region:  # an empty ring: a house, still in play
                if board[p] == ".":
                    board[p] = HOUSE[me]
            return
        for p in region:
            c = board[p]
            if c in VACANT:
                board[p] = ","
            elif c == PIECE[other]:
                board[p] = CAPTURED[other]  # captured: now owned by `me`
            elif c == CAPTURED[me]:
                board[p] = PIECE[me]  # freed by the recapture: `me`'s own again

    @staticmethod
    def _dissolve(s, board, owner, i) -> None:
        """The house of `owner` that point i was in stops being a house."""
        orth = geometry(s.width, s.height)[2]
        todo = [n for n in orth[i] if board[n] == HOUSE[owner]]
        while todo:
            p = todo.pop()
            if board[p] == HOUSE[owner]:
                board[p] = "."
                todo += [n for n in orth[p] if board[n] == HOUSE[owner]]

    def judge(self, s: EmpireState) -> Outcome | None:
        if s.passes < 2 and any(c in VACANT for c in s.board):
            return None
        circles, crosses = self.score(s)
        if circles == crosses:
            return Outcome(None, "draw")
        return Outcome(CIRCLES if circles > crosses else CROSSES, "captures")

    def score(self, s: EmpireState) -> tuple[int, int]:
        """Pieces each player has captured and still owns."""
        if "score" not in s.memo:
            s.memo["score"] = (s.board.count(CAPTURED[CROSSES]), s.board.count(CAPTURED[CIRCLES]))
        return s.memo["score"]

    # --- what players read -------------------------------------------------------------
    def readable(self, s: EmpireState, move: str) -> bool:
        return move == "pass" or self.point(s, move) is not None

    def explain(self, s: EmpireState, move: str) -> str:
        i = self.point(s, move)
        if i is None:
            if POINT.match(move):
                return said(
                    "{move} is not a point of this {width}×{height} board.",
                    move=move,
                    width=s.width,
                    height=s.height,
                )
            return said(
                "Could not read {move}: write a point like p16 (column letters, then the "
                "row from the top) or pass.",
                move=repr(move),
            )
        if s.board[i] == ",":
            return said("{move} is out of play: nobody may place there again.", move=move)
        return said("{move} is already taken.", move=move)

    def move_squares(self, move: str) -> tuple[str, ...]:
        return () if move == "pass" else (move,)

    def squareless_moves(self, s: EmpireState) -> list[str]:
        return [] if self.outcome(s) else ["pass"]  # a pass is always open; not the thousand

    def describe(self, move: str) -> str:
        return said("Pass") if move == "pass" else said("Place on {point}", point=move)
