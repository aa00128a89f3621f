"""The computer's opinion of a position, for the analysis board: a score for the side to move
and the line it expects, in all five games (Fairy-Stockfish's in Empire Chess, the strongest
level's search in the others)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bots import evaluation
from bots.players import RATE, game_seat, searching
from bots.search import WIN

LINE = 6  # plies of the expected line at most


@dataclass(frozen=True)
class Opinion:
    score: float  # for the side to move: pawns in Empire Chess, the evaluation's points elsewhere
    mate: int | None  # moves to a forced result (positive: the side to move wins), if it sees one
    line: tuple[str, ...]  # canonical moves, from this position

    @property
    def words(self) -> str:
        if self.mate is not None:
            return f"wins in {self.mate}" if self.mate > 0 else f"loses in {-self.mate}"
        return f"{self.score:+.2f}"


def analyse(game, state, seconds: float = 1.0) -> Opinion:
    """What the computer thinks of `state`, within about `seconds`."""
    if game.outcome(state) or game.to_move(state) is None:
        return Opinion(0.0, None, ())
    if game.slug == "empire-chess":
        return _fairy(game, state, seconds)
    return _search(game, state, seconds)


def _search(game, state, seconds: float) -> Opinion:
    """The searched line: the best move, then the best reply to it, and so on, each searched
    with what the first left of the time."""
    deadline = time.monotonic() + seconds
    seat, line, score, here = game_seat(game, state), [], 0.0, state
    for ply in range(LINE):
        if game.outcome(here) or game.to_move(here) is None:
            break
        mover = game_seat(game, here)
        share = seconds * (0.5 if ply == 0 else 0.1)
        search = searching(
            game, mover, int(RATE[game.slug] * share), min(deadline, time.monotonic() + share)
        )
        moves = game.legal_moves(here)
        wanted = set(evaluation.candidates(game, here))
        move, value = search.best(here, [m for m in moves if m in wanted] or moves, 12)
        if ply == 0:
            score = value if mover == seat else -value
        line.append(move)
        here = game.apply(here, move)
        if time.monotonic() >= deadline:
            break
    if abs(score) >= WIN / 2:
        return Opinion(score, len(line) if score > 0 else -len(line), tuple(line))
    return Opinion(round(score, 2), None, tuple(line))


def _fairy(game, state, seconds: float) -> Opinion:
    from bots.fairy import engine

    _, report = engine().search(game.format(state), "nodes 2000000", int(seconds * 1000))
    line = tuple(report[report.index("pv") + 1 :][:LINE]) if "pv" in report else ()
    if "score" in report:
        kind, value = report[report.index("score") + 1], int(report[report.index("score") + 2])
        if kind == "mate":
            return Opinion(0.0, value, line)
        return Opinion(value / 100, None, line)
    return Opinion(0.0, None, line)
