"""Learn from your mistakes, as lichess offers it after a computer analysis: a side's mistakes
and blunders in a reviewed game, one at a time, the position before each shown, and a better
move asked for. The computer's own move is right at once; any other is evaluated in the
evaluations' worker (never in a request: play/review/evaluations.py) and holds when the
mover's chance to win after it is within MARGIN of the chance they had before the mistake
(less than an inaccuracy gives away)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from bots import review as reckoning
from play.common.errors import Refused
from play.models import Evaluation, Game
from play.review import evaluations, reviews
from play.review.analysis import said

MARGIN = 5.0  # points of the chance to win, of 100: the least an inaccuracy gives away
MARKED = ("?", "??")  # the moves to learn from: mistakes and blunders


@dataclass(frozen=True)
class Mistake:
    ply: int  # the move's ply (1 the first); the position before it is ply - 1's
    played: str  # the move as the game writes it
    mark: str
    better: str  # the computer's move there
    chance: float  # the mover's chance to win before it, 0 to 100


def mistakes(game: Game, side: int) -> list[Mistake]:
    """`side`'s mistakes and blunders in the game's review, in order; none without one."""
    shown = reviews.shown(game)
    if shown.reckoned is None:
        return []
    found = []
    for ply, (move, judged) in enumerate(zip(shown.moves, shown.reckoned.moves, strict=True), 1):
        if judged.seat == side and judged.mark in MARKED:
            mine = judged.before if side == 0 else 100 - judged.before
            found.append(Mistake(ply, move, judged.mark, judged.better or "", mine))
    return found


def position_before(game: Game, mistake: Mistake):
    """The rules' state the mistake was played in."""
    texts = reviews.positions_of(game)
    return game.rules.resume(texts[: mistake.ply], game.options)


@dataclass(frozen=True)
class Verdict:
    right: bool
    chance: float | None  # the mover's chance after the answer; None for the computer's move


def answer(user, game: Game, mistake: Mistake, state, text: str) -> Verdict | Evaluation:
    """`text`, a move tried in the mistake's position (`state`: position_before's): right at
    once if it is the computer's, else an evaluation of the position after it, queued (its
    verdict: `verdict`)."""
    game_rules = game.rules
    try:
        move = game_rules.normalize(state, text.strip())
        after = game_rules.play(state, move)
    except ValueError as exc:
        raise Refused(said(exc)) from None
    shown = game_rules.display(state, move)
    if shown == mistake.better:
        return Verdict(True, None)
    if shown == mistake.played:
        raise Refused(_("That is the move played in the game: find a better one."))
    return evaluations.ask(user, game.game_slug, after, game.options)


def verdict(game: Game, mistake: Mistake, evaluation: Evaluation) -> Verdict | None:
    """Whether the move evaluated keeps the mover's chance within MARGIN; None until the
    evaluation is answered (or when it failed: the page says why)."""
    if evaluation.status != Evaluation.Status.DONE:
        return None
    score, mate = _read(evaluation.words)
    theirs = reckoning.chance(
        reviews.shown(game).review.scale, reckoning.Evaluated(score, mate, None)
    )
    mine = 100 - theirs  # the evaluation is for the side to move after the answer
    return Verdict(mine >= mistake.chance - MARGIN, mine)


def _read(words: str) -> tuple[float, int | None]:
    """An evaluation's words as bots.analyse wrote them ("+0.35", "wins in 3"): its score and
    forced result, for the side to move."""
    found = evaluations.MATE.fullmatch(words)
    if found:
        moves = int(found[2])
        return 0.0, moves if found[1] == "wins" else -moves
    return float(words), None
