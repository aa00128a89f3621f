"""The move list: each move a link to the board after it, the one shown marked. The live one
is drawn once a revision for every perspective (long in Empire); after a move, a page that has
the list before it is sent only that move (`appended`), so what a move sends does not grow
with the game."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import mark_safe

from play.common.lru import LRU
from play.models import Game
from play.round import addresses

_DRAWN = LRU(1024)  # (public id, revision) -> the live move list
EMPTY = '<li class="empty">No moves yet.</li>'


def drawn(game: Game, moves, current: int | None = None) -> str:
    """The list with the move at ply `current` (by default the last) marked."""
    if current is not None and current != game.ply:
        return _list(game, moves, current)
    return _DRAWN.remembered((game.public_id, game.revision), lambda: _list(game, moves, game.ply))


def appended(game: Game, moves) -> str:
    """Out-of-band swaps that turn the list as it was before the last move into the list after
    it: the move added to its row (a new row for an odd ply), and the move before it sent
    again without the mark of the current one. The first two moves send the whole list."""
    if len(moves) <= 2:
        return _list(game, moves, game.ply, oob=' hx-swap-oob="true"')
    url, last, before = addresses.of(game)["live"], moves[-1], moves[-2]
    link = _link(url, last.ply, last.display, last.forecast, True)
    again = _link(url, before.ply, before.display, before.forecast, False, oob=True)
    row = (last.ply + 1) // 2
    if last.ply % 2:
        added = f'<ol id="moves" hx-swap-oob="beforeend">{_row(row, link + " ")}</ol>'
    else:
        added = f'<li id="row-{row}" hx-swap-oob="beforeend">{link} </li>'
    return mark_safe(again + added)  # as in _list


def _list(game: Game, moves, current: int, oob: str = "") -> str:
    url, rows = addresses.of(game)["live"], []
    for i in range(0, len(moves), 2):
        links = "".join(
            _link(url, m.ply, m.display, m.forecast, m.ply == current) + " "
            for m in moves[i : i + 2]
        )
        rows.append(_row(i // 2 + 1, links))
    html = f'<ol id="moves" class="moves" aria-label="Moves"{oob}>{"".join(rows) or EMPTY}</ol>'
    return mark_safe(html)  # every text in it is escaped above


def _row(number: int, links: str) -> str:
    return f'<li id="row-{number}" value="{number}">{links}</li>'


def _link(url: str, ply: int, display: str, forecast: bool, current: bool, oob=False) -> str:
    """One move: it opens the board after it (in place, or as a page without scripts)."""
    display = escape(display)
    mark = ' aria-current="step"' if current else ""
    label = f"ply {ply}: {display}{', played by a conditional move' if forecast else ''}"
    tail = '<span class="conditional" title="Played by a conditional move">⤷</span>'
    swap = ' hx-swap-oob="true"' if oob else ""
    return (
        f'<a id="ply-{ply}"{swap} href="?ply={ply}" '
        f'hx-get="{url}?ply={ply}" hx-target="#live" hx-swap="outerHTML" '
        f'hx-push-url="?ply={ply}" data-ply="{ply}"{mark} aria-label="{label}">'
        f"{display}{tail if forecast else ''}</a>"
    )
