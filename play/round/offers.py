"""Offers: a draw, a takeback (casual games), a rematch; make, accept, decline. An offer lapses
when its receiver moves (a takeback when anyone does)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from play.common import clocks, language
from play.common.errors import Refused
from play.common.players import shown_name
from play.computer import opponents
from play.games import games, lifecycle
from play.games.lifecycle import end
from play.models import Game, Offer, prefetched
from play.notify import notify
from play.push.live import broadcast
from play.relations import relations


def act(game: Game, user, action: str) -> Game:
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(user, _("Only the players may offer or answer a draw."))
        if game.status != Game.Status.ACTIVE:
            raise Refused(_("This game is not in play."), 409)
        standing = game.offers.filter(kind=Offer.Kind.DRAW, status=Offer.Status.OPEN).first()
        if action == "offer":
            if game.computer_seat is not None:
                raise Refused(_("The computer takes no draws: play on, or resign."), 409)
            if standing and standing.seat == seat.index:
                raise Refused(_("You have already offered a draw."), 409)
            if standing:  # offering back is accepting
                action = "accept"
            else:
                words = gettext_noop("%(name)s offers a draw (%(game)s).")
                _make(game, Offer.Kind.DRAW, seat.index, words)
        if action in ("accept", "decline"):
            if _answer(standing, seat.index, action, _("There is no draw offer to answer.")):
                end(game, None, "agreement")
                return game
        elif action != "offer":
            raise Refused(_("Unknown draw action."))
        _touch(game)
    return game


def _make(game: Game, kind: str, seat: int, words: str) -> None:
    """An offer made, and the opponent told."""
    Offer.objects.create(game=game, kind=kind, seat=seat, ply=game.ply)
    game.has_offers = True
    _tell(game, seat, words)


def _tell(game: Game, seat: int, words: str) -> None:
    """The opponent of `seat` told of its offer, in their own language: `words`, a sentence
    (marked with gettext_noop) naming the offerer and the game."""
    receiver = game.player(1 - seat)
    with language.for_user(receiver):
        name, title = shown_name(game.player(seat)), language.translated(game.rules.name)
        text = _(words) % {"name": name, "game": title}
    notify.tell(receiver, notify.Kind.OFFER, text, game)


def _answer(standing: Offer | None, seat: int, action: str, none: str) -> bool:
    """The opponent's answer to a standing offer: whether it was accepted. `none`: why there
    is nothing to answer."""
    if not standing or standing.seat == seat:
        raise Refused(none, 409)
    standing.status = Offer.Status.ACCEPTED if action == "accept" else Offer.Status.DECLINED
    standing.answered_at = clocks.now()
    standing.save()
    return action == "accept"


def takeback(game: Game, user, action: str) -> Game:
    """In a casual game, a player asks to take back their last move (and the answer to it, if
    there is one); the opponent accepts (the moves are kept as archived moves, the clocks go
    back) or declines."""
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(user, _("Only the players may ask for a takeback."))
        if game.status != Game.Status.ACTIVE:
            raise Refused(_("This game is not in play."), 409)
        if game.rated:
            raise Refused(_("Moves are not taken back in rated games."), 409)
        standing = game.offers.filter(kind=Offer.Kind.TAKEBACK, status=Offer.Status.OPEN).first()
        if action == "offer":
            if standing:
                raise Refused(_("A takeback is already asked for: it waits for an answer."), 409)
            if not game.moves.filter(seat=seat.index).exists():
                raise Refused(_("There is no move of yours to take back yet."), 409)
            words = gettext_noop("%(name)s asks to take back their last move (%(game)s).")
            _make(game, Offer.Kind.TAKEBACK, seat.index, words)
        elif action in ("accept", "decline"):
            if _answer(standing, seat.index, action, _("There is no takeback to answer.")):
                lifecycle.take_back(game, standing.seat, standing.answered_at)
        else:
            raise Refused(_("Unknown takeback action."))
        _touch(game)
    return game


def takeback_panel(game: Game, seat: int | None) -> dict:
    """On the game page: a takeback asked for, and whether the player may ask for one."""
    if seat is None or game.rated or game.computer_seat is not None:
        return {}
    standing = standing_offer(game, Offer.Kind.TAKEBACK)
    return {
        "takeback": standing,
        "can_ask_takeback": standing is None and game.status == Game.Status.ACTIVE and game.ply > 0,
    }


def standing_offer(game: Game, kind=Offer.Kind.DRAW) -> Offer | None:
    return next(
        (o for o in prefetched(game, "offers") if o.status == Offer.Status.OPEN and o.kind == kind),
        None,
    )


def accepted_rematch(game: Game) -> Offer | None:
    return next(
        (
            o
            for o in prefetched(game, "offers")
            if o.kind == Offer.Kind.REMATCH and o.result_game_id
        ),
        None,
    )


def rematch(game: Game, user, action: str) -> Game | None:
    """After a game: offer a rematch (sides swapped, same game and clock), accept or decline.
    Returns the new game once accepted."""
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(user, _("Only the players may ask for a rematch."))
        if not game.is_over:
            raise Refused(_("A rematch comes after the game."), 409)
        if game.tournament_id:
            raise Refused(
                _("A tournament's game has no rematch: the tournament pairs its players."), 409
            )
        standing = game.offers.filter(kind=Offer.Kind.REMATCH, status=Offer.Status.OPEN).first()
        if action == "offer":
            if standing and standing.seat == seat.index:
                raise Refused(_("You have already offered a rematch."), 409)
            if game.computer_seat is not None:
                accepted = accepted_rematch(game)
                return accepted.result_game if accepted else _rematch_computer(game, seat.index)
            if not standing:
                Offer.objects.create(
                    game=game, kind=Offer.Kind.REMATCH, seat=seat.index, ply=game.ply
                )
                game.has_offers = True
                _tell(game, seat.index, gettext_noop("%(name)s offers a rematch (%(game)s)."))
                _touch(game)
                return None
            action = "accept"  # asking back is accepting
        if action not in ("accept", "decline"):
            raise Refused(_("Unknown rematch action."))
        if not standing or standing.seat == seat.index:
            raise Refused(_("There is no rematch offer to answer."), 409)
        standing.status = Offer.Status.ACCEPTED if action == "accept" else Offer.Status.DECLINED
        standing.answered_at = clocks.now()
        if action == "decline":
            standing.save()
            _touch(game)
            return None
        offerer = game.player(standing.seat)
        relations.refuse_meeting(user, offerer.pk)  # the reason as the one answering reads it
        side = ("white", "black")[1 - standing.seat]  # the offerer takes the other side
        new = games.create(
            offerer,
            game.game_slug,
            side,
            Game.Listing.INVITE,
            game.options,
            game.time_control,
            invited=user,
            rated=game.rated,  # a rematch is played as the game was
        )
        new = games.join(new, user)
        standing.result_game = new
        standing.save()
        _touch(game)
        return new


def _rematch_computer(game: Game, seat: int) -> Game:
    """The computer takes every rematch, at once: a new game, sides swapped."""
    player = game.player(seat)
    level = opponents.level_of(game.player(game.computer_seat))
    side = ("white", "black")[1 - seat]
    new = opponents.start(player, game.game_slug, level, side, game.options, game.time_control)
    now = clocks.now()
    Offer.objects.create(
        game=game, kind=Offer.Kind.REMATCH, seat=seat, ply=game.ply,
        status=Offer.Status.ACCEPTED, answered_at=now, result_game=new,
    )  # fmt: skip
    game.has_offers = True
    _touch(game)
    return new


def _touch(game: Game) -> None:
    game.revision += 1
    game.save()
    transaction.on_commit(lambda: broadcast(game))
