"""What a player has on their plate: games where it is their move (soonest deadline first),
games waiting for the opponent, challenges, finished games, and unread notifications."""

from __future__ import annotations

from django.db.models import Exists, F, OuterRef, Q

from play.models import Correspondent, Dispute, Game, Notification, Seat


def _in_play(user, *where: Q):
    """The player's games in play (and in setup) meeting `where`, read from their seats that
    have no end (Seat.finished_at): one join with one row a game, each condition on the same
    seat, so no DISTINCT and no walk through all the games they ever played."""
    mine = Q(seats__user=user, seats__finished_at__isnull=True)
    return Game.objects.filter(mine, *where, status__in=[Game.Status.ACTIVE, Game.Status.SETUP])


_MOVING = Q(status=Game.Status.ACTIVE, seats__index=F("turn"))
_ARRANGING = Q(status=Game.Status.SETUP, seats__submitted_at__isnull=True)


def my_turn(user):
    """Active games where the player is to move, and setups they have not submitted."""
    return _in_play(user, _MOVING | _ARRANGING).order_by(
        F("deadline").asc(nulls_last=True), "-started_at"
    )


def waiting(user):
    return _in_play(user).exclude(pk__in=my_turn(user).values("pk")).order_by("-started_at")


def challenges_sent(user):
    return Game.objects.filter(status=Game.Status.OPEN, created_by=user)


def challenges_received(user):
    return Game.objects.filter(status=Game.Status.OPEN, invited_user=user)


def finished(user):
    """The player's finished games, latest first: in the order of their seats' index."""
    return Game.objects.filter(
        seats__user=user,
        seats__finished_at__isnull=False,
        status__in=[Game.Status.FINISHED, Game.Status.ABORTED],
    ).order_by("-seats__finished_at")


def counts(user) -> dict[str, int]:
    if not user.is_authenticated:
        return {}
    return {
        "my_turn": my_turn(user).count(),
        "unread": Notification.objects.filter(user=user, read_at__isnull=True).count(),
        # Conversations with a message unread (play/inbox/), read off their own index.
        "letters": Correspondent.objects.filter(user=user, unread__gt=0).count(),
    }


def disputes(user):
    """Cases on the player's games, whoever opened them."""
    # Each case asks whether the player has a seat in its game: cases are few, a player's
    # games may be thousands (a join through them and DISTINCT read them all).
    seated = Seat.objects.filter(game=OuterRef("game"), user=user)
    return (
        Dispute.objects.filter(Exists(seated))
        .select_related("game", "opened_by")
        .order_by("-created_at")
    )
