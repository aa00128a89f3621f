"""A game's small board: a link that watches it, with who plays and how it stands in words,
drawn once per revision for every page that shows it (the home page's boards, a
tournament's game shown live) and redrawn as the game moves."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import mark_safe

from play.boards import renderer
from play.common.lru import LRU
from play.common.players import shown_name
from play.models import Game

_PICTURES = LRU(256)  # (public id, revision) -> the small board drawn


def picture(game: Game, oob: bool = False) -> str:
    """A game's small board: a link that watches it, saying in words who plays and how it
    stands (the picture itself is hidden from screen readers: its squares are the game
    page's to read). `oob`: to be swapped in by its id, as a socket's message."""
    html = _PICTURES.remembered((game.public_id, game.revision), lambda: _drawn(game))
    return _out_of_band(html) if oob else html


def drawn(public_id: str, revision: int, oob: bool = False) -> str | None:
    """The game's small board at that revision, if it was drawn already."""
    html = _PICTURES.get((public_id, revision))
    return _out_of_band(html) if oob and html else html


def _out_of_band(html: str) -> str:
    return html.replace("<a ", '<a hx-swap-oob="true" ', 1)


def _drawn(game: Game) -> str:
    game_rules = game.rules
    state = game_rules.with_options(game_rules.parse(game.position), game.options)
    svg = renderer(game.game_slug).render(state, bottom=0)
    names = " vs ".join(shown_name(s.user) for s in sorted(game.seat_rows(), key=_index))
    if game.is_over:
        standing = game.result_text
    else:
        to_move = game_rules.to_move(state)
        standing = f"{game_rules.seats[to_move]} to move" if to_move is not None else "in play"
    return format_html(
        '<a class="mini-board" id="mini-{}" href="{}"><span class="mini-picture" '
        'aria-hidden="true">{}</span><span class="mini-words">{}: {}<br>{}</span></a>',
        game.public_id, game.get_absolute_url(), mark_safe(svg), game_rules.name, names, standing,
    )  # fmt: skip


def _index(seat) -> int:
    return seat.index
