"""The move list: each move a link to the board after it, the one shown marked. The live one
is drawn once a revision for every perspective (long in Empire)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse

from play.lru import LRU
from play.models import Game

_DRAWN = LRU(1024)  # (public id, revision) -> the live move list


def drawn(game: Game, moves, current: int | None = None) -> str:
    """The list with the move at ply `current` (by default the last) marked."""
    if current is not None and current != game.ply:
        return _draw(game, moves, current)
    key = (game.public_id, game.revision)
    html = _DRAWN.get(key)
    if html is None:
        html = _draw(game, moves, game.ply)
        _DRAWN.put(key, html)
    return html


def _draw(game: Game, moves, current: int) -> str:
    rows = []
    for i in range(0, len(moves), 2):
        pair = [(m.ply, m.display, m.forecast) for m in moves[i : i + 2]]
        rows.append((i // 2 + 1, pair))
    live_url = reverse("game-live", args=[game.public_id])
    context = {"move_rows": rows, "current": current, "live_url": live_url}
    return render_to_string("play/partials/moves.html", context)
