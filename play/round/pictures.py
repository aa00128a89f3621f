"""A game's small board: a link that watches it, with who plays and how it stands in words,
drawn once per revision for every page that shows it (the home page's boards, a
tournament's game shown live) and redrawn as the game moves."""

from __future__ import annotations

from django.utils import translation
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from play.boards import renderer
from play.common.language import translated
from play.common.lru import LRU
from play.models import Game

# (public id, revision, language) -> (the players' names, the small board drawn)
_PICTURES = LRU(256)


def picture(game: Game, oob: bool = False) -> str:
    """A game's small board: a link that watches it, saying in words who plays and how it
    stands (the picture itself is hidden from screen readers: its squares are the game
    page's to read), in the active language. `oob`: to be swapped in by its id, as a socket's
    message."""
    key, names = (game.public_id, game.revision, translation.get_language()), game.names_shown()
    kept = _PICTURES.get(key)
    if kept is None or kept[0] != names:  # a player renamed: a visitor who signed up
        kept = (names, _drawn(game, names))
        _PICTURES.put(key, kept)
    return _out_of_band(kept[1]) if oob else kept[1]


def drawn(public_id: str, revision: int, oob: bool = False) -> str | None:
    """The game's small board at that revision, as it was drawn last in the active language,
    if it was."""
    kept = _PICTURES.get((public_id, revision, translation.get_language()))
    html = kept and kept[1]
    return _out_of_band(html) if oob and html else html


def _out_of_band(html: str) -> str:
    return html.replace("<a ", '<a hx-swap-oob="true" ', 1)


def _drawn(game: Game, names: tuple[str, ...]) -> str:
    game_rules = game.rules
    state = game_rules.with_options(game_rules.parse(game.position), game.options)
    svg = renderer(game.game_slug).picture(state)
    if game.is_over:
        standing = translated(game.result_text)
    else:
        to_move = game_rules.to_move(state)
        standing = (
            _("%(side)s to move") % {"side": translated(game_rules.seats[to_move])}
            if to_move is not None
            else _("in play")
        )
    # Translators: who plays a game, as "Alice vs Bob".
    players = mark_safe(
        escape(_("%(first)s vs %(second)s"))
        % {key: format_html('<span translate="no">{}</span>', name)
           for key, name in zip(("first", "second"), names, strict=False)}
    )  # fmt: skip
    return format_html(
        '<a class="mini-board" id="mini-{}" href="{}"><span class="mini-picture" '
        'aria-hidden="true">{}</span><span class="mini-words">{}: {}<br>{}</span></a>',
        game.public_id, game.get_absolute_url(), mark_safe(svg), translated(game_rules.name),
        players, standing,
    )  # fmt: skip
