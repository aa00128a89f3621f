"""The move service: one transaction, the game row locked, the expected ply checked."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import rules
from play.common import clocks, language
from play.common.errors import Refused
from play.games.lifecycle import end, moves_and_state, next_turn, remember, settle
from play.models import Game, Move, prefetched
from play.push import relay
from play.round import forecasts, premoves, presenter, replies, updates


class StaleMove(Refused):
    """The board the player acted on is no longer current (409, send a fresh board)."""

    def __init__(self, message: str):
        super().__init__(message, 409)


def submit(
    public_id: str,
    user,
    text: str,
    expected_ply: int | None,
    expected_revision: int | None = None,
    *,
    board_revision: int | None = None,
    forecast: bool = False,
    premove: bool = False,
) -> Game:
    """Play `text` for `user` in the game, which is returned as committed;
    Game.DoesNotExist if there is no such game. With `expected_revision` (the computer's
    worker), any change since the position was read refuses the move, not only a move: a
    takeback or a rewind can bring the same ply back with another position.
    `board_revision`, the revision of the board a page's move was made on: a board drawn
    before the last takeback or rewind refuses it, whatever its ply (an offer or a chat since
    does not). `forecast`: the move is the reply a player's conditional line gave
    (play/round/forecasts.py); `premove`: the player's premove, charged no time
    (play/round/premoves.py)."""
    try:
        with transaction.atomic():
            # Locked with all its view reads: the boards are drawn from it after the commit.
            game = presenter.with_view_related(Game.locked_with_seats(public_id))
            if expected_revision is not None and expected_revision != game.revision:
                raise StaleMove(_("The game changed while that move was being chosen."))
            if board_revision is not None and board_revision < game.rewound_revision:
                raise StaleMove(
                    _(
                        "A move was taken back since that board was drawn; here is the board "
                        "as it stands."
                    )
                )
            # The clock is checked first: a move after the deadline does not count.
            if not settle(game):
                _submit(game, user, text, expected_ply, forecast, premove)
                return game
    except IntegrityError:
        # Another request stored this ply between our read and our write.
        raise StaleMove(_("That move came too late: the position has changed.")) from None
    raise StaleMove(_("The clock ran out before that move."))


def _submit(
    game: Game, user, text: str, expected_ply: int | None, forecast=False, premove=False
) -> None:
    seat = game.seat_of_player(user, _("Only the players of this game may move."))
    if expected_ply is not None and expected_ply != game.ply:
        raise StaleMove(_("That move was made on an old board; here is the current one."))
    if game.status == Game.Status.DISPUTED:
        raise StaleMove(_("This game is frozen while a referee reviews a dispute."))
    if game.status != Game.Status.ACTIVE:
        raise StaleMove(_("This game is not in play."))
    game_rules = game.rules
    moves, state = moves_and_state(game)
    if game_rules.to_move(state) != seat.index:
        raise Refused(_("It is not your turn."), 409)
    try:
        after = game_rules.play(state, text)
    except rules.IllegalMove as exc:
        raise Refused(language.refusal(exc)) from None
    canonical = game_rules.normalize(state, text.strip())
    now = clocks.now()
    position = game_rules.format(after)
    previous = moves[-1].hash if moves else ""
    ply = game.ply + 1
    for other in game.seat_rows():
        if other.charge is not None:  # a turn ends any charge draft
            other.charge = None
            other.save(update_fields=["charge"])
    for offer in prefetched(game, "offers"):
        # A standing offer lapses when its receiver moves instead of answering; a takeback
        # when anyone moves (it asked for the position before).
        if offer.status == "open" and (offer.seat != seat.index or offer.kind == "takeback"):
            offer.status, offer.answered_at = "withdrawn", now
            offer.save(update_fields=["status", "answered_at"])
    game.position, game.ply = position, ply
    # First of the after-commit steps, so that whoever draws this revision finds its moves.
    transaction.on_commit(lambda: remember(game, [*moves, move], after, before=state))
    outcome = game_rules.outcome(after)
    if outcome:
        end(game, outcome.winner, outcome.reason)
    else:
        # Next, drawn once for the player now to move and sent straight to their socket:
        # before the bell that next_turn rings for them, or anything else.
        transaction.on_commit(lambda: updates.publish(game, game.turn))
        next_turn(game, after, now, premove=premove)
        game.revision += 1
        game.write()
    move = Move(
        game_id=game.pk,  # not the game object: the move is kept in memory, the game is not
        ply=ply,
        seat=seat.index,
        text=canonical,
        display=game_rules.display(state, canonical),
        position_after=position,
        created_at=now,
        clock_after=game.clocks,
        hash=Move.chain(previous, ply, canonical, position, now),
        forecast=forecast,
    )
    move.write()
    if not outcome and (game.has_forecasts or premoves.waiting(game, ply)):
        # The opponent's conditional lines or premove answer this move at once.
        transaction.on_commit(
            lambda: replies.answer(game.public_id, ply, submit, premoves.take, forecasts.take),
            robust=True,
        )
    if game.computer_seat is not None and game.turn == game.computer_seat:
        transaction.on_commit(relay.wake_workers)  # its worker looks at once
