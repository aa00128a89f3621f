"""Telling players things: in the app (a bell, pushed live over their own socket) and by
email (at once, or "your turn" gathered into a digest at most every N hours). Every attempt
is logged as a Delivery with what became of it, for timeout disputes."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string

from play.common import clocks
from play.models import Delivery, Notification, Profile
from play.push import live

log = logging.getLogger("imperia.notify")
Kind = Notification.Kind
# Correspondence news gathered into the digest, not an email each: whose turn it is, and a
# championship's (an edition begun with a player's games, an opponent gone, where they ended).
DIGESTED = (Kind.YOUR_TURN, Kind.LEAGUE)


def profile_of(user) -> Profile:
    try:
        return user.profile  # often fetched with the user already
    except Profile.DoesNotExist:
        return Profile.objects.get_or_create(user=user)[0]


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def tell(
    user, kind: str, text: str, game=None, address: str = "", *, by_email: bool = True
) -> Notification | None:
    """Tell the player in the app, and by email as their settings say (`by_email` False: a
    notice whose moment passes in seconds, as an arena's next game, is never emailed)."""
    if game is not None and game.computer_seat is not None:
        computer = game.player(game.computer_seat)
        if computer is not None and computer.pk == user.pk:
            return None  # the computer reads no notices: its worker looks at the game itself
    at = clocks.now()
    most = Notification._meta.get_field("text").max_length
    if len(text) > most:  # a ruling's reason, say: kept whole with the ruling itself
        text = text[: most - 1] + "…"
    note = Notification.objects.create(
        user=user, game=game, kind=kind, text=text, created_at=at, address=address
    )
    transaction.on_commit(lambda: push(user.pk))
    deliveries = [Delivery(notification=note, channel="in-app", status=Delivery.Status.SENT, at=at)]
    profile = profile_of(user)
    if not by_email:
        deliveries.append(_delivery(note, Delivery.Status.SKIPPED, "a live notice: not emailed"))
    elif not profile.email_enabled:
        skipped = "email turned off in the player's settings"
        deliveries.append(_delivery(note, Delivery.Status.SKIPPED, skipped))
    elif not user.email:
        deliveries.append(_delivery(note, Delivery.Status.SKIPPED, "no email address"))
    elif kind in DIGESTED:
        digest = f"for the digest (every {profile.digest_hours} h)"
        deliveries.append(_delivery(note, Delivery.Status.QUEUED, digest))
    else:
        transaction.on_commit(lambda: _mail(user, note.text, _body([note]), [note]))
    Delivery.objects.bulk_create(deliveries)
    return note


def open_game(game, user_ids) -> None:
    """Open the game on these players' pages at once (quick pairing, a tournament's next
    game): their own sockets carry its address to the page's #pool-paired."""
    html = render_to_string("play/partials/pool_paired.html", {"game": game})
    for user_id in user_ids:
        live.send(user_group(user_id), {"type": "pool.paired", "html": html})


def push(user_id: int) -> None:
    """Tell the player's open pages to redraw the bell."""
    live.send(user_group(user_id), {"type": "bell.update"})


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
        if turns == len(notes):
            subject = f"Your turn in {turns} game{'s' if turns > 1 else ''}"
        else:
            subject = f"{len(notes)} things for you, in your championships and games"
        _mail(user, subject, _body(notes), notes, detail="digest")
        profile.last_digest_at = at
        profile.save(update_fields=["last_digest_at"])
        sent += 1
    return sent


def _body(notes) -> str:
    lines = []
    for note in notes:
        link = f"{settings.SITE_URL}{note.link}"
        lines.append(f"- {note.text}\n  {link}")
    return "\n".join(lines) + f"\n\nChange what Imperia sends you: {settings.SITE_URL}/settings/\n"


def _mail(user, subject: str, body: str, notes, detail: str = "") -> None:
    try:
        send_mail(f"[Imperia] {subject}", body, settings.DEFAULT_FROM_EMAIL, [user.email])
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
