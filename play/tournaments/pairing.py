"""An arena's pairing pass, as lila's AntmaPairing does it: the free players, ranked by their
score, each paired with a free player near in rank (and then in rating) by a maximum-weight
matching (rustworkx's, as pychess-variants pairs its arenas), never with the opponent just
played unless only two players are left; the colour to whoever has had it less. Pure: no
Django.

A large field is matched in slices of 100 by rank, as lila does, each player linked to the
20 nearest in rank: the best pairing is always near in rank, and the matching's work grows
with the links, not with the square of the field."""

from __future__ import annotations

import random
from dataclasses import dataclass

import rustworkx

SLICE = 100  # players matched together at most
NEAREST = 20  # links from a player to the next ones in rank
REMATCH = 4_000_000  # an immediate rematch's cost, when only two players are left


@dataclass(frozen=True)
class Free:
    """A player waiting for a game."""

    player: int
    rank: int  # 1 is first in the standings
    rating: float
    last_opponent: int | None = None
    white_balance: int = 0  # games as White minus games as Black
    team: int | None = None  # a battle's club: clubmates are never paired


def pair(free: list[Free], *, only_two_left: bool = False, rng=random) -> list[tuple[int, int]]:
    """(White, Black) pairs of the free players; one may be left waiting."""
    ranked = sorted(free, key=lambda f: (f.rank, f.player))
    if len(ranked) < 2:
        return []
    worst = max(f.rank for f in ranked)
    pairs, carried = [], []
    for start in range(0, len(ranked), SLICE):
        group = carried + ranked[start : start + SLICE]
        matched = _match(group, worst, only_two_left)
        paired = {f.player for match in matched for f in match}
        carried = [f for f in group if f.player not in paired]
        pairs += [_coloured(a, b, rng) for a, b in matched]
    return pairs


def _match(group: list[Free], worst: int, only_two_left: bool) -> list[tuple[Free, Free]]:
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(group)
    links = []
    for i, a in enumerate(group):
        for j in range(i + 1, min(len(group), i + 1 + NEAREST)):
            cost = _cost(a, group[j], worst, only_two_left)
            if cost is not None:
                links.append((i, j, cost))
    if not links:
        return []
    most = max(cost for _, _, cost in links) + 1
    graph.add_edges_from([(i, j, most - cost) for i, j, cost in links])
    found = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
    return [(group[i], group[j]) for i, j in found]


def _cost(a: Free, b: Free, worst: int, only_two_left: bool) -> int | None:
    """lila's pair score: rank apart, weighed more at the top (300 at the bottom, 2,000 at the
    top), then rating apart; None when they have just played each other, or play for one
    club in a battle."""
    if a.team is not None and a.team == b.team:
        return None
    rematch = a.last_opponent == b.player or b.last_opponent == a.player
    if rematch and not only_two_left:
        return None
    factor = 300 + 1700 * (worst - min(a.rank, b.rank)) // max(worst, 1)
    cost = abs(a.rank - b.rank) * factor + int(abs(a.rating - b.rating))
    return cost + (REMATCH if rematch else 0)


def _coloured(a: Free, b: Free, rng) -> tuple[int, int]:
    """White to whoever has had it less; a coin where they are even."""
    if a.white_balance != b.white_balance:
        white, black = (a, b) if a.white_balance < b.white_balance else (b, a)
    else:
        white, black = (a, b) if rng.random() < 0.5 else (b, a)
    return white.player, black.player
