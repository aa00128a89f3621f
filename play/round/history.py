"""The game as it stood after any ply, for looking back: the board then, the moves with that
one marked, and the steps to the others. Read-only: nothing here changes a game."""

from __future__ import annotations

from django.utils.translation import gettext as _

from play.boards import renderer
from play.boards.base import Marks
from play.common import jinja
from play.common.language import translated
from play.games.lifecycle import moves_and_state
from play.models import Game
from play.round import addresses, move_list, presenter


def html(game: Game, seat: int | None, ply: int, flipped: bool = False) -> str:
    """The #live fragment showing the position after `ply` (0: the start) of the game's
    `game.ply`, from the player's side (or the other, `flipped`)."""
    moves = moves_and_state(game)[0]
    game_rules = game.rules
    positions = [game.initial_position, *(m.position_after for m in moves[:ply])]
    state = game_rules.resume(positions, game.options)
    bottom = presenter.bottom_seat(seat, flipped)
    marks = Marks(
        last_move=game_rules.move_squares(moves[ply - 1].text) if ply else (),
        check=game_rules.check_square(state),
    )
    words = {
        "ply": ply,
        "move": moves[ply - 1].display if ply else "",
        "plies": game.ply,
        "side": translated(game_rules.seats[bottom]),
    }
    if ply:
        caption = _(", after ply %(ply)s, %(move)s, %(side)s at the bottom") % words
    else:
        caption = _(", at the start, %(side)s at the bottom") % words
    board = renderer(game.game_slug).render(
        state,
        bottom=bottom,
        marks=marks,
        caption=caption,
        names=tuple(game.player_name(i) for i in (0, 1)),
    )
    context = {
        "game": game,
        "ply": ply,
        "status": _status(game_rules, state, words),
        "board_svg": board,
        "move_list": move_list.drawn(game, moves, ply),
        "urls": addresses.of(game),
        "steps": {"first": 0, "back": max(0, ply - 1), "forward": ply + 1},
        "flipped": flipped,
    }
    return jinja.render("play/partials/history.html", context)


def _status(game_rules, state, words: dict) -> str:
    """Where the page is looking: after which ply of how many, and who was to move then."""
    to_move = game_rules.to_move(state)
    if to_move is None:
        if words["ply"]:
            return _("Looking back: the board after ply %(ply)s, %(move)s (of %(plies)s).") % words
        return _("Looking back: the board at the start (of %(plies)s).") % words
    words = {**words, "side": translated(game_rules.seats[to_move])}
    if words["ply"]:
        return (
            _(
                "Looking back: the board after ply %(ply)s, %(move)s (of %(plies)s), "
                "%(side)s to move."
            )
            % words
        )
    return _("Looking back: the board at the start (of %(plies)s), %(side)s to move.") % words
