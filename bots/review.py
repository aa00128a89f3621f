"""A review of a whole game, as lichess reckons one: each position's evaluation made the first
seat's chance to win through the game's own curve (bots/curves.json, fitted by
bench/curves.py from games whose results are known), each move judged by the chance its mover
gave away (?! 5 points of 100, ? 10, ?? 15: lichess's 0.1, 0.2 and 0.3 of its winning chances,
which run from -1 to 1), and each side's accuracy by lichess's formulas (lila's
AccuracyPercent: a move's accuracy from the chance it lost, a side's as the mean of the
weighted and the harmonic means of its moves', each weighted by how much the game swung
around it)."""

from __future__ import annotations

import json
import math
import statistics
from dataclasses import dataclass
from pathlib import Path

CURVES = Path(__file__).resolve().parent / "curves.json"
# Marks by the chance to win a move gave away, in points of 100, the worst first.
MARKS = ((15.0, "??"), (10.0, "?"), (5.0, "?!"))
# Each mark's name, in English as records and the API give it (lichess's judgements).
JUDGEMENTS = {"?!": "Inaccuracy", "?": "Mistake", "??": "Blunder"}
# lila's AccuracyPercent.fromWinPercents: 103.1668 e^(-0.04354 lost) - 3.1669, plus one
# point for the analysis's own uncertainty, within 0 and 100.
ACCURACY_SCALE, ACCURACY_DECAY, ACCURACY_SHIFT, UNCERTAINTY = (
    103.1668100711649,
    0.04354415386753951,
    -3.166924740191411,
    1.0,
)
# lila's windows for a side's weighted accuracy: a tenth of the game, 2 to 8 positions, each
# weighted by the standard deviation of its chances, within 0.5 and 12.
WINDOW_LEAST, WINDOW_MOST, WEIGHT_LEAST, WEIGHT_MOST = 2, 8, 0.5, 12.0


@dataclass(frozen=True)
class Evaluated:
    """A position's evaluation: `score` for the side to move in the engine's units, or `mate`
    (moves to a forced result, positive when the side to move wins), and the engine's best
    move there (None at the end)."""

    score: float
    mate: int | None
    best: str | None

    def for_seat(self, side: int, seat: int) -> Evaluated:
        """This evaluation, made for `side` (the side to move), as `seat` sees it."""
        if side == seat:
            return self
        return Evaluated(-self.score, None if self.mate is None else -self.mate, self.best)


@dataclass(frozen=True)
class Judged:
    """A move as the review judges it: who made it, the first seat's chance to win before and
    after it (0 to 100), what it cost its mover, its accuracy, its mark ("", "?!", "?", "??")
    and the engine's better move when it is marked."""

    seat: int
    before: float
    after: float
    lost: float
    accuracy: float
    mark: str
    better: str | None


def judgement(judged: Judged) -> str:
    """A marked move's judgement in words, as a record and the API give it (in English):
    "Mistake. Qe2 was best."."""
    better = f" {judged.better} was best." if judged.better else ""
    return f"{JUDGEMENTS[judged.mark]}.{better}"


@dataclass(frozen=True)
class Review:
    chances: list[float]  # the first seat's chance to win at each position, ply 0 first
    moves: list[Judged]
    accuracy: dict[int, float | None]  # each seat's, None for a seat that never moved
    counts: dict[int, dict[str, int]]  # each seat's marks: {"?!": n, "?": n, "??": n}


def curves() -> dict[str, float]:
    """Each game's scale: the chance to win of the side to move is 100 / (1 + e^(-scale
    score))."""
    return {slug: fit["scale"] for slug, fit in json.loads(CURVES.read_text()).items()}


def chance(scale: float, evaluated: Evaluated) -> float:
    """The side to move's chance to win, 0 to 100: a forced result is certain."""
    if evaluated.mate is not None:
        return 100.0 if evaluated.mate > 0 else 0.0
    return 100 / (1 + math.exp(-max(-50.0, min(50.0, scale * evaluated.score))))


def review(scale: float, sides: list[int], evaluated: list[Evaluated]) -> Review:
    """The review of a game: `evaluated[i]` its i-th position (ply 0 first, the last the one
    it ended on), seen by `sides[i]`, the seat (0 or 1) to move there; move i is the one
    `sides[i]` made from position i."""
    if len(evaluated) != len(sides) or not sides:
        raise ValueError("A review needs every position of the game, each with its side.")
    chances = []
    for side, position in zip(sides, evaluated, strict=True):
        mine = chance(scale, position)
        chances.append(mine if side == 0 else 100 - mine)
    movers = sides[:-1]
    moves = []
    for ply, seat in enumerate(movers):
        before, after = chances[ply], chances[ply + 1]
        lost = max(0.0, (before - after) if seat == 0 else (after - before))
        mark = next((sign for least, sign in MARKS if lost >= least), "")
        moves.append(
            Judged(seat, before, after, lost, move_accuracy(lost), mark,
                   evaluated[ply].best if mark else None)
        )  # fmt: skip
    weights = _weights(chances, len(movers))
    accuracy, counts = {}, {}
    for seat in (0, 1):
        own = [(m.accuracy, w) for m, w in zip(moves, weights, strict=True) if m.seat == seat]
        accuracy[seat] = _side_accuracy(own)
        marked = [m.mark for m in moves if m.seat == seat]
        counts[seat] = {sign: marked.count(sign) for _least, sign in reversed(MARKS)}
    return Review(chances, moves, accuracy, counts)


def move_accuracy(lost: float) -> float:
    """A move's accuracy, 0 to 100, from the chance it gave away."""
    if lost <= 0:
        return 100.0
    raw = ACCURACY_SCALE * math.exp(-ACCURACY_DECAY * lost) + ACCURACY_SHIFT + UNCERTAINTY
    return max(0.0, min(100.0, raw))


def _weights(chances: list[float], moves: int) -> list[float]:
    """Each move's weight: the standard deviation of the chances in the window around it, as
    lila takes its windows (the first ones repeated so that each move has one)."""
    if moves == 0:
        return []
    size = max(WINDOW_LEAST, min(WINDOW_MOST, moves // 10))
    windows = [chances[:size]] * (min(size, len(chances)) - 2)
    windows += [chances[i : i + size] for i in range(len(chances) - size + 1)]
    return [
        max(WEIGHT_LEAST, min(WEIGHT_MOST, statistics.pstdev(window))) for window in windows[:moves]
    ]


def _side_accuracy(own: list[tuple[float, float]]) -> float | None:
    if not own:
        return None
    weighted = sum(a * w for a, w in own) / sum(w for _a, w in own)
    harmonic = len(own) / sum(1 / max(1.0, a) for a, _w in own)
    return (weighted + harmonic) / 2
