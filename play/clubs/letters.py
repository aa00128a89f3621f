"""A leader's message to all the club's members, sent as private messages from the leader
(each member's inbox has it, headed with the club's name in the member's language), as lichess
sends a team's message to all. A club sends a few a week."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.accounts import standing
from play.clubs import clubs
from play.common import clocks, language
from play.common.errors import Refused, refuse_nulls
from play.inbox import inbox
from play.models import Club, ClubLetter, Membership
from play.models.inbox import LETTER_LENGTH

MOST_A_WEEK = 7  # messages to all members, from one club
HEADING_ROOM = 200  # characters kept for the heading, within a message's bound
TEXT_LENGTH = LETTER_LENGTH - HEADING_ROOM


def send(leader, club: Club, text: str) -> int:
    """The message sent to every member but the leader; how many it reached."""
    refuse_nulls(text)
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise Refused(_("Write something first."))
    if len(text) > TEXT_LENGTH:
        raise Refused(_("A message is at most %(most)s characters long.") % {"most": TEXT_LENGTH})
    standing.refuse_muted(leader)
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)  # one count of the allowance
        if not clubs.is_leader(leader, club):
            raise Refused(_("Only the club's leaders do that."), 403)
        at = clocks.now()
        if sent_this_week(club) >= MOST_A_WEEK:
            raise Refused(
                ngettext(
                    "A club sends %(most)s message to all its members a week: wait a little.",
                    "A club sends %(most)s messages to all its members a week: wait a little.",
                    MOST_A_WEEK,
                )
                % {"most": MOST_A_WEEK},
                429,
            )
        members = Membership.objects.filter(club=club).select_related("user__profile")
        letters = []
        for member in members.iterator(chunk_size=2000):
            with language.for_user(member.user):
                heading = _("To the members of %(club)s:") % {"club": club.name}
            letters.append((member.user, f"{heading[: HEADING_ROOM - 2]}\n\n{text}"))
        reached = inbox.send_each(leader, letters)
        ClubLetter.objects.create(
            club=club, sender=leader, text=text, sent_at=at, recipients=reached
        )
    return reached


def sent_this_week(club: Club) -> int:
    week = clocks.now() - timedelta(days=7)
    return ClubLetter.objects.filter(club=club, sent_at__gt=week).count()


def sent(club: Club):
    """The club's messages to all, the latest first."""
    return ClubLetter.objects.filter(club=club).select_related("sender").order_by("-sent_at")
