"""A round-robin group's table from its results, pure: points (a win 1, a draw ½), then
Sonneborn-Berger, then the games among the players still tied, then wins, then the seed
(the rating order at the start), so that every place is one player's."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """One game between two players: the first's score (1, ½, 0), or None while it counts
    for nothing (in play, or annulled)."""

    first: int
    second: int
    score: float | None


@dataclass
class Line:
    player: int
    seed: int
    points: float = 0.0
    sonneborn: float = 0.0
    wins: int = 0
    played: int = 0
    rank: int = 0


def table(players: list[int], results: list[Result]) -> list[Line]:
    """The players (in seed order) ranked by their results, first place first."""
    lines = {p: Line(p, seed) for seed, p in enumerate(players, 1)}
    scored = [(r.first, r.second, r.score) for r in results if r.score is not None]
    for first, second, score in scored:
        for player, points in ((first, score), (second, 1 - score)):
            line = lines[player]
            line.points += points
            line.played += 1
            line.wins += points == 1
    for first, second, score in scored:
        lines[first].sonneborn += score * lines[second].points
        lines[second].sonneborn += (1 - score) * lines[first].points
    tied = defaultdict(list)
    for line in lines.values():
        tied[line.points, line.sonneborn].append(line.player)
    among = {}
    for group in tied.values():
        inside = set(group)
        for player in group:
            among[player] = sum(
                score if first == player else 1 - score
                for first, second, score in scored
                if {first, second} <= inside and player in (first, second)
            )
    ranked = sorted(
        lines.values(),
        key=lambda line: (
            -line.points,
            -line.sonneborn,
            -among[line.player],
            -line.wins,
            line.seed,
        ),
    )
    for rank, line in enumerate(ranked, 1):
        line.rank = rank
    return ranked


def movements(size: int, promoted: int, relegated: int) -> list[int]:
    """By rank (first place first): +1 goes up, -1 goes down, 0 stays. The top `promoted` go
    up and the bottom `relegated` down, never the same player both ways."""
    up = min(promoted, size)
    down = min(relegated, size - up)
    return [1] * up + [0] * (size - up - down) + [-1] * down
