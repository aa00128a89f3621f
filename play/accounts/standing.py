"""How a player stands with the moderators (play/moderation/sanctions.py sets it): muted in
chats and messages until a time, marked (their games unrated, their ratings off the
leaderboards). Read here by every room that a mute or a mark stops."""

from __future__ import annotations

from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _

from play.common import clocks
from play.common.errors import Refused
from play.common.players import has_account
from play.models import Profile


def muted_until(user):
    """When the player's mute ends, if they are muted now; else None."""
    if not has_account(user):
        return None
    until = Profile.objects.filter(user=user).values_list("muted_until", flat=True).first()
    return until if until is not None and until > clocks.now() else None


def refuse_muted(user) -> None:
    """Refused while the player is muted: a chat line or a private message is not posted, and
    the refusal says until when, and where to read why."""
    if (until := muted_until(user)) is not None:
        raise Refused(muted_words(until), 403)


def muted_words(until) -> str:
    return _(
        "The moderators muted you in chats and messages until %(until)s UTC: read why in your "
        "moderation log (%(address)s)."
    ) % {
        "until": formats.date_format(until, "DATETIME_FORMAT"),
        "address": reverse("moderation-log"),
    }


def marked_ids(user_ids) -> set[int]:
    """Those of these players the moderators marked: their games are not rated."""
    marked = Profile.objects.filter(user_id__in=user_ids).exclude(mark="")
    return set(marked.values_list("user_id", flat=True))
