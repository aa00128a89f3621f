"""An exercise as its page shows it: the board with the learner's pieces clickable (each click an
address, as the analysis board's are), the reserve, the choices, the board in words for a
screen reader, the goal and how the try stands; and, for a square clicked that is no target,
what the learner can do there."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import urlencode

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

import rules
from play.boards import renderer
from play.boards.base import Marks
from play.boards.words import described
from play.common import numbers
from play.common.language import translated
from play.learn import lessons
from play.round.clicks import ClicksByAddress, squares_table
from play.round.presenter import in_hand

MOVES_LENGTH = 2000  # characters of the moves an address carries: a try is far shorter
SQUARE = 16  # characters of a square or a reserve piece chosen by a click: far more than any


class LessonClicks(ClicksByAddress):
    """The clicks of play, each move posted to the exercise."""

    def play(self, move: str) -> dict[str, str]:
        return {"hx-post": self.url(), "hx-vals": json.dumps({"move": move})}


def read_moves(query) -> tuple[list[str], int]:
    """The learner's moves so far and the tries before, from the address: Malformed (400)
    when they cannot be a try's."""
    text = query.get("moves", "")
    if len(text) > MOVES_LENGTH:
        raise numbers.Malformed(
            ngettext(
                "Malformed lesson progress: at most %(count)s character.",
                "Malformed lesson progress: at most %(count)s characters.",
                MOVES_LENGTH,
            )
            % {"count": MOVES_LENGTH}
        )
    moves = text.split()
    if len(moves) > lessons.MOST_MOVES:
        raise numbers.Malformed(
            ngettext(
                "Malformed lesson progress: at most %(count)s move.",
                "Malformed lesson progress: at most %(count)s moves.",
                lessons.MOST_MOVES,
            )
            % {"count": lessons.MOST_MOVES}
        )
    tries = numbers.whole(query.get("tries", "0") or "0", _("the tries"), lessons.MOST_MISTAKES)
    return moves, tries


def chosen(query) -> tuple[str | None, str | None, str | None]:
    """The square selected, the target picked by the clicks so far, and a square clicked that
    is neither (looked at), from the address."""
    select, pick, look = (query.get(name, "")[:SQUARE] for name in ("select", "pick", "look"))
    return select or None, pick or None, look or None


def context(path: str, slug: str, exercise, moves: list[str], tries: int, choice=None) -> dict:
    """The exercise after these moves; `choice`: a square selected, a target picked and a
    square looked at."""
    game_rules = rules.get(slug)
    tried = lessons.attempt(slug, exercise, moves, tries)
    if tried.wrong:
        tries = min(tries + 1, lessons.MOST_MISTAKES)
        moves = []
    else:
        moves = [m for i, m in enumerate(tried.moves) if _learners(exercise, i)]

    def url(**extra) -> str:
        query = {"moves": " ".join(moves)} if moves else {}
        query |= {"tries": tries} if tries else {}
        return f"{path}?{urlencode({**query, **extra})}" if query or extra else path

    state = tried.state
    marks = Marks(
        last_move=game_rules.move_squares(tried.last) if tried.last else (),
        check=game_rules.check_square(state),
    )
    board = renderer(slug)
    selected, pick, look = choice or (None, None, None)
    clicks = LessonClicks(game_rules, marks, selected, pick, url)
    playing = not tried.done and game_rules.to_move(state) == tried.learner
    if playing:
        if board.click_by_position:
            marks.board_action = {"data-move-url": url(), "data-target": "lesson"}
            clicks.choose(game_rules.squareless_moves(state), clicks.play)
        else:
            clicks.offer(game_rules.legal_moves(state), clicks.play)
    learner = translated(game_rules.seats[tried.learner])
    svg = board.render(state, bottom=tried.learner, marks=marks, caption=f", {learner}")
    seen = playing and look and not board.click_by_position
    selection = {"select": clicks.selected} if clicks.selected else {}
    hands = game_rules.reserve(state)
    return {
        "game": game_rules,
        "exercise": exercise,
        "tried": tried,
        "moves_shown": [
            # Translators: a move played in an exercise, after the side that played it.
            _("%(side)s: %(move)s") % {"side": translated(game_rules.seats[seat]), "move": m}
            for seat, m in (
                (tried.learner if _learners(exercise, i) else 1 - tried.learner, m)
                for i, m in enumerate(tried.moves)
            )
        ],
        "learner": learner,
        "board_svg": svg,
        "in_hand": in_hand(board, hands[tried.learner], clicks.in_hand, clicks.selected),
        "choices": clicks.choices,
        "words": described(svg),
        "post_url": url(),
        # Where a click on a square that is no target asks what can be done there (look=it).
        "look_url": url(**selection) if playing and not board.click_by_position else "",
        "looked": looked(game_rules, state, svg, look, clicks.selected) if seen else "",
        "again_url": path,
        "tries": tries,
    }


def looked(game_rules, state, svg: str, square: str, selected: str | None) -> str:
    """What the learner can do on a square they clicked that is no target: the square as the
    board names it, then the moves that end there, or which of theirs can move at all."""
    label = re.search(rf'data-square="{re.escape(square)}"[^>]*aria-label="([^"]+)"', svg)
    if label is None:
        return ""  # no square of this board
    pairs = [squares_table(game_rules.slug)[m] for m in game_rules.legal_moves(state)]
    said = unescape(label[1])
    if selected and selected.endswith("@"):
        return _(
            "%(square)s: the piece from your reserve cannot be placed there; where it can is marked."
        ) % {"square": said}
    if selected:
        return _("%(square)s: the piece on %(from)s cannot go there; where it can is marked.") % {
            "square": said,
            "from": selected,
        }
    if any(origin == square for origin, _target in pairs):
        return _("%(square)s: yours, and it can move: click it, then where it goes.") % {
            "square": said
        }
    starts = [_origin(o) for o in dict.fromkeys(o for o, t in pairs if o and t == square)]
    if starts:
        # Translators: the squares (or "your reserve") a move can start from, as "e2 or e4".
        either = pgettext("one of these", " or ").join(starts)
        return _("%(square)s: your move there starts from %(starts)s: click that first.") % {
            "square": said,
            "starts": either,
        }
    said = _("%(square)s: no move of yours starts or ends there now.") % {"square": said}
    movers = [_origin(o) for o in dict.fromkeys(o for o, _target in pairs if o)]
    if movers:
        said += " " + _("Yours that can move: %(squares)s.") % {"squares": ", ".join(movers)}
    return said


def _origin(origin: str) -> str:
    """A move's origin in words: a square, or a piece of the reserve (`Q@`)."""
    return _("your reserve") if origin.endswith("@") else origin


def _learners(exercise, index: int) -> bool:
    """Whether the index-th move of a try is the learner's: every other one when the
    opponent answers, each one when it passes."""
    return not exercise.scripted or index % 2 == 0


def exercise_or_404(slug: str, lesson_slug: str, number: int):
    found = lessons.exercise(slug, f"{lesson_slug}/{number}") if slug in lessons.GAMES else None
    if found is None:
        raise Http404(_("There is no such exercise: the map of lessons lists them all."))
    return found
