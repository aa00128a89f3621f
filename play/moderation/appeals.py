"""A player the moderators closed, marked or muted appeals, in their own words; a moderator
answers, and may lift what was appealed. The player reads the answer beside their moderation
log, and is told it (by email too, for a closed account that cannot log in)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from play.accounts import standing
from play.common import clocks, language
from play.common.errors import Refused
from play.models import Appeal, Notification, Profile, Sanction
from play.models.moderation import REPORT_WORDS
from play.moderation import sanctions
from play.notify import notify


def appealable(player) -> bool:
    """Whether the player has something to appeal: a closed account, a mark, a mute."""
    profile = Profile.objects.filter(user=player).first()
    marked = profile is not None and bool(profile.mark)
    return not player.is_active or marked or standing.muted_until(player) is not None


def file(player, text: str) -> Appeal:
    """The appeal, waiting for the moderators; Refused saying why not."""
    text = text.strip()
    if not text:
        raise Refused(_("Say in a few words why the moderators should look again."))
    if len(text) > REPORT_WORDS:
        raise Refused(_("An appeal is at most %(most)s characters long.") % {"most": REPORT_WORDS})
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=player.pk).first()
        if not appealable(player):
            raise Refused(
                _("There is nothing to appeal: you are neither closed, marked nor muted.")
            )
        if Appeal.objects.filter(player=player, status=Appeal.Status.OPEN).exists():
            raise Refused(_("Your appeal waits for the moderators already: they answer here."), 409)
        return Appeal.objects.create(player=player, text=text, created_at=clocks.now())


def answer(moderator, appeal: Appeal, text: str, lift: bool) -> Appeal:
    """The moderator's answer, and what it lifts (the account reopened, the mark and the mute
    lifted, each in the log with the answer as its reason); Refused if another moderator
    answered first."""
    if not moderator.has_perm("play.moderate"):
        raise Refused(_("Only moderators do this."), 403)
    text = text.strip()
    if not text:
        raise Refused(_("Write the answer: the player reads it."))
    with transaction.atomic():
        appeal = Appeal.objects.select_for_update().select_related("player").get(pk=appeal.pk)
        if appeal.status != Appeal.Status.OPEN:
            raise Refused(
                _("Another moderator answered this appeal a moment ago: nothing was done."), 409
            )
        player = appeal.player
        if lift:
            profile = Profile.objects.filter(user=player).first()
            lifted = [
                (Sanction.Kind.REOPEN, not player.is_active),
                (Sanction.Kind.UNMARK, profile is not None and bool(profile.mark)),
                (Sanction.Kind.UNMUTE, standing.muted_until(player) is not None),
            ]
            for kind, due in lifted:
                if due:
                    sanctions.act(moderator, player, kind, text)
        appeal.status, appeal.answer, appeal.answered_at = (
            Appeal.Status.ANSWERED,
            text,
            clocks.now(),
        )
        appeal.save(update_fields=["status", "answer", "answered_at"])
        with language.for_user(player):
            told = _("The moderators answered your appeal: %(answer)s") % {"answer": text}
        notify.tell(player, Notification.Kind.MODERATION, told, address=reverse("moderation-log"))
    return appeal
