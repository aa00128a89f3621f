"""What a player has on their plate: games where it is their move (soonest deadline first),
games waiting for the opponent, challenges, finished games, and unread notifications."""

from __future__ import annotations

from django.db.models import F, Q

from play.models import Dispute, Game, Notification


def my_turn(user):
    """Active games where the player is to move, and setups they have not submitted."""
    moving = Q(status=Game.Status.ACTIVE, seats__user=user, seats__index=F("turn"))
    arranging = Q(status=Game.Status.SETUP, seats__user=user, seats__submitted_at__isnull=True)
    return (
        Game.objects.filter(moving | arranging)
        .distinct()
        .order_by(F("deadline").asc(nulls_last=True), "-started_at")
    )


def waiting(user):
    in_play = Game.objects.filter(
        status__in=[Game.Status.ACTIVE, Game.Status.SETUP], seats__user=user
    )
    return in_play.exclude(pk__in=my_turn(user).values("pk")).order_by("-started_at")


def challenges_sent(user):
    return Game.objects.filter(status=Game.Status.OPEN, created_by=user)


def challenges_received(user):
    return Game.objects.filter(status=Game.Status.OPEN, invited_user=user)


def finished(user):
    return Game.objects.filter(
        status__in=[Game.Status.FINISHED, Game.Status.ABORTED], seats__user=user
    ).order_by("-finished_at")


def counts(user) -> dict[str, int]:
    if not user.is_authenticated:
        return {}
    return {
        "my_turn": my_turn(user).count(),
        "unread": Notification.objects.filter(user=user, read_at__isnull=True).count(),
    }


def disputes(user):
    """Cases on the player's games, whoever opened them."""
    return (
        Dispute.objects.filter(game__seats__user=user)
        .select_related("game", "opened_by")
        .distinct()
        .order_by("-created_at")
    )
