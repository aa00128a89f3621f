"""The game as it stood after any ply, for looking back: the board then, the moves with that
one marked, and the steps to the others. Read-only: nothing here changes a game."""

from __future__ import annotations

from play.boards import renderer
from play.boards.base import Marks
from play.common import jinja
from play.games.lifecycle import moves_and_state
from play.models import Game
from play.round import addresses, move_list, presenter


def html(game: Game, seat: int | None, ply: int, flipped: bool = False) -> str:
    """The #live fragment showing the position after `ply` (0: the start) of the game's
    `game.ply`, from the player's side (or the other, `flipped`)."""
    moves, _ = moves_and_state(game)
    game_rules = game.rules
    positions = [game.initial_position, *(m.position_after for m in moves[:ply])]
    state = game_rules.resume(positions, game.options)
    bottom = presenter.bottom_seat(seat, flipped)
    marks = Marks(
        last_move=game_rules.move_squares(moves[ply - 1].text) if ply else (),
        check=game_rules.check_square(state),
    )
    after = f"after ply {ply}, {moves[ply - 1].display}" if ply else "at the start"
    board = renderer(game.game_slug).render(
        state,
        bottom=bottom,
        marks=marks,
        caption=f", {after}, {game_rules.seats[bottom]} at the bottom",
        names=tuple(game.player_name(i) for i in (0, 1)),
    )
    to_move = game_rules.to_move(state)
    context = {
        "game": game,
        "ply": ply,
        "after": after,
        "board_svg": board,
        "to_move": game_rules.seats[to_move] if to_move is not None else "",
        "move_list": move_list.drawn(game, moves, ply),
        "urls": addresses.of(game),
        "steps": {"first": 0, "back": max(0, ply - 1), "forward": ply + 1},
        "flipped": flipped,
    }
    return jinja.render("play/partials/history.html", context)
