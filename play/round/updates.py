"""A move's update: what the game's last move changed in the #live fragment of a page that
shows the revision before it, drawn once for each view (a seat, a spectator) and language, in
parts the game socket sends where they differ from what it last sent its page; and its
publishing after the move. The whole fragment is the presenter's."""

from __future__ import annotations

from django.utils import translation

from play.boards import renderer
from play.boards.base import Marks
from play.common import jinja, language
from play.common.lru import LRU
from play.games.lifecycle import before_last, position_before_last
from play.models import Game
from play.push.live import broadcast
from play.round import move_list, presenter

_DRAWN = LRU(2048)  # (public id, revision, players' names, seat, language, ...) -> its parts
# The element that holds each part of the panel (live_panel.html), by its id's first word.
PANEL_TAGS = {"name": "span", "clock": "span", "material": "span", "status": "p", "panel": "div",
              "charge": "div"}  # fmt: skip


def update_html(game: Game, seat: int | None, flipped=False) -> str:
    """The update whole, as an answer to the mover's page sends it: see update_parts."""
    return "".join(html for _, html in update_parts(game, seat, flipped))


def update_parts(game: Game, seat: int | None, flipped=False) -> tuple[tuple[str, str], ...]:
    """The update as (part, html) pairs (live_update.html): the squares whose pictures changed
    and the clicks, each part of the panel, the move added to the list, the actions, the line
    read out by ear. A push and an answer whose size grows neither with the game nor with the
    board. Only for a revision a move made (moves.submit publishes it)."""
    key = (game.public_id, game.revision, game.names_shown(), seat,
           translation.get_language(), *(("flipped",) if flipped else ()))  # fmt: skip
    return _DRAWN.remembered(key, lambda: _draw(game, seat, flipped))


def publish(game: Game, first: int) -> None:
    """After a move: both seats' updates, the player now to move's in their language and the
    mover's in the mover's, in one message to every socket on the game: each player's pages
    take their seat's, and the spectators' sockets draw theirs: one trip to Redis a move, and
    each socket handed one message. The mover's HTTP answer is then a cache hit. A socket
    that reads in another language than its seat's update was drawn in draws its own
    (consumers.py). `game` is as committed, loaded `with_view_related()`."""
    # The player to move reads most likely in their account's language, else in the mover's
    # (the active one): two players of a game mostly share one.
    mover = translation.get_language()
    with translation.override(language.language_of(game.player(first), mover)):
        drawn = {str(first): (translation.get_language(), update_parts(game, first))}
    drawn[str(1 - first)] = (mover, update_parts(game, 1 - first))
    broadcast(game, drawn, promptly=True, moved=True)


def _draw(game: Game, seat, flipped) -> tuple[tuple[str, str], ...]:
    context = presenter.view(game, seat, flipped)
    moves, board = context["moves"], renderer(game.game_slug)
    before = before_last(game, moves)
    context["board_update"] = board.update(
        before,
        context["state"],
        marks=context["marks"],
        marks_before=_marks_before(game, moves, before, board),
        bottom=presenter.bottom_seat(seat, flipped),
    )
    context["moves_appended"] = move_list.appended(game, moves)
    drawn = presenter.split(jinja.render("play/partials/live_update.html", context))
    panel = [
        (name, f'<{PANEL_TAGS[name.split("-")[0]]} id="{name}" hx-swap-oob="innerHTML">{html}'
         f'</{PANEL_TAGS[name.split("-")[0]]}>')
        for name, html in presenter.panel(context).items()
    ]  # fmt: skip
    at = next(i for i, (name, _) in enumerate(drawn) if name == "moves")
    return (*drawn[:at], *panel, *drawn[at:])


def _marks_before(game: Game, moves, before, board) -> Marks:
    """The marks of a plain page's board before the last move (a page showing more, a piece
    selected or a premove, says so, and its script puts it back first: imperia.js)."""
    position = position_before_last(game, moves[:-1])
    return presenter.game_marks(game, board, moves[:-1], before, lambda: game.rules.parse(position))
