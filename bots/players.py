"""The players: two yardsticks (a random mover and a greedy one) and the searching levels.

Every choice draws on a random generator seeded by the player's seed, its level and the
position, so the same position always gets the same move from the same player."""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass

from bots import charges, evaluation
from bots.material import balance
from bots.search import Search
from rules.said import said

# No level thinks longer on a move, whatever its budget of positions: in a slow position or on
# a busy machine the budget gives way to the clock (level 8 stays under 2 s a move).
MOST_SECONDS = 1.8


@dataclass(frozen=True)
class Arranging:
    """Imperial Shuffle's setup, which comes before any position: the game's options, the
    seat arranging, and the other board's text once it is submitted (None before)."""

    options: dict
    seat: int
    other: str | None = None


class Player:
    """A computer opponent for one game at one level."""

    name = "player"
    # The most a move may take; a benchmark lifts it to measure a level by its budget alone.
    most_seconds = MOST_SECONDS

    def __init__(self, game, level: int, seed: int = 0):
        self.game, self.level, self.seed = game, level, seed

    def choose(self, state, budget_ms: int | None = None) -> str:
        rng = self._rng(state)
        if isinstance(state, Arranging):
            return self.game.random_arrangement(rng, state.options, state.seat, state.other)
        moves = self.game.legal_moves(state)
        if not moves:
            raise ValueError("The game is over: there is no move to choose.")
        if len(moves) == 1:
            return moves[0]
        moves = sorted(moves)
        rng.shuffle(moves)  # ties go to the first in this order
        seconds = min(budget_ms / 1000, self.most_seconds) if budget_ms else self.most_seconds
        return self.pick(state, moves, rng, time.monotonic() + seconds)

    def pick(self, state, moves: list[str], rng: random.Random, deadline) -> str:
        raise NotImplementedError

    def describe(self) -> str:
        """How this player chooses, in a sentence for its profile (a `said`: the pages show it
        in their reader's language)."""
        raise NotImplementedError

    def _rng(self, state) -> random.Random:
        text = repr(state) if isinstance(state, Arranging) else self.game.format(state)
        key = f"{self.seed}:{self.level}:{self.name}:{text}".encode()
        return random.Random(int.from_bytes(hashlib.blake2b(key, digest_size=8).digest()))


class RandomMover(Player):
    """Any legal move, uniformly."""

    name = "random"

    def pick(self, state, moves, rng, deadline) -> str:
        return moves[0]

    def describe(self) -> str:
        return said("plays any legal move, at random")


class GreedyMover(Player):
    """The move that wins the game, or the most material or points at once; random among
    ties."""

    name = "greedy"

    def pick(self, state, moves, rng, deadline) -> str:
        game, seat = self.game, game_seat(self.game, state)
        best, best_value = moves[0], None
        for move in moves:
            after = game.apply(state, move)
            outcome = game.outcome(after)
            if outcome is not None and outcome.winner == seat:
                return move
            value = balance(game, after, seat)
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best

    def describe(self) -> str:
        return said("takes the move that wins the most at once")


class Searcher(Player):
    """Alpha-beta (bots/search.py) to `depth` plies within `nodes` positions; with
    `blunders`, that share of its moves is a random one instead; going `far` (Empire's level
    8), deepened as evaluation.deeper says rather than a ply at a time, its root narrowed
    further (evaluation.kept), and remembering the positions it has valued."""

    name = "search"

    def __init__(self, game, level, seed=0, *, depth: int, nodes: int, blunders=0.0, far=False):
        super().__init__(game, level, seed)
        self.depth, self.nodes, self.blunders, self.far = depth, nodes, blunders, far
        self.visited = 0  # positions the last search looked at (for benchmarks)
        self.completed = 0  # and the plies it looked ahead in full

    def pick(self, state, moves, rng, deadline) -> str:
        if rng.random() < self.blunders:
            return moves[0]
        game, seat = self.game, game_seat(self.game, state)
        passing = _pass_if_won(game, state, seat)
        if passing:
            return passing
        search = searching(game, seat, self.nodes, deadline, self.far)
        wanted = set(evaluation.candidates(game, state))
        looked_at = evaluation.first_looks(game, state, [m for m in moves if m in wanted] or moves)
        charge = charges.compose(game, state, rng)
        if charge is not None:
            looked_at.append(charge)
        choice = search.best(state, looked_at, self.depth)[0]
        self.visited, self.completed = search.nodes, search.completed
        return choice

    def describe(self) -> str:
        share = f"{self.blunders:.0%}"
        if self.depth == 1:
            if self.blunders:
                return said(
                    "takes the move that looks best one move ahead, and plays {share} of its "
                    "moves at random",
                    share=share,
                )
            return said("takes the move that looks best one move ahead")
        positions = f"{self.nodes:,}"
        if self.blunders:
            return said(
                "searches ahead (alpha-beta) as far as {positions} positions go, and plays "
                "{share} of its moves at random",
                positions=positions,
                share=share,
            )
        return said(
            "searches ahead (alpha-beta) as far as {positions} positions go", positions=positions
        )


def searching(game, seat: int, nodes: int, deadline: float | None, far=False) -> Search:
    """The searchers' search: each game's evaluation, its candidates at the root (the caller
    gives them) and its replies below, how many root moves each iteration keeps and, going
    `far`, how much deeper the next goes and what tells positions apart in its table."""
    return Search(
        game,
        seat,
        lambda s, who: evaluation.evaluate(game, s, who),
        lambda s: evaluation.replies(game, s),
        nodes,
        deadline,
        lambda s, move: evaluation.made(game, s, move),
        lambda depth, count: evaluation.kept(game, depth, count, far),
        (lambda depth: evaluation.deeper(game, depth)) if far else None,
        (lambda s: evaluation.remembered(game, s)) if far else None,
    )


def game_seat(game, state) -> int:
    return game.to_move(state)


def _pass_if_won(game, state, seat: int) -> str | None:
    """Empire: when the opponent has just passed and this seat leads, passing ends the game
    won; a game against the computer then ends as soon as the player passes behind."""
    if game.slug == "empire" and state.passes == 1 and balance(game, state, seat) > 0:
        return "pass"
    return None


# Positions a second each game's searcher visited on this project's 2-core machine when the
# levels were set; the levels' budgets are counts of positions, so they are the same on any
# machine, and a faster search plays the same moves sooner. These stay as they are: the
# ladder's records (bench/ladder) measured the levels these budgets make.
# Empire Chess's is for its own search, which stands in when Fairy-Stockfish fails. Empire's
# is its 32x32 board's, the slowest; its levels have budgets of their own (EMPIRE_NODES).
RATE = {
    "empress": 25000,
    "empire": 20000,
    "imperial-shuffle": 12000,
    "imperial-chess": 16000,
    "empire-chess": 5000,
}
# Levels 2 and 3 look one move ahead, level 2 playing half its moves at random; levels 4 to 8
# search as deep as a budget of positions goes (deepened a ply at a time), a budget that
# grows from level to level: these seconds' worth at the rates above, each about 2.5 to 3
# times the last (Empire's: EMPIRE_NODES). Level 8's is as much as today's search gets
# through in well under the 1.8 s (docs/performance.md, "How long level 8 thinks").
BLUNDERS = {2: 0.5, 3: 0.0}
SECONDS = {4: 0.025, 5: 0.08, 6: 0.25, 7: 0.65, 8: 1.6}
DEEPEST = 12
# Empire's levels 4 to 8. Its search gains little from a budget that only adds a sixth ply to
# level 7's five; level 8 goes far: deepening by evaluation.deeper's strides and remembering
# positions, it looks seven plies ahead at its best moves and nine at its best four
# (bench/search.py --depths: each level's plies on the ladder's 16x16 board). Level 4 looks
# one ply ahead, and a second at its first moves only: between level 3 and level 5.
EMPIRE_NODES = {4: 200, 5: 500, 6: 1_600, 7: 5_000, 8: 60_000}


def by_level(game, level: int, seed: int) -> Player:
    """Imperia's own player of `game` at `level` (Empire Chess's is Fairy-Stockfish, but for
    where the engine failed: bots.get chooses)."""
    if level == 1:
        return RandomMover(game, level, seed)
    if level in BLUNDERS:
        return Searcher(game, level, seed, depth=1, nodes=10**6, blunders=BLUNDERS[level])
    if game.slug == "empire":
        nodes = EMPIRE_NODES[level]
        return Searcher(game, level, seed, depth=DEEPEST, nodes=nodes, far=level == 8)
    return Searcher(game, level, seed, depth=DEEPEST, nodes=int(RATE[game.slug] * SECONDS[level]))
