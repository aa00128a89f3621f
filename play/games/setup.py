"""The setup phase of games whose players arrange their own pieces (Imperial Shuffle):
drafts kept per seat, swapped or dealt at random, submitted in a race: the first to submit
moves first, and the second arrangement must not clash with the first."""

from __future__ import annotations

import random

from django.db import transaction
from django.utils.translation import gettext as _

from play.common import clocks
from play.common.errors import Refused
from play.common.language import translated
from play.games.lifecycle import begin_play
from play.models import Game, Seat
from play.push.live import broadcast


class SetupConflict(Refused):
    """The arrangement puts identical pieces on corresponding squares (400, squares marked)."""

    def __init__(self, squares: list[str]):
        super().__init__(
            _(
                "These squares hold pieces identical to the other board's: %(squares)s. "
                "Rearrange them and submit again."
            )
            % {"squares": ", ".join(squares)},
            400,
        )
        self.squares = squares


def begin(game: Game) -> bool:
    """Called as the second player joins, inside the join's transaction: give each player a
    random draft to arrange, or with the `deal` option deal both boards and toss for the
    first player. Whether play can begin at once."""
    game_rules = game.rules
    rng = random.SystemRandom()
    if game.options.get("deal"):
        first = game_rules.random_arrangement(rng, game.options, 0)
        second = game_rules.random_arrangement(rng, game.options, 1, first)
        _place(game, first, second, rng.randrange(2))
        return True
    for seat in game.seats.all():
        seat.arrangement = game_rules.random_arrangement(rng, game.options, seat.index)
        seat.save()
    game.status = Game.Status.SETUP
    return False


def swap(game: Game, user, a: str, b: str) -> None:
    """Exchange the pieces on two squares of the player's draft."""

    def change(seat, game_rules):
        try:
            seat.arrangement = game_rules.swap_setup(seat.arrangement, a, b)
        except ValueError as exc:
            raise Refused(translated(exc.args[0])) from None

    _edit(game, user, change)


def randomize(game: Game, user) -> None:
    """A random arrangement, avoiding the other board if it is already submitted."""

    def change(seat, game_rules):
        other = _other(game, seat)
        submitted = other.arrangement if other.submitted_at else None
        seat.arrangement = game_rules.random_arrangement(
            random.SystemRandom(), game.options, seat.index, submitted
        )

    _edit(game, user, change)


def load(game: Game, user, text: str) -> None:
    """Take an arrangement typed as text (one board in the position notation; spaces and
    line breaks, which the notation has none of, ignored)."""
    text = "".join(text.split())

    def change(seat, game_rules):
        try:
            game_rules.check_setup(text, game.options)
        except ValueError as exc:
            raise Refused(translated(exc.args[0])) from None
        seat.arrangement = text

    _edit(game, user, change)


def submit(game: Game, user) -> None:
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = _own_seat(game, user)
        other = _other(game, seat)
        submitted = other.arrangement if other.submitted_at else None
        conflicts = game.rules.check_setup(seat.arrangement, game.options, submitted)
        if conflicts:
            raise SetupConflict(conflicts)
        seat.submitted_at = clocks.now()
        seat.save()
        if submitted:
            boards = {seat.index: seat.arrangement, other.index: other.arrangement}
            _place(game, boards[0], boards[1], other.index)  # the other submitted first
            begin_play(game, clocks.now())
        else:
            # Offer the other player a draft they can submit as it is, now that this board
            # is known: their clashing pieces swapped away, and only those.
            cleared = game.rules.clear_of(other.arrangement, seat.arrangement)
            if cleared != other.arrangement:
                other.arrangement = cleared
                other.save(update_fields=["arrangement"])
            game.revision += 1
            game.save()
            transaction.on_commit(lambda: broadcast(game))


def _place(game: Game, first_board: str, second_board: str, first_to_move: int) -> None:
    """The start of play, built from both boards."""
    game_rules = game.rules
    text = game_rules.format(game_rules.from_setup(first_board, second_board, first_to_move))
    game.initial_position = game.position = text


def _edit(game: Game, user, change) -> None:
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = _own_seat(game, user)
        change(seat, game.rules)
        seat.save()
        # A new revision keeps cached views fresh; only the owner sees a draft, so no push.
        game.revision += 1
        game.save()


def _own_seat(game: Game, user) -> Seat:
    seat = game.seat_of_player(user, _("Only the players arrange their pieces."))
    if game.status != Game.Status.SETUP:
        raise Refused(_("The setup is over."), 409)
    if seat.submitted_at:
        raise Refused(_("You have submitted your arrangement already."), 409)
    return seat


def _other(game: Game, seat: Seat) -> Seat:
    return next(s for s in game.seats.all() if s.index != seat.index)


def status(mine: Seat | None, other: Seat | None) -> str:
    """What the setup phase asks of a viewer whose seat is `mine` (None: a spectator)."""
    if mine is None:
        return _("The players are arranging their pieces.")
    if mine.submitted_at:
        return _("Submitted. Waiting for the other player's arrangement.")
    if other and other.submitted_at:
        return _(
            "The other player has submitted, so they move first. Where a piece of yours stood "
            "on an identical piece of theirs, it was swapped so that none stands on an "
            "identical piece: submit it as it is, or rearrange and keep them apart."
        )
    return _(
        "Arrange your pieces: click two squares to swap them, or deal at random; then submit. "
        "The first to submit moves first."
    )
