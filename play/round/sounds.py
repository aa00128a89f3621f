"""What a game's board sounds like (static/js/sounds.js): the page plays the sounds of what
it did not have before, a move or a capture as a move arrives, the start as play begins, the
end as the game ends. The board says which on its `data-sound` (live_marks.html)."""

from __future__ import annotations

from collections import Counter

from play.games.lifecycle import before_last
from play.models import Game


def of(game: Game, moves: list, state) -> str:
    """The sounds of the game as it stands, in the order played: its last move's ("move" or
    "capture"), or "start" when play has begun with no move yet; then "end" when it is over."""
    heard = []
    if moves:
        heard.append("capture" if took(game, moves, state) else "move")
    elif game.status == Game.Status.ACTIVE:
        heard.append("start")
    if game.is_over:
        heard.append("end")
    return " ".join(heard)


def took(game: Game, moves: list, state) -> bool:
    """Whether the last move took something: a piece lost that was not lost before (a piece
    restored is no capture), or, where the game counts captures (Empire), a count raised."""
    rules, before = game.rules, before_last(game, moves)
    score = rules.score(state)
    if score is not None:
        return any(now > then for now, then in zip(score, rules.score(before), strict=True))
    return any(
        Counter(now) - Counter(then)
        for now, then in zip(rules.captured(state), rules.captured(before), strict=True)
    )
