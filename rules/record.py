"""A game's record as text: PGN-style tag pairs and numbered moves as players read them
(`display`): real PGN for Empire Chess, the same shape for the other games."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the base imports this module
    from rules.base import Game, Outcome, State


def result_token(outcome: Outcome | None) -> str:
    if outcome is None:
        return "*"
    if outcome.winner is None:
        return "1/2-1/2"
    return "1-0" if outcome.winner == 0 else "0-1"


def export(
    game: Game, start: State, moves: list[str], headers: dict[str, str], outcome=None
) -> str:
    """The record of a game played from `start`.

    `outcome` may come from outside the rules (resignation, timeout, agreement).
    """
    state = start
    start = game.format(state)
    tokens = []
    for ply, move in enumerate(moves):
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        tokens.append(game.display(state, move))
        state = game.play(state, move)
    outcome = outcome or game.outcome(state)
    result = result_token(outcome)
    tags = {**headers, "Result": result, **game.record_tags(start)}
    if outcome is not None:
        tags.setdefault("Termination", outcome.reason)
    lines = [f'[{key} "{_escape(str(value))}"]' for key, value in tags.items()]
    body, line = [], ""
    for token in [*tokens, result]:
        if len(line) + len(token) + 1 > 79:
            body.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
