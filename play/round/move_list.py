"""The move list: each move a link to the board after it, the one shown marked. The live one
is drawn once a revision and language for every perspective (long in Empire); after a move, a page that has
the list before it is sent only that move (`appended`), so what a move sends does not grow
with the game."""

from __future__ import annotations

from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from play.common.lru import LRU
from play.models import Game
from play.round import addresses

_DRAWN = LRU(1024)  # (public id, revision, language) -> the live move list
_APPENDED = LRU(1024)  # the same -> what a move's update adds to the list


def drawn(game: Game, moves, current: int | None = None) -> str:
    """The list with the move at ply `current` (by default the last) marked."""
    if current is not None and current != game.ply:
        return _list(game, moves, current)
    key = (game.public_id, game.revision, translation.get_language())
    return _DRAWN.remembered(key, lambda: _list(game, moves, game.ply))


def appended(game: Game, moves) -> str:
    """Out-of-band swaps that turn the list as it was before the last move into the list after
    it: the move added to its row (a new row for an odd ply), marked as the one shown (the
    page's script takes the mark off the one before: imperia.js, followPly). The first two
    moves send the whole list. The same for every view of the move: drawn once."""
    key = (game.public_id, game.revision, translation.get_language())
    return _APPENDED.remembered(key, lambda: _appended(game, moves))


def _appended(game: Game, moves) -> str:
    if len(moves) <= 2:
        return _list(game, moves, game.ply, oob=' hx-swap-oob="true"')
    last, words = moves[-1], _words()
    link = _link(last.ply, last.display, last.forecast, True, words)
    row = (last.ply + 1) // 2
    if last.ply % 2:
        added = f'<ol id="moves" hx-swap-oob="beforeend">{_row(row, link + " ")}</ol>'
    else:
        added = f'<li id="row-{row}" hx-swap-oob="beforeend">{link} </li>'
    return mark_safe(added)  # as in _list


def _list(game: Game, moves, current: int, oob: str = "") -> str:
    url, rows, words = addresses.of(game)["live"], [], _words()
    for i in range(0, len(moves), 2):
        links = "".join(
            _link(m.ply, m.display, m.forecast, m.ply == current, words) + " "
            for m in moves[i : i + 2]
        )
        rows.append(_row(i // 2 + 1, links))
    empty = f'<li class="empty">{escape(_("No moves yet."))}</li>'
    label = escape(_("Moves"))
    # Each move's link opens its board in place of the live one, from the address the list
    # names (the page's script gives each link its request: imperia.js, moveLinks).
    html = (
        f'<ol id="moves" class="moves" aria-label="{label}" data-live="{url}" hx-target="#live" '
        f'hx-swap="outerHTML"{oob}>{"".join(rows) or empty}</ol>'
    )
    return mark_safe(html)  # every text in it is escaped above


def _row(number: int, links: str) -> str:
    return f'<li id="row-{number}" value="{number}">{links}</li>'


def _words() -> tuple[str, str, str]:
    """A move's label, a conditional move's, and the mark of one, in the active language and
    escaped: looked up once a list, not once a move."""
    return (
        # Translators: a move as a screen reader names it; a ply is one player's move.
        escape(_("ply %(ply)s: %(move)s")),
        escape(_("ply %(ply)s: %(move)s, played by a conditional move")),
        f'<span class="conditional" title="{escape(_("Played by a conditional move"))}">⤷</span>',
    )


def _link(ply: int, display: str, forecast: bool, current: bool, words) -> str:
    """One move: it opens the board after it (in place, as its list says, or as a page
    without scripts). Its request is not written in each link, which a move's update would
    send every time."""
    display = escape(display)
    mark = ' aria-current="step"' if current else ""
    label = words[1 if forecast else 0] % {"ply": ply, "move": display}
    tail = words[2] if forecast else ""
    return (
        f'<a id="ply-{ply}" href="?ply={ply}" data-ply="{ply}"{mark} aria-label="{label}">'
        f"{display}{tail}</a>"
    )
