"""A player reports another: cheating, abuse, an offensive name, boosting or sandbagging, in
their own words, from the other's profile, a chat line of theirs, a message they wrote or a
forum post. The report waits in the moderators' queue (the admin's list of open reports, the
oldest first)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from play.common import clocks
from play.common.errors import Refused
from play.common.players import has_account
from play.models import ChatMessage, Letter, Post, Report
from play.models.moderation import REPORT_WORDS


def file(
    reporter,
    reported,
    reason: str,
    text: str,
    line_id: int | None = None,
    letter_id: int | None = None,
    post_id: int | None = None,
) -> Report:
    """The report, queued; Refused saying what is wrong with it. `line_id`: a chat line of
    the reported player's; `letter_id`: a private message of theirs to the reporter;
    `post_id`: a forum post of theirs."""
    if not has_account(reporter):
        raise Refused(_("Sign up to report a player."), 403)
    if reporter.pk == reported.pk:
        raise Refused(_("That is you."))
    if reason not in Report.Reason.values:
        raise Refused(_("Choose why you report this player."))
    text = text.strip()
    if not text:
        raise Refused(_("Say in a few words what happened: the moderators read it first."))
    if len(text) > REPORT_WORDS:
        raise Refused(_("A report is at most %(most)s characters long.") % {"most": REPORT_WORDS})
    line = None
    if line_id is not None:
        line = ChatMessage.objects.filter(pk=line_id, user=reported).first()
        if line is None:
            raise Refused(_("That chat line is not this player's."), 404)
    letter = reported_letter(reporter, reported, letter_id) if letter_id is not None else None
    if letter_id is not None and letter is None:
        raise Refused(_("That message is not one this player wrote to you."), 404)
    post = Post.objects.filter(pk=post_id, author=reported).first() if post_id else None
    if post_id is not None and post is None:
        raise Refused(_("That post is not this player's."), 404)
    return Report.objects.create(
        reporter=reporter, reported=reported, reason=reason, text=text, line=line,
        letter=letter, post=post, created_at=clocks.now(),
    )  # fmt: skip


def reported_letter(reporter, reported, letter_id: int) -> Letter | None:
    """The private message, if `reported` wrote it to `reporter`: no one reports, nor reads
    on the report's page, a message that was not written to them."""
    return Letter.objects.filter(
        pk=letter_id, sender=reported, conversation__sides__user=reporter
    ).first()
