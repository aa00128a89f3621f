"""Draw offers: make, accept, decline. An offer lapses when its receiver moves."""

from __future__ import annotations

from django.db import transaction

from play import clocks, notify
from play.errors import Refused
from play.lifecycle import end
from play.live import broadcast
from play.models import Game, Offer


def act(game: Game, user, action: str) -> Game:
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of(user)
        if seat is None:
            raise Refused("Only the players may offer or answer a draw.", 403)
        if game.status != Game.Status.ACTIVE:
            raise Refused("This game is not in play.", 409)
        standing = game.offers.filter(kind=Offer.Kind.DRAW, status=Offer.Status.OPEN).first()
        if action == "offer":
            if standing and standing.seat == seat.index:
                raise Refused("You have already offered a draw.", 409)
            if standing:  # offering back is accepting
                action = "accept"
            else:
                Offer.objects.create(game=game, kind=Offer.Kind.DRAW, seat=seat.index, ply=game.ply)
                text = f"{user.username} offers a draw ({game.rules.name})."
                notify.tell(game.player(1 - seat.index), notify.Kind.OFFER, text, game)
        if action in ("accept", "decline"):
            if not standing or standing.seat == seat.index:
                raise Refused("There is no draw offer to answer.", 409)
            standing.status = Offer.Status.ACCEPTED if action == "accept" else Offer.Status.DECLINED
            standing.answered_at = clocks.now()
            standing.save()
            if action == "accept":
                end(game, None, "agreement")
                return game
        elif action != "offer":
            raise Refused("Unknown draw action.")
        game.revision += 1
        game.save()
        transaction.on_commit(lambda: broadcast(game))
    return game


def standing_offer(game: Game) -> Offer | None:
    return next((o for o in game.offers.all() if o.status == Offer.Status.OPEN), None)
