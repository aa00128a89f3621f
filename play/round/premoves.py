"""Premoves, as lichess has them, in live games: while the opponent is to move, a player chooses
their next move (clicked or typed), and the server keeps it on their seat. The moment the
opponent's move is stored it is played through the move service (play/round/replies.py, which
conditional moves share), with no round trip to the page, and charged no time; one that is no
longer legal then is dropped, and the player simply has their turn. One at a time: a new one
replaces it; a click cancels it. Only its player sees it.

What may be premoved is what the rules offer (rules.Game.premoves): the moves the player could
make were it their turn now, checked again when it is played."""

from __future__ import annotations

import json

from django.db import transaction
from django.utils.translation import gettext as _

import rules
from play.boards.base import Marks
from play.common import language
from play.common.errors import Refused
from play.games.lifecycle import moves_and_state
from play.models import Game, Seat
from play.models.prepared import Prepared
from play.push.live import broadcast
from play.round import addresses
from play.round.clicks import Clicks
from play.round.replies import Reply


def allowed(game: Game) -> bool:
    """Games on a live clock (minutes and an increment); never correspondence, never a game
    without a clock, whose player may be away."""
    return (game.time_control or {}).get("kind") == "live"


def offered(game: Game, seat: int | None) -> bool:
    """Whether the seat's player may choose a premove now: their opponent is to move."""
    return (
        seat is not None
        and allowed(game)
        and game.status == Game.Status.ACTIVE
        and game.turn is not None
        and game.turn != seat
    )


def _seat(game: Game, index: int) -> Seat | None:
    return next((s for s in game.seat_rows() if s.index == index), None)


def _kept(game: Game, index: int) -> Seat | None:
    """The seat with its premove read again under the game's lock: the seats came with the lock
    in one statement, which on PostgreSQL sees them as they were when it began, before a
    premove kept while it waited for the lock (only the game's row is locked and read anew)."""
    row = _seat(game, index)
    if row is not None:
        (now,) = _PREMOVE_OF(row.pk)
        row.premove, row.premove_ply = now.premove, now.premove_ply
    return row


# A seat's premove as it now stands, read on every move of a live game: its SQL built once.
_PREMOVE_OF = Prepared(
    lambda pk: Seat.objects.only("premove", "premove_ply").filter(pk=pk), stand_ins=(-1,)
)


def pending(game: Game, seat: int | None) -> str:
    """The premove the seat's player has waiting (its canonical text), or ""."""
    if not offered(game, seat):
        return ""
    row = _seat(game, seat)
    return row.premove if row and row.premove and row.premove_ply == game.ply else ""


def keep(public_id: str, user, text: str, ply: int | None) -> Game:
    """Keep `text` as the player's premove, replacing any, for the board at `ply` (the game's
    ply as the player's page showed it). Refused, with nothing changed: a board the opponent has
    moved on since, a move the player's pieces could not make, a game where premoves have no
    place. Game.DoesNotExist if there is no such game."""
    with transaction.atomic():
        game = Game.locked_with_seats(public_id)
        seat = game.seat_of_player(user, _("Only the players of this game may move."))
        if not allowed(game):
            raise Refused(_("Premoves are for games on a live clock."), 409)
        if game.status != Game.Status.ACTIVE:
            raise Refused(_("This game is not in play."), 409)
        if ply != game.ply:
            raise Refused(_("That move was made on an old board; here is the current one."), 409)
        if game.turn == seat.index:
            raise Refused(_("It is your turn: play your move now."), 409)
        game_rules = game.rules
        ahead = game_rules.as_mover(moves_and_state(game)[1], seat.index)
        try:
            game_rules.play(ahead, text)
        except rules.IllegalMove as exc:
            raise Refused(language.refusal(exc)) from None
        _write(seat, game_rules.normalize(ahead, text.strip()), game.ply)
        transaction.on_commit(lambda: _tell_the_player(game, seat.index))
    return game


def cancel(public_id: str, user) -> Game:
    """The player's premove, if any, goes. Game.DoesNotExist if there is no such game."""
    with transaction.atomic():
        game = Game.locked_with_seats(public_id)
        seat = game.seat_of_player(user, _("Only the players of this game may move."))
        if seat.premove:
            _write(seat, "", None)
            transaction.on_commit(lambda: _tell_the_player(game, seat.index))
    return game


def _write(seat: Seat, move: str, ply: int | None) -> None:
    seat.premove, seat.premove_ply = move, ply
    seat.save(update_fields=["premove", "premove_ply"])


def _tell_the_player(game: Game, seat: int) -> None:
    """The player's other pages show it too; nobody else's board changes."""
    broadcast(game, to=[seat])


def waiting(game: Game, ply: int) -> bool:
    """After the move at `ply` (the game's lock held, its seats read with it): whether the
    player now to move had a premove waiting for it."""
    row = _kept(game, game.turn) if allowed(game) and game.turn is not None else None
    return bool(row and row.premove and row.premove_ply == ply - 1)


def take(game: Game, ply: int) -> Reply | None:
    """After the move at `ply`, under the game's lock (play/round/replies.py): the premove of
    the player now to move, taken off their seat, if it was chosen on the board before that
    move; one chosen on another board goes unplayed."""
    row = _kept(game, game.turn) if game.turn is not None else None
    if row is None or not row.premove:
        return None
    move, chosen_at = row.premove, row.premove_ply
    _write(row, "", None)
    return Reply(row.index, move, "premove") if chosen_at == ply - 1 else None


def drawn(game: Game, seat: int, state, marks: Marks, clicks: Clicks, by_position: bool) -> dict:
    """The player's board while the opponent is to move (play/round/presenter.py): their
    pieces clickable for a premove (`by_position`: a board whose points the page's script
    reads off the picture, Empire's, posts the point clicked), the waiting one marked on the
    board, and what the panel says of it."""
    game_rules, url = game.rules, addresses.of(game)["premove"]
    ahead = game_rules.as_mover(state, seat)

    def choose(move: str) -> dict[str, str]:
        return {"hx-post": url, "hx-vals": json.dumps({"move": move, "ply": str(game.ply)})}

    if by_position:
        marks.board_action = {"data-move-url": url, "data-ply": str(game.ply)}
        clicks.choose(game_rules.squareless_moves(ahead), choose)
    else:
        clicks.offer(game_rules.premoves(state, seat), choose)
    move = pending(game, seat)
    if not move:
        return {}
    squares = frozenset(s for s in game_rules.move_squares(move) if not s.endswith("@"))
    if squares:
        marks.alerts, marks.alert_label = squares, _("your premove")
    return {"move": game_rules.display(ahead, move), "marked": bool(squares)}
