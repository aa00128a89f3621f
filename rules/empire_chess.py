"""Empire Chess (Couch Tomato, 2020), exactly as Fairy-Stockfish plays `empire`.

White is the Empire: imperial pieces move like a queen to empty squares but capture
(and so attack and give check) only in their own pattern. Black is the ordinary chess
Kingdom. The kings may never face each other; reaching the far rank with one's king
(campmate) wins; stalemate loses; the third repetition loses for the repeater.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rules.base import Game, Outcome, State, of_the_state
from rules.fen import format_board, parse_board
from rules.grid import ALL_DIRECTIONS, DIAGONAL, KNIGHT_LEAPS, ORTHOGONAL, Grid
from rules.said import said

GRID = Grid(8, 8)
WHITE, BLACK = 0, 1
START = "rnbqkbnr/pppppppp/8/8/8/PPPSSPPP/8/TECDKCET w kq - 0 1"

WHITE_PIECES = frozenset("KQTCEDSP")
BLACK_PIECES = frozenset("kqrbnp")
PIECE_NAMES = {
    "K": said("Kaiser"), "Q": said("Queen"), "T": said("Tower"), "C": said("Cardinal"),
    "E": said("Eagle"), "D": said("Duke"), "S": said("Soldier"), "P": said("Pawn"),
    "k": said("King"), "q": said("Queen"), "r": said("Rook"), "b": said("Bishop"),
    "n": said("Knight"), "p": said("Pawn"),
}  # fmt: skip
START_COUNT = {
    "T": 2, "E": 2, "C": 2, "D": 1, "S": 2, "P": 6,
    "q": 1, "r": 2, "b": 2, "n": 2, "p": 8,
}  # fmt: skip

# Who attacks along rank/file lines, along diagonals, by knight leap and by king step.
LINE_ATTACKERS = (frozenset("TQ"), frozenset("rq"))
DIAGONAL_ATTACKERS = (frozenset("CQ"), frozenset("bq"))
# What may stand behind a pinned piece, by the side it belongs to: on a rank or file also the
# king (a face-off), along a diagonal the diagonal attackers.
PINNING = (
    (LINE_ATTACKERS[WHITE] | {"K"}, DIAGONAL_ATTACKERS[WHITE]),
    (LINE_ATTACKERS[BLACK] | {"k"}, DIAGONAL_ATTACKERS[BLACK]),
)
LEAP_ATTACKERS = (frozenset("E"), frozenset("n"))
STEP_ATTACKERS = (frozenset("DK"), frozenset("k"))
# What an imperial piece captures like.
IMPERIAL_CAPTURE = {"T": "rook", "C": "bishop", "E": "knight", "D": "king"}
CAPTURE_WORDS = {
    "rook": said("along ranks and files"),
    "bishop": said("along diagonals"),
    "knight": said("with a knight's leap"),
    "king": said("one step in any direction"),
}

RANK_1, RANK_8 = range(0, 8), range(56, 64)
STEP = tuple(GRID.leaps(sq, ALL_DIRECTIONS) for sq in range(64))
LEAP = tuple(GRID.leaps(sq, KNIGHT_LEAPS) for sq in range(64))
LINES = tuple(GRID.rays(sq, ORTHOGONAL) for sq in range(64))
DIAGONALS = tuple(GRID.rays(sq, DIAGONAL) for sq in range(64))
QUEEN_RAYS = tuple(GRID.rays(sq, ALL_DIRECTIONS) for sq in range(64))
# Squares from which a pawn of each colour attacks a square, and those it attacks.
PAWN_ATTACKS = (
    tuple(GRID.leaps(sq, ((-1, 1), (1, 1))) for sq in range(64)),
    tuple(GRID.leaps(sq, ((-1, -1), (1, -1))) for sq in range(64)),
)
PAWN_ATTACKED_FROM = (PAWN_ATTACKS[BLACK], PAWN_ATTACKS[WHITE])
SOLDIER_STEPS = tuple(GRID.leaps(sq, ((0, 1), (-1, 0), (1, 0))) for sq in range(64))
BESIDE = tuple(GRID.leaps(sq, ((-1, 0), (1, 0))) for sq in range(64))
SOLDIER_ATTACKED_FROM = tuple(GRID.leaps(sq, ((0, -1), (-1, 0), (1, 0))) for sq in range(64))

UCI = re.compile(r"^([a-h][1-8])([a-h][1-8])([qQ]?)$")
A8, B8, C8, D8, E8, F8, G8, H8 = RANK_8
# Black's castling: right, rook square, squares that must be empty, squares the king crosses.
CASTLING = (("k", H8, (F8, G8), (F8, G8)), ("q", A8, (D8, C8, B8), (D8, C8)))


@dataclass(frozen=True)
class ChessState(State):
    board: tuple  # 64 squares, a1 first; FEN letters, None when empty
    turn: int
    castling: str  # Black's rights, "kq", "k", "q" or ""
    ep: int | None  # the en passant square as Fairy-Stockfish writes it
    halfmove: int
    fullmove: int


def colour_of(piece: str) -> int:
    return WHITE if piece in WHITE_PIECES else BLACK


def attacked(board: tuple, sq: int, by: int) -> bool:
    """Is `sq` attacked by side `by`? Imperial pieces attack only in their capture pattern."""
    for t in PAWN_ATTACKED_FROM[by][sq]:
        if board[t] == ("P" if by == WHITE else "p"):
            return True
    if by == WHITE:
        for t in SOLDIER_ATTACKED_FROM[sq]:
            if board[t] == "S":
                return True
    leapers, steppers = LEAP_ATTACKERS[by], STEP_ATTACKERS[by]
    for t in LEAP[sq]:
        if board[t] in leapers:
            return True
    for t in STEP[sq]:
        if board[t] in steppers:
            return True
    for rays, sliders in ((LINES[sq], LINE_ATTACKERS[by]), (DIAGONALS[sq], DIAGONAL_ATTACKERS[by])):
        for ray in rays:
            for t in ray:
                piece = board[t]
                if piece is not None:
                    if piece in sliders:
                        return True
                    break
    return False


def faces(board: tuple, a: int, b: int) -> bool:
    """Do squares a and b share a file or rank with nothing between them?"""
    if a % 8 != b % 8 and a // 8 != b // 8:
        return False
    return all(board[s] is None for s in GRID.between(a, b))


def in_check(board: tuple, turn: int) -> bool:
    return attacked(board, board.index("K" if turn == WHITE else "k"), 1 - turn)


def make(board: tuple, frm: int, to: int, promo: str = "") -> tuple:
    """The board after a move (en passant and castling deduced from the move itself)."""
    b = list(board)
    piece = b[frm]
    if piece == "P" and to - frm in (7, 9) and b[to] is None:
        b[to - 8] = None  # en passant: only White captures so
    elif piece == "k" and abs(to - frm) == 2:
        rook_from, rook_to = (H8, F8) if to > frm else (A8, D8)
        b[rook_to], b[rook_from] = b[rook_from], None
    b[frm] = None
    b[to] = (promo.upper() if piece.isupper() else promo) if promo else piece
    return tuple(b)


def pseudo_moves(board: tuple, turn: int, ep: int | None):
    """(from, to, promotion) of every move by the rules of movement, castling excepted."""
    own, enemy = (WHITE_PIECES, BLACK_PIECES) if turn == WHITE else (BLACK_PIECES, WHITE_PIECES)
    for sq, piece in enumerate(board):
        if piece is None or piece not in own:
            continue
        if piece == "P" or piece == "p":
            yield from _pawn_moves(board, sq, turn, enemy, ep)
        elif piece == "S":
            for t in SOLDIER_STEPS[sq]:
                if board[t] is None or board[t] in enemy:
                    yield sq, t, ""
        elif piece in IMPERIAL_CAPTURE:
            for ray in QUEEN_RAYS[sq]:
                for t in ray:
                    if board[t] is not None:
                        break
                    yield sq, t, ""
            for t in _imperial_captures(board, sq, IMPERIAL_CAPTURE[piece], enemy):
                yield sq, t, ""
        elif piece in "Kk":
            for t in STEP[sq]:
                if board[t] is None or board[t] in enemy:
                    yield sq, t, ""
        elif piece == "n":
            for t in LEAP[sq]:
                if board[t] is None or board[t] in enemy:
                    yield sq, t, ""
        else:
            rays = {"r": LINES, "b": DIAGONALS}.get(piece.lower(), QUEEN_RAYS)[sq]
            for ray in rays:
                for t in ray:
                    if board[t] is None:
                        yield sq, t, ""
                        continue
                    if board[t] in enemy:
                        yield sq, t, ""
                    break


def _imperial_captures(board, sq, pattern, enemy):
    if pattern in ("rook", "bishop"):
        for ray in (LINES if pattern == "rook" else DIAGONALS)[sq]:
            for t in ray:
                if board[t] is not None:
                    if board[t] in enemy:
                        yield t
                    break
    else:
        for t in (LEAP if pattern == "knight" else STEP)[sq]:
            if board[t] is not None and board[t] in enemy:
                yield t


def _pawn_moves(board, sq, turn, enemy, ep):
    forward, last_rank = (8, RANK_8) if turn == WHITE else (-8, RANK_1)
    ahead = sq + forward
    targets = []
    if board[ahead] is None:
        targets.append(ahead)
        # Only Black's pawns double-step (White's start on rank 3).
        if turn == BLACK and sq >= 48 and board[ahead - 8] is None:
            targets.append(ahead - 8)
    for t in PAWN_ATTACKS[turn][sq]:
        if (board[t] is not None and board[t] in enemy) or t == ep:
            targets.append(t)
    for t in targets:
        yield sq, t, ("q" if t in last_rank else "")


def pinned(board: tuple, king: int, by: int) -> frozenset:
    """The pieces of the king's side that alone shield it on a line from what stands behind
    them: an enemy that attacks along that line or, on a rank or file, the other king (a
    face-off). Only these, and the king, can expose it by moving."""
    found = set()
    for rays, threats in zip((LINES[king], DIAGONALS[king]), PINNING[by], strict=True):
        for ray in rays:
            shield = None
            for t in ray:
                piece = board[t]
                if piece is None:
                    continue
                if shield is None and colour_of(piece) != by:
                    shield = t
                    continue
                if shield is not None and piece in threats:
                    found.add(shield)
                break
    return frozenset(found)


def legal_moves(board: tuple, turn: int, castling: str, ep: int | None) -> list:
    out = []
    king = board.index("K" if turn == WHITE else "k")
    other_king = board.index("k" if turn == WHITE else "K")
    # Not in check and not faced, a move of any piece but the king and the pinned leaves the
    # king as safe as it was (a capture only removes attackers, and no line onto it opens):
    # legal as it stands. The rest are tried on the board.
    settled = not attacked(board, king, 1 - turn) and not faces(board, king, other_king)
    exposed = pinned(board, king, 1 - turn) if settled else ()
    for frm, to, promo in pseudo_moves(board, turn, ep):
        # Fairy-Stockfish judges en passant by attacks alone: it may open a face-off.
        is_ep = to == ep and board[frm] == "P"
        if settled and frm != king and not is_ep and frm not in exposed:
            out.append((frm, to, promo))
            continue
        after = make(board, frm, to, promo)
        k = to if frm == king else king
        if attacked(after, k, 1 - turn):
            continue
        if not is_ep and faces(after, k, other_king):
            continue
        out.append((frm, to, promo))
    if turn == BLACK and castling and king == E8 and not attacked(board, E8, WHITE):
        for right, rook, path, crossed in CASTLING:
            if right in castling and board[rook] == "r" and all(board[s] is None for s in path):
                without_king = board[:E8] + (None,) + board[E8 + 1 :]
                if not any(
                    attacked(board, s, WHITE) or faces(without_king, s, other_king) for s in crossed
                ):
                    out.append((E8, crossed[-1], ""))
    return out


def successor(board: tuple, castling: str, move: tuple) -> tuple[tuple, str, int | None, bool]:
    """Board, Black's castling rights, en passant square and whether the move was
    irreversible (pawn move or capture), after `move`."""
    frm, to, promo = move
    piece = board[frm]
    after = make(board, frm, to, promo)
    if piece == "k":
        castling = ""
    for right, rook in (("k", H8), ("q", A8)):
        if rook in (frm, to):
            castling = castling.replace(right, "")
    ep = None
    # Written only when a White pawn stands beside, legal capture or not.
    if piece == "p" and frm - to == 16 and "P" in (after[t] for t in BESIDE[to]):
        ep = to + 8
    irreversible = piece in ("P", "p") or board[to] is not None
    return after, castling, ep, irreversible


def uci(move: tuple) -> str:
    frm, to, promo = move
    return GRID.names[frm] + GRID.names[to] + promo


def parse_uci(text: str) -> tuple | None:
    m = UCI.match(text)
    if not m:
        return None
    return GRID.index(m[1]), GRID.index(m[2]), m[3].lower()


class EmpireChess(Game):
    slug = "empire-chess"
    name = said("Empire Chess")
    seats = (said("White"), said("Black"))
    grid = GRID
    record_format = ("pgn", "application/x-chess-pgn")
    notation_help = said("UCI (e3e4, b7b8q, e8g8) or SAN (Se4, Taa8, b8=Q, O-O).")

    def start(self, options):
        return self.parse(START)

    def record_tags(self, start: str) -> dict[str, str]:
        return {"Variant": "Empire", "SetUp": "1", "FEN": start}  # what pychess imports

    # --- notation ------------------------------------------------------------
    def format(self, s: ChessState) -> str:
        return " ".join(
            (
                format_board(s.board, GRID),
                "wb"[s.turn],
                s.castling or "-",
                GRID.names[s.ep] if s.ep is not None else "-",
                str(s.halfmove),
                str(s.fullmove),
            )
        )

    def parse(self, text: str) -> ChessState:
        if not isinstance(text, str):
            raise ValueError(said("A position is FEN text."))
        fields = text.split()
        if not 2 <= len(fields) <= 6:
            raise ValueError(
                said("A FEN has six fields: board, side, castling, en passant, clocks.")
            )
        fields += ["-", "-", "0", "1"][len(fields) - 2 :]
        board_text, side, castling, ep_text, half, full = fields
        board = parse_board(board_text, GRID, "".join(sorted(WHITE_PIECES | BLACK_PIECES)))
        if board.count("K") != 1 or board.count("k") != 1:
            raise ValueError(said("Each side needs exactly one king (K for White, k for Black)."))
        for sq in (*RANK_1, *RANK_8):
            if board[sq] in ("P", "p"):
                raise ValueError(said("A pawn cannot stand on {square}.", square=GRID.names[sq]))
        if side not in ("w", "b"):
            raise ValueError(said("The side to move is 'w' or 'b'."))
        turn = WHITE if side == "w" else BLACK
        castling = "" if castling == "-" else castling
        if castling not in ("", "k", "q", "kq"):
            raise ValueError(
                said("Castling is '-' or Black's rights 'kq', 'k', 'q' (White never castles).")
            )
        for right, rook in (("k", H8), ("q", A8)):
            if right in castling and (board[E8] != "k" or board[rook] != "r"):
                raise ValueError(
                    said(
                        "Black cannot keep castling right {right}: king or rook has moved.",
                        right=repr(right),
                    )
                )
        ep = None
        if ep_text != "-":
            if not GRID.is_square(ep_text) or turn != WHITE or ep_text[1] != "6":
                raise ValueError(
                    said("The en passant square must be on rank 6 with White to move, or '-'.")
                )
            ep = GRID.index(ep_text)
            if board[ep - 8] != "p" or board[ep] is not None:
                raise ValueError(said("No Black pawn has just passed {square}.", square=ep_text))
        if not (half.isdigit() and full.isdigit() and int(full) >= 1):
            raise ValueError(said("The move counters must be whole numbers (fullmove from 1)."))
        if in_check(board, 1 - turn):
            raise ValueError(said("The side that is not to move is in check."))
        if faces(board, board.index("K"), board.index("k")):
            raise ValueError(said("The kings face each other, which no legal move allows."))
        return ChessState(
            board=board,
            turn=turn,
            castling=castling,
            ep=ep,
            halfmove=int(half),
            fullmove=int(full),
        )

    # --- moves ---------------------------------------------------------------
    def as_mover(self, s: ChessState, seat: int) -> ChessState:
        # The en passant square is the mover's right for one move: not the premover's.
        return replace(s, turn=seat, ep=None, memo={})

    def generate(self, s: ChessState):
        return map(uci, legal_moves(s.board, s.turn, s.castling, s.ep))

    def apply(self, s: ChessState, move: str) -> ChessState:
        board, castling, ep, irreversible = successor(s.board, s.castling, parse_uci(move))
        halfmove = 0 if irreversible else s.halfmove + 1
        return ChessState(
            board=board,
            turn=1 - s.turn,
            castling=castling,
            ep=ep,
            halfmove=halfmove,
            fullmove=s.fullmove + (s.turn == BLACK),
            history=self.next_history(s, halfmove),
        )

    def judge(self, s: ChessState) -> Outcome | None:
        if any(s.board[sq] == "K" for sq in RANK_8):
            return Outcome(WHITE, "campmate")
        if any(s.board[sq] == "k" for sq in RANK_1):
            return Outcome(BLACK, "campmate")
        if not self._moves(s):
            reason = "checkmate" if in_check(s.board, s.turn) else "stalemate"
            return Outcome(1 - s.turn, reason)
        if s.halfmove >= 100:
            return Outcome(None, "fifty-moves")
        # The third occurrence loses for the player whose move produced it.
        if self.repetitions(s) >= 2:
            return Outcome(s.turn, "repetition")
        return None

    def repetition_key(self, s: ChessState) -> tuple:
        """Fairy-Stockfish's position key: board, side, castling, en passant as written."""
        return (s.board, s.turn, s.castling, s.ep)

    def repetition_window(self, s: ChessState) -> int:
        return s.halfmove  # positions since the last capture or pawn move

    # --- what players type and read ------------------------------------------
    def normalize(self, s: ChessState, text: str) -> str:
        if UCI.match(text):
            return text[:4] + text[4:].lower()
        wanted = _plain_san(text)
        for move in self._moves(s):
            if _plain_san(self.display(s, move)) == wanted:
                return move
        return text

    def display(self, s: ChessState, move: str) -> str:
        """Standard algebraic notation as Fairy-Stockfish writes it."""
        frm, to, promo = parse_uci(move)
        piece = s.board[frm]
        letter = piece.upper()
        if piece == "k" and abs(to - frm) == 2:
            san = "O-O" if to > frm else "O-O-O"
        else:
            capture = s.board[to] is not None or (piece == "P" and to == s.ep)
            if letter == "P":
                san = (GRID.names[frm][0] + "x" if capture else "") + GRID.names[to]
                san += "=Q" if promo else ""
            else:
                san = letter + self._disambiguation(s, frm, to) + ("x" if capture else "")
                san += GRID.names[to]
        after, castling, ep, _ = successor(s.board, s.castling, (frm, to, promo))
        if in_check(after, 1 - s.turn):
            child = legal_moves(after, 1 - s.turn, castling, ep)
            san += "+" if child else "#"
        return san

    def _disambiguation(self, s, frm, to) -> str:
        piece = s.board[frm]
        others = [
            f
            for f, t, _ in map(parse_uci, self._moves(s))  # memoized on the state
            if t == to and f != frm and s.board[f] == piece
        ]
        if not others:
            return ""
        name = GRID.names[frm]
        if all(f % 8 != frm % 8 for f in others):
            return name[0]
        if all(f // 8 != frm // 8 for f in others):
            return name[1]
        return name

    def readable(self, s: ChessState, move: str) -> bool:
        return parse_uci(move) is not None

    def explain(self, s: ChessState, move: str) -> str:
        parsed = parse_uci(move)
        if parsed is None:
            return said(
                "Could not read {move} as a move: write UCI like e3e4 or b7b8q, "
                "or SAN like Se4, Taa8 or O-O.",
                move=repr(move),
            )
        frm, to, promo = parsed
        square, target_square = GRID.names[frm], GRID.names[to]
        piece = s.board[frm]
        if piece is None:
            return said("There is no piece on {square}.", square=square)
        if colour_of(piece) != s.turn:
            return said(
                "The piece on {square} is not yours: it is {side}'s move.",
                square=square,
                side=self.seats[s.turn],
            )
        pseudo = set(pseudo_moves(s.board, s.turn, s.ep))
        if piece in "Pp" and (frm, to, "q") in pseudo and not promo:
            return said(
                "A pawn reaching the last rank promotes, and only to a Queen: add q (b7b8q)."
            )
        if promo and (frm, to, promo) not in pseudo:
            return said("Only a pawn reaching the last rank promotes (to a Queen).")
        if (frm, to, promo) in pseudo:
            after = make(s.board, frm, to, promo)
            own_king = after.index("K" if s.turn == WHITE else "k")
            if attacked(after, own_king, 1 - s.turn):
                return said(
                    "That move would leave your {piece} in check.",
                    piece=PIECE_NAMES[after[own_king]],
                )
            return said("The two kings may not face each other on an open file or rank.")
        if piece == "k" and abs(to - frm) == 2:
            return said(
                "Castling is not possible now: it needs the right, an empty path, and no "
                "check, attack or face-off on the king's way."
            )
        target = s.board[to]
        if piece in IMPERIAL_CAPTURE and target is not None and colour_of(target) != s.turn:
            return said(
                "The {piece} on {square} captures only {pattern}; it cannot capture on {target}.",
                piece=PIECE_NAMES[piece],
                square=square,
                pattern=CAPTURE_WORDS[IMPERIAL_CAPTURE[piece]],
                target=target_square,
            )
        return said(
            "The {piece} on {square} cannot move to {target}.",
            piece=PIECE_NAMES[piece],
            square=square,
            target=target_square,
        )

    # --- for the board and the move list -------------------------------------
    def move_squares(self, move: str) -> tuple[str, ...]:
        return move[:2], move[2:4]

    def check_square(self, s: ChessState) -> str | None:
        """The square of the king in check, if the side to move is in check."""
        king = s.board.index("K" if s.turn == WHITE else "k")
        return GRID.names[king] if attacked(s.board, king, 1 - s.turn) else None

    @of_the_state
    def captured(self, s: ChessState) -> tuple[list[str], list[str]]:
        """Pieces each side has lost, as FEN letters; a promoted Queen stands for a Pawn."""
        lost = {WHITE: [], BLACK: []}
        # White starts with no Queen and Black with one: any more were promoted pawns.
        promoted = {WHITE: s.board.count("Q"), BLACK: max(0, s.board.count("q") - 1)}
        for letter, count in START_COUNT.items():
            side = colour_of(letter)
            here = s.board.count(letter)
            if letter in "Pp":
                here += promoted[side]
            if letter == "q":
                here = min(here, 1)
            lost[side] += [letter] * max(0, count - here)
        return lost[WHITE], lost[BLACK]

    def perft(self, s: ChessState, depth: int) -> int:
        """Leaf count of the legal move tree (game ends ignored, as perft does)."""
        return _perft(s.board, s.turn, s.castling, s.ep, depth)


def _perft(board, turn, castling, ep, depth) -> int:
    moves = legal_moves(board, turn, castling, ep)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        after, rights, new_ep, _ = successor(board, castling, move)
        total += _perft(after, 1 - turn, rights, new_ep, depth - 1)
    return total


def _plain_san(text: str) -> str:
    return (
        text.strip().rstrip("+#!?").replace("0", "O").replace("=", "").replace("e.p.", "").strip()
    )
