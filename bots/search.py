"""Alpha-beta search over the rules contract, deepened iteration by iteration (a ply at a time
unless told) within a budget of positions (and, if given, of time): the searching players of
four of the five games.

Values are from the searching seat's point of view, so games whose turns do not simply
alternate are searched right. Children are made with the rules' own `apply` (the moves come
from `legal_moves`, so they need no second check; `make` may wrap it) and ordered by their
evaluation, which is what the frontier computes anyway; ties keep the order the caller
shuffled the moves into at the root, and the order `candidates` gives below it.

Given `remember` (a position's key), the search keeps a table of the positions it has valued,
as chess engines do: one reached again by another order of moves, or in the next iteration,
is not searched again where its value, as deep as now, settles the question, and children go
in the order of the values the table has for them (the last iteration's, mostly) before their
evaluation's."""

from __future__ import annotations

import time
from collections.abc import Callable

WIN = 1_000_000.0
EXACT, AT_LEAST, AT_MOST = 0, 1, 2  # what a remembered value is of the position's


class OutOfBudget(Exception):
    """The position or time budget ran out inside an iteration; the last whole one stands."""


class Search:
    def __init__(
        self,
        game,
        seat: int,
        evaluate: Callable,
        candidates: Callable,
        nodes: int,
        deadline: float | None = None,
        make: Callable | None = None,
        kept: Callable | None = None,
        deeper: Callable | None = None,
        remember: Callable | None = None,
    ):
        self.game, self.seat = game, seat
        self.evaluate, self.candidates = evaluate, candidates
        self.make = make or game.apply  # how a child is made (an evaluation may note its origin)
        # How many of the root's moves, best first, the next iteration searches, given the
        # depth just searched and how many were: all unless told.
        self.kept = kept or (lambda depth, count: count)
        # The depth of the iteration after one this deep: the next unless told.
        self.deeper = deeper or (lambda depth: depth + 1)
        self.budget, self.nodes, self.deadline = nodes, 0, deadline
        # Each position's key, and what it was worth: (depth searched, value, EXACT/AT_...).
        self.remember, self.table = remember, {}
        self.completed = 0  # the deepest iteration the last `best` finished (for benchmarks)

    def best(self, state, moves: list[str], depth: int) -> tuple[str, float]:
        """The best of `moves` (in the order given, for ties) searched up to `depth` plies,
        or as deep as the budget allowed. An iteration cut short still counts for the moves
        it finished: the first of them is the last iteration's choice, so the best of them is
        at least as well founded as that choice."""
        ranked = list(moves)
        choice = (ranked[0], -WIN)
        self.completed = 0
        self.budget = max(self.budget, len(ranked))  # one ply is always within the budget
        current = 1
        while current <= depth:
            self.scored = []
            try:
                scored = self._root(state, ranked, current)
            except OutOfBudget:
                if self.scored:
                    choice = max(self.scored, key=lambda pair: pair[1])
                break
            self.completed = current
            ranked = [move for move, _ in scored]  # the next iteration looks at these first
            ranked = ranked[: self.kept(current, len(ranked))]
            choice = scored[0]
            if abs(choice[1]) >= WIN / 2:
                break  # a forced result: deeper looks change nothing
            current = self.deeper(current)
        return choice

    def reaches(self, state, move: str, depth: int, threshold: float) -> bool:
        """Whether `move`, searched `depth` plies deep (itself the first), is worth at least
        `threshold` to the searching seat: a null-window search, which settles only that."""
        child = self._child(state, move)
        return self._value(child, depth - 1, threshold - 0.5, threshold, 1) >= threshold

    def value(self, state, depth: int) -> float:
        """The position's worth to the searching seat, searched `depth` plies deep."""
        return self._value(state, depth, -WIN * 2, WIN * 2, 0)

    def _root(self, state, moves: list[str], depth: int) -> list[tuple[str, float]]:
        alpha, scored = -WIN * 2, self.scored
        for move in moves:
            child = self._child(state, move)
            value = self._value(child, depth - 1, alpha, WIN * 2, 1)
            scored.append((move, value))
            alpha = max(alpha, value)
        return sorted(scored, key=lambda pair: -pair[1])  # stable: ties keep the earlier order

    def _child(self, state, move: str):
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        if self.deadline is not None and self.nodes % 64 == 0 and time.monotonic() > self.deadline:
            raise OutOfBudget
        return self.make(state, move)

    def _value(self, state, depth: int, alpha: float, beta: float, ply: int) -> float:
        game = self.game
        outcome = game.outcome(state)
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            won = WIN - ply  # sooner wins are better, later losses less bad
            return won if outcome.winner == self.seat else -won
        if depth <= 0:
            return self.evaluate(state, self.seat)
        if self.remember is None:
            return self._searched(state, depth, alpha, beta, ply)
        key = self.remember(state)
        known = self.table.get(key)
        if known is not None and known[0] >= depth:
            _, value, bound = known
            if (
                bound == EXACT
                or (bound == AT_LEAST and value >= beta)
                or (bound == AT_MOST and value <= alpha)
            ):
                return value
        value = self._searched(state, depth, alpha, beta, ply)
        if abs(value) < WIN / 2:  # a forced result's worth depends on the ply: not kept
            bound = AT_MOST if value <= alpha else AT_LEAST if value >= beta else EXACT
            self.table[key] = (depth, value, bound)
        return value

    def _searched(self, state, depth: int, alpha: float, beta: float, ply: int) -> float:
        maximizing = self.game.to_move(state) == self.seat
        if depth == 1:  # the frontier: each child's evaluation is its value
            for move in self.candidates(state):
                value = self._leaf(self._child(state, move), ply + 1)
                if maximizing:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if alpha >= beta:
                    break  # this line is refuted already: the rest cannot change the choice
            return alpha if maximizing else beta
        children = [self._child(state, move) for move in self.candidates(state)]
        order = sorted(children, key=lambda child: self._guess(child, ply + 1), reverse=maximizing)
        for child in order:
            value = self._value(child, depth - 1, alpha, beta, ply + 1)
            if maximizing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return alpha if maximizing else beta

    def _guess(self, child, ply: int) -> float:
        """What a child is likely worth, to order the search: the table's value, if it has
        one, else its evaluation."""
        if self.remember is not None:
            known = self.table.get(self.remember(child))
            if known is not None:
                return known[1]
        return self._leaf(child, ply)

    def _leaf(self, state, ply: int) -> float:
        return self._value(state, 0, -WIN * 2, WIN * 2, ply)
