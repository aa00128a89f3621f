"""Puzzles: positions where one line wins clearly, found in the computer's games against itself.

A position is a puzzle for the side to move when, searched `depth` plies ahead on material
(bots/material.py) and results, exactly one first move gains at least the game's `GAIN` against
the best defence; and a deeper search (two plies more) confirms that move still gains it. The
line kept is that move, and where the search looked three plies ahead, the best defence and
the move that then takes the gain. Pure Python over the rules contract, like the players."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import rules
from bots import evaluation
from bots.material import balance
from bots.players import by_level
from bots.search import OutOfBudget, Search

# What "wins clearly" is in each game: the material gained (a piece in the chess games, a Queen
# in Empress, a capture in Empire, two deaths' worth in Imperial Shuffle), or the game itself.
GAIN = {"empire-chess": 3, "empress": 1, "empire": 1, "imperial-shuffle": 2, "imperial-chess": 3}
# How far the finding search looks: three plies (move, defence, move) where the moves are few.
DEPTH = {"empire-chess": 3, "empress": 2, "empire": 2, "imperial-shuffle": 3, "imperial-chess": 2}
NODES = 400_000  # positions one test may look at; past it the position is no puzzle
SELF_PLAY_LEVEL = 2  # a searcher that blunders half its moves: the other side gets chances


@dataclass(frozen=True)
class Found:
    position: str
    line: tuple[str, ...]  # the solver's moves and the defence between them
    themes: tuple[str, ...]


def gain(slug: str) -> int:
    return GAIN[slug]


def check(game, state) -> Found | None:
    """The position as a puzzle for the side to move, or None."""
    learner = game.to_move(state)
    if learner is None:
        return None
    depth, threshold = DEPTH[game.slug], balance(game, state, learner) + GAIN[game.slug]
    search = _search(game, learner)
    winners = []
    try:
        # Every move that could gain anything (Empire: near the pieces; a placement far from
        # them closes no ring).
        for move in evaluation.candidates(game, state):
            if search.reaches(state, move, depth, threshold):
                winners.append(move)
                if len(winners) > 1:
                    return None
        if not winners or not _search(game, learner).reaches(
            state, winners[0], depth + 2, threshold
        ):
            return None
        # A move whose gain holds against every defence needs no second move to show it.
        alone = depth < 3 or _search(game, learner).reaches(state, winners[0], 2, threshold)
        line = (winners[0],) if alone else _line(game, state, winners[0], learner)
    except OutOfBudget:
        return None
    return Found(game.format(state), line, themes(game, state, line))


def solved(game, before, after, learner: int) -> bool:
    """Whether `after`, reached from the puzzle's `before`, has the gain the puzzle promised:
    the game won, or the material."""
    outcome = game.outcome(after)
    if outcome is not None:
        return outcome.winner == learner
    return balance(game, after, learner) >= balance(game, before, learner) + GAIN[game.slug]


def _search(game, learner: int) -> Search:
    return Search(
        game,
        learner,
        lambda s, seat: balance(game, s, seat),
        lambda s: evaluation.candidates(game, s),
        NODES,
    )


def _line(game, state, first: str, learner: int) -> tuple[str, ...]:
    """The winning move, the best defence, and the move that then gains the most."""
    after = game.play(state, first)
    if game.outcome(after):
        return (first,)
    defences = evaluation.candidates(game, after)
    replies = {r: _search(game, learner).value(game.play(after, r), 1) for r in defences}
    defence = min(defences, key=lambda r: replies[r])
    answered = game.play(after, defence)
    if game.to_move(answered) != learner or game.outcome(answered):
        return (first,)
    finish = max(
        game.legal_moves(answered),
        key=lambda m: _search(game, learner).value(game.play(answered, m), 0),
    )
    return (first, defence, finish)


def themes(game, state, line) -> tuple[str, ...]:
    """What the puzzle is about, in words a list of puzzles can be filtered by."""
    end = state
    for move in line:
        end = game.play(end, move)
    outcome = game.outcome(end)
    found = []
    if outcome is not None:
        found.append(
            {
                "checkmate": "mate",
                "campmate": "campmate",
                "stalemate": "stalemate",
                "emperor-blocked": "blockade",
                "no-moves": "blockade",
                "queens-captured": "last Queen",
                "imperials-captured": "last Imperial",
            }.get(outcome.reason, outcome.reason)
        )
    elif game.slug == "empire":
        found.append("enclosure")
    else:
        found.append("capture")
    learners = line[::2]
    if any("+" in m for m in learners):
        found.append("revival" if game.slug == "imperial-shuffle" else "ride")
    if game.slug == "imperial-chess" and any("*" in m for m in learners):
        found.append("catapult")
    if any("=" in m for m in learners):
        found.append("replacement")
    if any("," in m for m in learners):
        found.append("charge")
    found.append("one move" if len(line) == 1 else "two moves")
    return tuple(found)


def self_play(slug: str, seed: int, options=None) -> Iterator[tuple[int, object]]:
    """(plies played, position) along one game of the computer against itself, from a few
    moves in."""
    game = rules.get(slug)
    state = game.start(game.validate_options(options))
    players = [by_level(game, SELF_PLAY_LEVEL, seed * 2 + seat) for seat in (0, 1)]
    for ply in range(400):
        if game.outcome(state) or game.to_move(state) is None:
            return
        if ply >= 8:
            yield ply, state
        state = game.play(state, players[game.to_move(state)].choose(state))
