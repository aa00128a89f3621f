"""Play by ear, as lichess's blind mode allows: the last move read out with what it did, and
what stands on a square or point asked by its name. The board in words is read off the live
board's picture (play/boards/words.py), as the lessons' and the puzzles' are."""

from __future__ import annotations

from collections import Counter

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from play.boards import renderer
from play.boards.words import standing_on
from play.common import language
from play.common.lru import LRU
from play.games.lifecycle import before_last, moves_and_state

_SAID = LRU(1024)  # (public id, revision, language) -> its last move read out
NAME_LENGTH = 8  # characters of a square's or a point's name asked about: "ab40" is 4


def move_said(game, moves, state) -> str:
    """The game's last move as it is read out: who played it, and what it did ("Black: Nf6,
    takes the White Queen on d5, check."). The same for every view of a revision: worked out
    once."""
    key = (game.public_id, game.revision, translation.get_language())
    return _SAID.remembered(key, lambda: _move_said(game, moves, state))


def _move_said(game, moves, state) -> str:
    if not moves:
        return ""
    last, game_rules = moves[-1], game.rules
    before = before_last(game, moves)
    side = language.translated(game_rules.seats[last.seat])
    # Translators: a move read out, after the side that played it ("Black: Nf6").
    words = [_("%(side)s: %(move)s") % {"side": side, "move": last.display}]
    words += effects(game, before, state, last.seat)
    # Translators: between the parts of a move read out ("Black: Nf6", "takes the White
    # Queen on d5", "check"): a comma and a space in most languages.
    parts = pgettext("between the parts of a move read out", ", ")
    # Translators: a move read out, then what it did, as one sentence.
    return _("%(said)s.") % {"said": parts.join(words)}


def effects(game, before, after, mover: int) -> list[str]:
    """What a move did, each in a few words: the pieces it took or lost, those it brought
    back, the captures it scored where the rules count them, a check."""
    game_rules, board = game.rules, renderer(game.game_slug)
    lost_before, lost_after = game_rules.captured(before), game_rules.captured(after)
    words = []
    for seat in (1 - mover, mover):
        gone = Counter(lost_after[seat]) - Counter(lost_before[seat])
        if gone:
            pieces = _pieces(board, gone, (before, after) if seat != mover else None)
            words.append(
                _("takes %(pieces)s") % {"pieces": pieces}
                if seat != mover
                else _("loses %(pieces)s") % {"pieces": pieces}
            )
        back = Counter(lost_before[seat]) - Counter(lost_after[seat])
        if back:
            words.append(_("brings back %(pieces)s") % {"pieces": _pieces(board, back)})
    scores = (game_rules.score(before), game_rules.score(after))
    if not lost_after[0] and not lost_after[1] and scores[0] and scores[1]:
        gained = scores[1][mover] - scores[0][mover]
        if gained > 0:
            words.append(
                ngettext("captures %(count)s piece", "captures %(count)s pieces", gained)
                % {"count": gained}
            )
    if game_rules.check_square(after):
        # Translators: a move read out gives check.
        words.append(pgettext("a move read out", "check"))
    return words


def _pieces(board, pieces: Counter, positions=None) -> str:
    """The pieces a move took, lost or brought back, by name; a taken one with its square
    where `positions` (before, after) show it ("Black Queen on d5")."""
    grid = getattr(board, "grid", None) if hasattr(board, "piece_at") else None
    named = []
    for piece, count in pieces.items():
        name = board.piece_name(piece)
        where = _square_of(board, grid, piece, *positions) if grid and positions else None
        if where:
            name = _("%(piece)s on %(square)s") % {"piece": name, "square": where}
        named += [name] * count
    # Translators: between the pieces one move took ("the White Queen on d5, the White
    # Rook"): a comma and a space in most languages.
    return pgettext("between the pieces one move took", ", ").join(named)


def _square_of(board, grid, piece: str, before, after) -> str | None:
    """The one square where `piece` stood before the move and stands no more, if one."""
    left = [
        grid.names[sq]
        for sq in range(grid.size)
        if board.piece_at(before, sq) == piece and board.piece_at(after, sq) != piece
    ]
    return left[0] if len(left) == 1 else None


def end_said(game) -> str:
    """The end of the game as it is read out, once it is over."""
    if not game.is_over:
        return ""
    return _("Game over: %(result)s.") % {"result": language.translated(game.result_text)}


def standing(game, words: list[str], asked: str) -> str:
    """The answer to "What is on …?": what stands on the square or point named, on each board;
    that nothing does; or that the board has no such place."""
    name = asked.strip().lower()
    if not name:
        return _("Type a square or a point, like %(example)s.") % {"example": _example(game)}
    if len(name) <= NAME_LENGTH:
        found = standing_on(words, name)
        if found:
            return "; ".join(found) + "."
        if _is_place(game, name):
            # Translators: the answer to "What is on …?" for an empty square or point.
            return _("%(square)s: nothing.") % {"square": name}
    shown = name[:NAME_LENGTH]
    return _("%(square)s is no square or point of this board: type one like %(example)s.") % {
        "square": shown,
        "example": _example(game),
    }


def _is_place(game, name: str) -> bool:
    grid = getattr(game.rules, "grid", None)
    if grid is not None:
        return grid.is_square(name)
    state = moves_and_state(game)[1]  # Empire: a board of any size, read off its position
    return game.rules.point(state, name) is not None


def _example(game) -> str:
    grid = getattr(game.rules, "grid", None)
    return grid.names[0] if grid is not None else "a1"
