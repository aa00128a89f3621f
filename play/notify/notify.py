"""Telling players things: in the app (a bell, pushed live over their own socket) and by
email (at once, or "your turn" gathered into a digest at most every N hours). Every attempt
is logged as a Delivery with what became of it, for timeout disputes.

Each player is told in their own language, whoever's action told them: a notification is
worded when it is made, in its recipient's language (its text is kept as they read it), and
an email is written in theirs too, saying which it is and where to choose another."""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.common import clocks, language
from play.models import Delivery, Notification, Profile
from play.push import live
from play.webpush import outbox

log = logging.getLogger("imperia.notify")
Kind = Notification.Kind
Pushed = outbox.Kind
# Correspondence news gathered into the digest, not an email each: whose turn it is, and a
# championship's (an edition begun with a player's games, an opponent gone, where they ended).
DIGESTED = (Kind.YOUR_TURN, Kind.LEAGUE)
# The notices pushed to a player's devices, as the kind they chose (play/webpush/); a
# tournament's or a championship's notices name theirs where they are made.
PUSHED = {
    Kind.YOUR_TURN: Pushed.TURN,
    Kind.LOW_TIME: Pushed.CLOCK,
    Kind.CHALLENGE: Pushed.CHALLENGE,
    Kind.STARTED: Pushed.BEGUN,
}


def profile_of(user) -> Profile:
    try:
        return user.profile  # often fetched with the user already
    except Profile.DoesNotExist:
        return Profile.objects.get_or_create(user=user)[0]


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def tell(
    user,
    kind: str,
    text: str,
    game=None,
    address: str = "",
    *,
    by_email: bool = True,
    pushed: str | None = None,
) -> Notification | None:
    """Tell the player in the app, by email as their settings say (`by_email` False: a
    notice whose moment passes in seconds, as an arena's next game, is never emailed), and on
    their devices if they chose its kind of push (`pushed`, else the notice's: PUSHED).
    `text` is worded in the player's language: a `said(...)` (rules/said.py) is, here; a
    caller that words it itself does so within `language.for_user(user)`."""
    if game is not None and game.computer_seat is not None:
        computer = game.player(game.computer_seat)
        if computer is not None and computer.pk == user.pk:
            return None  # the computer reads no notices: its worker looks at the game itself
    (note,) = tell_each(kind, [(user, text, game, address)], by_email=by_email, pushed=pushed)
    return note


def tell_each(
    kind: str, notices, *, by_email: bool = True, pushed: str | None = None
) -> list[Notification]:
    """Many players told at once, each as tell() would (a tournament's pairing tells a
    thousand): `notices` are (user, text, game or None, address), written in a few queries
    whatever their number, their bells redrawn in one push. Not for the computer's games."""
    at = clocks.now()
    users = [user for user, *_ in notices]
    fetched = get_user_model().profile.is_cached  # a request's user is a lazy proxy
    missing = [u for u in users if not fetched(u)]
    found = {p.user_id: p for p in Profile.objects.filter(user__in=missing)} if missing else {}
    for user in missing:
        if user.pk in found:
            user.profile = found[user.pk]  # their language read with no query each
    most = Notification._meta.get_field("text").max_length

    def worded(user, text: str) -> str:
        with language.for_user(user):
            text = language.translated(text)
        # a ruling's reason, say, is kept whole with the ruling itself
        return text if len(text) <= most else text[: most - 1] + "…"

    notes = Notification.objects.bulk_create(
        Notification(
            user=user,
            game=game,
            kind=kind,
            created_at=at,
            address=address,
            text=worded(user, text),
            language=language.language_of(user),
        )
        for user, text, game, address in notices
    )
    deliveries = []
    for note, user in zip(notes, users, strict=True):
        deliveries.append(
            Delivery(notification=note, channel="in-app", status=Delivery.Status.SENT, at=at)
        )
        profile = profile_of(user)
        if not by_email:
            deliveries.append(
                _delivery(note, Delivery.Status.SKIPPED, "a live notice: not emailed")
            )
        elif not profile.email_enabled:
            skipped = "email turned off in the player's settings"
            deliveries.append(_delivery(note, Delivery.Status.SKIPPED, skipped))
        elif not user.email:
            deliveries.append(_delivery(note, Delivery.Status.SKIPPED, "no email address"))
        elif kind in DIGESTED:
            digest = f"for the digest (every {profile.digest_hours} h)"
            deliveries.append(_delivery(note, Delivery.Status.QUEUED, digest))
        else:
            transaction.on_commit(lambda u=user, n=note: _mail(u, n.text, [n]))
    Delivery.objects.bulk_create(deliveries)
    if pushed := pushed or PUSHED.get(kind):
        outbox.queue_each(pushed, _pushes(kind, notes, users))
    ids = list(dict.fromkeys(u.pk for u in users))
    transaction.on_commit(lambda: push(*ids))
    return notes


def _pushes(kind: str, notes, users):
    """The notes as pushes: titled with their kind, in each player's language."""
    titles: dict[str, str] = {}
    for note, user in zip(notes, users, strict=True):
        if note.language not in titles:
            with translation.override(note.language):
                titles[note.language] = str(Kind(kind).label)
        yield user, titles[note.language], note.text, note.address, note.game


def open_games(paired) -> None:
    """Open each game on its players' pages at once (quick pairing, a tournament's next
    game): `paired` are (game, its players' ids); their own sockets carry its address to the
    page's #pool-paired, in one push for them all, each in the player's language."""
    ids = [i for pair in paired for i in pair[1]]
    chosen = dict(Profile.objects.filter(user_id__in=ids).values_list("user_id", "language"))
    events = []
    for game, user_ids in paired:
        drawn = {}  # the game's words, once per language
        for i in user_ids:
            code = language.as_offered(chosen.get(i))
            if code not in drawn:
                with translation.override(code):
                    drawn[code] = render_to_string("play/partials/pool_paired.html", {"game": game})
            events.append((user_group(i), {"type": "pool.paired", "html": drawn[code]}))
    live.send_many(events)


def push(*user_ids: int) -> None:
    """Tell the players' open pages to redraw the bell (many in one trip)."""
    live.send_many([(user_group(i), {"type": "bell.update"}) for i in user_ids])


def send_digests(at=None) -> int:
    """One email per player gathering their queued "your turn" notes, when their digest
    interval has passed. How many emails were attempted."""
    at = at or clocks.now()
    emailed = Delivery.objects.filter(
        channel="email", status__in=[Delivery.Status.SENT, Delivery.Status.FAILED]
    ).values("notification")
    pending = (
        Notification.objects.filter(
            deliveries__channel="email", deliveries__status=Delivery.Status.QUEUED
        )
        .exclude(pk__in=emailed)
        .select_related("user", "game")
        .distinct()
    )
    by_user: dict = {}
    for note in pending:
        by_user.setdefault(note.user, []).append(note)
    sent = 0
    for user, notes in by_user.items():
        profile = profile_of(user)
        last = profile.last_digest_at
        due = last is None or (at - last).total_seconds() >= profile.digest_hours * 3600
        if not due:
            continue
        turns = sum(note.kind == Kind.YOUR_TURN for note in notes)
        with language.for_user(user):
            if turns == len(notes):
                subject = ngettext(
                    "Your turn in %(count)s game", "Your turn in %(count)s games", turns
                ) % {"count": turns}
            else:
                subject = ngettext(
                    "%(count)s thing for you, in your championships and games",
                    "%(count)s things for you, in your championships and games",
                    len(notes),
                ) % {"count": len(notes)}
        _mail(user, subject, notes, detail="digest")
        profile.last_digest_at = at
        profile.save(update_fields=["last_digest_at"])
        sent += 1
    return sent


def email(user, subject: str, body: str) -> EmailMessage:
    """An email to the player, in the active language (theirs: made within
    `language.for_user`): its foot says which language that is and where to choose another,
    and its Content-Language header says it to mail programs."""
    code = translation.get_language() or settings.LANGUAGE_CODE
    # Translators: the language is named in its own words ("Русский"), as the chooser shows it.
    foot = _("This email is in %(language)s. Choose your language in your settings: %(link)s") % {
        "language": language.offered().get(code, code),
        "link": f"{settings.SITE_URL}/settings/",
    }
    return EmailMessage(
        subject,
        f"{body}{foot}\n",
        settings.DEFAULT_FROM_EMAIL,
        [user.email],
        headers={"Content-Language": code},
    )


def _mail(user, subject: str, notes, detail: str = "") -> None:
    """The notes by email, in the player's language (their texts are worded in it already)."""
    with language.for_user(user):
        lines = [f"- {note.text}\n  {settings.SITE_URL}{note.link}" for note in notes]
        sends = _("Change what Imperia sends you: %(link)s") % {
            "link": f"{settings.SITE_URL}/settings/"
        }
        message = email(user, f"[Imperia] {subject}", "\n".join(lines) + f"\n\n{sends}\n")
    try:
        message.send()
    except Exception as exc:  # noqa: BLE001 - any failure is recorded, never raised to the player
        log.warning("email to %s failed: %s", user, exc)
        for note in notes:
            _log(
                note, Delivery.Status.FAILED, f"{detail} {type(exc).__name__}: {exc}"[:300].strip()
            )
        return
    for note in notes:
        _log(note, Delivery.Status.SENT, detail)


def _log(note, status, detail="") -> None:
    _delivery(note, status, detail).save()


def _delivery(note, status, detail) -> Delivery:
    """What became of an email attempt."""
    return Delivery(
        notification=note, channel="email", status=status, detail=detail, at=clocks.now()
    )
