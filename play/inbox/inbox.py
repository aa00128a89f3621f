"""Private messages, as lichess has them: an inbox of conversations, one a pair of players,
each message pushed at once to the recipient's open pages, with a count in the header, a push
to their devices and, once for a run of unread messages, an email.

Who may write to whom: no one across a block, either way; a player who chose "no one" or
"players I follow" takes messages from those alone, and anyone may answer a player who wrote
to them. A new account writes only to players it has played (spam comes from new accounts),
and every player starts a bounded number of conversations a day."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.accounts import standing
from play.common import clocks, language
from play.common.errors import Refused
from play.common.players import has_account
from play.models import Computer, Conversation, Correspondent, Letter, Profile, Relation, Seat
from play.models.inbox import LETTER_LENGTH, PREVIEW_LENGTH
from play.notify import notify
from play.push import live
from play.webpush import outbox

log = logging.getLogger("imperia.inbox")
LettersFrom = Profile.LettersFrom
NEW_ACCOUNT_DAYS = 7  # an account this young writes only to players it has played
MOST_STARTED_A_DAY = 20  # conversations one player may begin in a day


def send(sender, recipient, text: str) -> Letter:
    """The message, kept and pushed; Refused saying why it may not be sent."""
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise Refused(_("Write something first."))
    if len(text) > LETTER_LENGTH:
        raise Refused(_("A message is at most %(most)s characters long.") % {"most": LETTER_LENGTH})
    with transaction.atomic():
        # Both rows locked, the lower id first: two players writing to each other at once
        # make one conversation, and each side's count holds.
        first, second = sorted((sender.pk, recipient.pk))
        list(get_user_model().objects.select_for_update().filter(pk__in=(first, second)))
        mine = _side(sender, recipient)
        refusal = refused(sender, recipient, mine)
        if refusal:
            raise Refused(refusal, 403)
        at = clocks.now()
        if mine is None:
            _within_a_day(sender, at)
            conversation = Conversation.objects.create(started_by=sender, created_at=at)
        else:
            conversation = mine.conversation
        letter = Letter.objects.create(
            conversation=conversation, sender=sender, text=text, created_at=at
        )
        last = {"last_at": at, "last_text": _preview(text)}
        sides = Correspondent.objects.filter(conversation=conversation)
        if mine is None:
            Correspondent.objects.bulk_create(
                [
                    Correspondent(conversation=conversation, user=sender, other=recipient,
                                  last_by_me=True, **last),
                    Correspondent(conversation=conversation, user=recipient, other=sender,
                                  unread=1, **last),
                ]
            )  # fmt: skip
        else:
            sides.filter(user=sender).update(last_by_me=True, **last)
            sides.filter(user=recipient).update(last_by_me=False, unread=F("unread") + 1, **last)
        theirs = sides.get(user=recipient)
        _tell(letter, recipient, theirs)
    return letter


def send_each(sender, letters) -> int:
    """One message from `sender` to each of many players at once (a club's leader to its
    members): `letters` are (recipient, text), the text whole and bounded. Written in a few
    queries whatever their number; each recipient's count and devices told as for one message,
    with no email (the count and the push say it). Nothing crosses a block, or reaches a closed
    account or the computer. How many were sent."""
    letters = [(r, t) for r, t in letters if r.pk != sender.pk and r.is_active]
    ids = [recipient.pk for recipient, _text in letters]
    computers = set(Computer.objects.filter(user_id__in=ids).values_list("user_id", flat=True))
    blocked = Relation.objects.filter(kind=Relation.Kind.BLOCK)
    apart = set(
        blocked.filter(from_user=sender, to_user_id__in=ids).values_list("to_user_id", flat=True)
    )
    apart |= set(
        blocked.filter(to_user=sender, from_user_id__in=ids).values_list("from_user_id", flat=True)
    )
    letters = [(r, t) for r, t in letters if r.pk not in computers and r.pk not in apart]
    if not letters:
        return 0
    at = clocks.now()
    with transaction.atomic():
        sides = Correspondent.objects.filter(user=sender, other_id__in=[r.pk for r, _t in letters])
        held = dict(sides.values_list("other_id", "conversation_id"))
        new = [r for r, _text in letters if r.pk not in held]
        begun = Conversation.objects.bulk_create(
            Conversation(started_by=sender, created_at=at) for _r in new
        )
        held |= {r.pk: conversation.pk for r, conversation in zip(new, begun, strict=True)}
        Letter.objects.bulk_create(
            Letter(conversation_id=held[r.pk], sender=sender, text=text, created_at=at)
            for r, text in letters
        )
        fresh = {r.pk for r in new}
        Correspondent.objects.bulk_create(
            side
            for r, text in letters
            if r.pk in fresh
            for side in (
                Correspondent(conversation_id=held[r.pk], user=sender, other=r, last_by_me=True,
                              last_at=at, last_text=_preview(text)),
                Correspondent(conversation_id=held[r.pk], user=r, other=sender, unread=1,
                              last_at=at, last_text=_preview(text)),
            )
        )  # fmt: skip
        kept: dict[str, list[int]] = {}  # the sides kept already, by text: few texts, many
        for r, text in letters:  # readers (one a language, for a club's members)
            if r.pk not in fresh:
                kept.setdefault(text, []).append(r.pk)
        for text, readers in kept.items():
            last = {"last_at": at, "last_text": _preview(text)}
            mine = Correspondent.objects.filter(user=sender, other_id__in=readers)
            mine.update(last_by_me=True, **last)
            theirs = Correspondent.objects.filter(user_id__in=readers, other=sender)
            theirs.update(last_by_me=False, unread=F("unread") + 1, **last)
        told = []
        for r, text in letters:
            with language.for_user(r):
                title = _("A message from %(name)s") % {"name": sender.username}
            told.append((r, title, text, reverse("conversation", args=[sender.username]), None))
        outbox.queue_each(outbox.Kind.LETTER, told)
        pushed = [r.pk for r, _text in letters]
        transaction.on_commit(lambda: notify.push(*pushed))
    return len(letters)


def _preview(text: str) -> str:
    return text if len(text) <= PREVIEW_LENGTH else text[: PREVIEW_LENGTH - 1] + "…"


def refused(sender, recipient, mine: Correspondent | None = None) -> str | None:
    """Why `sender` may not write to `recipient` now, in words; None if they may. `mine`:
    the sender's side of their conversation, if it is read already."""
    if not has_account(sender) or not has_account(recipient):
        return _("Only players with an account send and receive messages.")
    if sender.pk == recipient.pk:
        return _("That is you.")
    if (until := standing.muted_until(sender)) is not None:
        return standing.muted_words(until)
    if Computer.objects.filter(user=recipient).exists():
        return _("The computer reads no messages.")
    if not recipient.is_active:  # closed by the moderators, or deleted
        return _("This account is closed.")
    blockers = set(
        Relation.objects.filter(
            from_user__in=(sender, recipient), to_user__in=(sender, recipient),
            kind=Relation.Kind.BLOCK,
        ).values_list("from_user_id", flat=True)
    )  # fmt: skip
    if sender.pk in blockers:
        return _("You block this player: unblock them first to write to them.")
    if recipient.pk in blockers:
        return _("This player does not take messages from you.")
    if sender.is_staff:
        return None  # a moderator writes to whoever they must
    mine = mine if mine is not None else _side(sender, recipient)
    if (
        mine is not None
        and Letter.objects.filter(conversation=mine.conversation_id, sender=recipient).exists()
    ):
        return None  # anyone may answer a player who wrote to them
    chosen = notify.profile_of(recipient).letters_from
    if chosen == LettersFrom.NOBODY:
        return _("This player takes no messages.")
    if (
        chosen == LettersFrom.FOLLOWED
        and not Relation.objects.filter(
            from_user=recipient, to_user=sender, kind=Relation.Kind.FOLLOW
        ).exists()
    ):
        return _("This player takes messages only from players they follow.")
    if is_new(sender, clocks.now()) and not have_played(sender, recipient):
        return ngettext(
            "An account newer than %(days)s day writes only to players it has played.",
            "An account newer than %(days)s days writes only to players it has played.",
            NEW_ACCOUNT_DAYS,
        ) % {"days": NEW_ACCOUNT_DAYS}
    return None


def is_new(user, at) -> bool:
    return user.date_joined > at - timedelta(days=NEW_ACCOUNT_DAYS)


def have_played(player, other) -> bool:
    """Whether the two have sat at one board (a game begun, whatever became of it)."""
    return Seat.objects.filter(
        user=player, game__seats__user=other, game__started_at__isnull=False
    ).exists()


def inbox(user):
    """The player's conversations, the latest message first, each with its other player."""
    return (
        Correspondent.objects.filter(user=user).select_related("other").order_by("-last_at", "-id")
    )


def letters(side: Correspondent):
    """The messages of a conversation, the latest first (a page shows them oldest first)."""
    return Letter.objects.filter(conversation=side.conversation_id).order_by("-id")


def side_with(user, other) -> Correspondent | None:
    """The player's side of their conversation with `other`, if they have one."""
    return _side(user, other)


def read(side: Correspondent) -> None:
    """The player has read the conversation: nothing unread, and the next message emailed
    again; their open pages' counts redrawn."""
    if side.unread or side.emailed:
        Correspondent.objects.filter(pk=side.pk).update(unread=0, emailed=False)
        side.unread, side.emailed = 0, False
        transaction.on_commit(lambda: notify.push(side.user_id))


def added(letter: Letter) -> dict:
    """The context that adds a message below the others of its conversation on a page."""
    return {"oob": True, "conversation": letter.conversation_id}


def unread_conversations(user) -> int:
    return Correspondent.objects.filter(user=user, unread__gt=0).count()


def _side(user, other) -> Correspondent | None:
    return (
        Correspondent.objects.filter(user=user, other=other).select_related("conversation").first()
    )


def _within_a_day(sender, at) -> None:
    begun = Conversation.objects.filter(started_by=sender, created_at__gt=at - timedelta(days=1))
    if begun.count() >= MOST_STARTED_A_DAY and not sender.is_staff:
        raise Refused(
            ngettext(
                "You began %(most)s conversation today, the most one may: answer, or wait a day.",
                "You began %(most)s conversations today, the most one may: answer, or wait a day.",
                MOST_STARTED_A_DAY,
            )
            % {"most": MOST_STARTED_A_DAY},
            429,
        )


def _tell(letter: Letter, recipient, theirs: Correspondent) -> None:
    """The recipient told: the message pushed to their open pages (added to the conversation
    where it is open, the count redrawn), to their devices, and by email once a run."""
    sender = letter.sender
    address = reverse("conversation", args=[sender.username])
    with language.for_user(recipient):
        # Added where the conversation is open, and read there as it comes.
        pushed = {"letters": [letter], "reader": recipient, "other": sender, "read": True}
        html = render_to_string("inbox/letters.html", pushed | added(letter))
        title = _("A message from %(name)s") % {"name": sender.username}
    outbox.queue_each(outbox.Kind.LETTER, [(recipient, title, letter.text, address, None)])
    profile = notify.profile_of(recipient)
    if not theirs.emailed and profile.email_enabled and recipient.email:
        Correspondent.objects.filter(pk=theirs.pk).update(emailed=True)
        transaction.on_commit(lambda: _email(recipient, sender, letter.text, title, address))
    event = {"type": "letter.new", "html": html}
    transaction.on_commit(lambda: live.send_many([(notify.user_group(recipient.pk), event)]))


def _email(recipient, sender, text: str, title: str, address: str) -> None:
    with language.for_user(recipient):
        answer = _("Read and answer it on Imperia: %(link)s") % {
            "link": f"{settings.SITE_URL}{address}"
        }
        message = notify.email(recipient, f"[Imperia] {title}", f"{text}\n\n{answer}\n\n")
    try:
        message.send()
    except Exception as exc:  # noqa: BLE001 - a message kept is read on the site all the same
        log.warning("email of a message to %s failed: %s", recipient, exc)
