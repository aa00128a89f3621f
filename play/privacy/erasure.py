"""Delete my account, as lichess's GDPR erasure does it: the games stay for the opponents,
with their results and ratings unchanged, under a name that says "deleted"; everything else
that is the player's own goes: their name, email and password, their messages (private ones
and chat lines), notes, studies, conditional moves, API tokens, devices notified, settings,
follows and blocks, notifications, logins, appeals, reports they made."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from play.accounts import accounts
from play.common.errors import Refused
from play.common.players import DELETED_PREFIX, has_account
from play.models import (
    ApiToken,
    Appeal,
    ChatMessage,
    Conversation,
    Evaluation,
    Forecast,
    LessonStars,
    Note,
    Notification,
    Profile,
    PushChoices,
    PushDevice,
    PuzzleAttempt,
    PuzzleRating,
    Relation,
    Report,
    Study,
    TournamentMessage,
)
from play.moderation import sanctions


def delete_account(user, password: str) -> str:
    """The account deleted, once its password is given again; its new name, which pages show
    as "deleted". Refused, with nothing done, for a wrong password."""
    if not has_account(user):
        raise Refused(_("Only a player with an account deletes it."), 403)
    if not user.check_password(password):
        raise Refused(_("That is not your password: nothing was deleted."), 403)
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        sanctions.leave_play(user)
        _forget(user)
        user.username = DELETED_PREFIX + secrets.token_hex(6)
        user.email = user.first_name = user.last_name = ""
        user.set_unusable_password()
        user.is_active, user.is_staff, user.is_superuser = False, False, False
        user.save()
        user.groups.clear()
        user.user_permissions.clear()
        transaction.on_commit(lambda: accounts.end_every_session(user))
    return user.username


def _forget(user) -> None:
    """What is the player's own, gone; what others keep of them (games, ratings, their places
    in tournaments, reports and the moderation log about them) stays."""
    accounts.revoke_every_token(user)  # their open streams closed on every server
    ApiToken.objects.filter(user=user).delete()
    Conversation.objects.filter(sides__user=user).delete()  # both sides, every message
    ChatMessage.objects.filter(user=user).delete()
    TournamentMessage.objects.filter(user=user).delete()
    Note.objects.filter(user=user).delete()
    Study.objects.filter(owner=user).delete()
    Forecast.objects.filter(game__seats__user=user, game__seats__index=F("seat")).delete()
    Evaluation.objects.filter(requested_by=user).delete()
    PushDevice.objects.filter(user=user).delete()
    PushChoices.objects.filter(user=user).delete()
    Profile.objects.filter(user=user).delete()
    Relation.objects.filter(from_user=user).delete()
    Relation.objects.filter(to_user=user).delete()
    Notification.objects.filter(user=user).delete()
    Appeal.objects.filter(player=user).delete()
    Report.objects.filter(reporter=user).delete()
    LessonStars.objects.filter(user=user).delete()
    PuzzleAttempt.objects.filter(user=user).delete()
    PuzzleRating.objects.filter(user=user).delete()
