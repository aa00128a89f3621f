"""Pushes queued and sent. A push is made where what it tells is (a notice, a chat message),
in that transaction, one per device of each player who chose its kind; the sender's worker
(`manage.py send_pushes`) encrypts and posts it (RFC 8291, signed with VAPID), never a
request. A device its push service says is gone (404, 410) is forgotten; another failure is
tried again later, a few times, then given up; each is logged."""

from __future__ import annotations

import json
import logging
from datetime import timedelta

import requests
from django.db import transaction
from pywebpush import WebPushException, webpush

from play.common import clocks
from play.models import PushChoices, PushDevice, QueuedPush
from play.push import presence
from play.webpush import choices, keys

log = logging.getLogger("imperia.webpush")
Kind = PushChoices.Kind

# Each kind's urgency (RFC 8030 §5.3: a phone on a low battery wakes only for the urgent) and
# how long the push service keeps it for a device that is off (seconds): a clock running out
# is urgent and soon stale; a correspondence turn keeps for a day.
PLAN = {
    Kind.TURN: ("normal", 24 * 3600),
    Kind.CLOCK: ("high", 3600),
    Kind.CHALLENGE: ("normal", 24 * 3600),
    Kind.BEGUN: ("high", 600),
    Kind.TOURNAMENT: ("normal", 600),
    Kind.CHAMPIONSHIP: ("low", 3 * 24 * 3600),
    Kind.MESSAGE: ("normal", 3600),
    Kind.LETTER: ("normal", 24 * 3600),
}
TRIES = 5  # a push's attempts before it is given up
FIRST_WAIT = 30  # seconds before the second attempt, doubled at each after
LEASE = 60  # seconds a sender holds a push it is sending, so that another sender leaves it
BATCH = 100  # pushes read at a time
TIMEOUT = 10  # seconds a push service may take to answer


def queue_each(kind: str, told) -> int:
    """Queue a push of `kind` to every device of each player told, if they chose the kind.
    `told` are (user, title, body, address, game or None), the words in the user's language.
    How many pushes were queued."""
    told = list(told)
    users = {user.pk for user, *_ in told}
    devices: dict[int, list[PushDevice]] = {}
    for device in PushDevice.objects.filter(user_id__in=users).only("pk", "user_id"):
        devices.setdefault(device.user_id, []).append(device)
    if not devices:
        return 0
    chosen = choices.kinds_of(list(devices))
    urgency, ttl = PLAN[kind]
    at = clocks.now()
    pushes = [
        QueuedPush(
            device=device, kind=kind, urgency=urgency, ttl=ttl, created_at=at, due_at=at,
            game_public_id=game.public_id if game is not None else "",
            payload=payload(title, body, game.get_absolute_url() if game else address, game),
        )
        for user, title, body, address, game in told
        if kind in chosen.get(user.pk, ())
        for device in devices.get(user.pk, ())
    ]  # fmt: skip
    QueuedPush.objects.bulk_create(pushes)
    return len(pushes)


def queue(user, kind: str, title: str, body: str, address: str = "", game=None) -> int:
    return queue_each(kind, [(user, title, body, address, game)])


def payload(title: str, body: str, address: str, game) -> dict:
    """What the service worker shows: its tag makes one game's pushes replace each other."""
    return {"title": title, "body": body[:240], "url": address or "/",
            "tag": f"game-{game.public_id}" if game is not None else address or "imperia"}  # fmt: skip


def send_due(at=None) -> dict[str, int]:
    """Send the pushes that are due (the sender's worker calls it in a loop): how many were
    sent, held back (the player is watching the game), forgotten with their device, tried
    again later, given up."""
    at = at or clocks.now()
    done = dict.fromkeys(("sent", "watching", "gone", "retried", "given up"), 0)
    vapid = keys.private()
    if vapid is None:
        return done
    due = QueuedPush.objects.filter(due_at__lte=at).select_related("device")[:BATCH]
    for push in due:
        held = QueuedPush.objects.filter(pk=push.pk, due_at=push.due_at)
        if not held.update(due_at=at + timedelta(seconds=LEASE)):
            continue  # another sender has it
        done[_send(push, vapid, at)] += 1
    return done


def _send(push: QueuedPush, vapid, at) -> str:
    device = push.device
    if push.game_public_id and presence.watching(push.game_public_id, device.user_id):
        push.delete()  # they see it on the board
        return "watching"
    status, why = None, ""
    try:
        webpush(
            {"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}},
            json.dumps(push.payload),
            vapid_private_key=vapid,
            vapid_claims={"sub": keys.subject()},
            ttl=push.ttl,
            headers={"Urgency": push.urgency, **_topic(push)},
            timeout=TIMEOUT,
        )
    except WebPushException as exc:
        response = exc.response
        status = response.status_code if response is not None else None
        why = f"{status} {response.reason}" if response is not None else str(exc)
    except (requests.RequestException, ValueError) as exc:
        why = f"{type(exc).__name__}: {exc}"
    else:
        with transaction.atomic():
            PushDevice.objects.filter(pk=device.pk).update(last_success_at=at)
            push.delete()
        return "sent"
    if status in (404, 410):
        log.info("push device %s of user %s is gone (%s): forgotten", device.pk,
                 device.user_id, why)  # fmt: skip
        device.delete()
        return "gone"
    push.attempts += 1
    stale = at >= push.created_at + timedelta(seconds=push.ttl)
    if push.attempts >= TRIES or stale:
        log.warning("push %s (%s) to device %s given up after %d attempts: %s", push.pk,
                    push.kind, device.pk, push.attempts, why)  # fmt: skip
        push.delete()
        return "given up"
    push.due_at = at + timedelta(seconds=FIRST_WAIT * 2 ** (push.attempts - 1))
    log.info("push %s (%s) to device %s failed (%s): attempt %d at %s", push.pk, push.kind,
             device.pk, why, push.attempts + 1, push.due_at.isoformat())  # fmt: skip
    push.save(update_fields=["attempts", "due_at"])
    return "retried"


def _topic(push: QueuedPush) -> dict:
    """A game's pushes share a topic (RFC 8030 §5.4): one waiting at the push service for a
    device that is off is replaced by the next, as its notification is on the device."""
    return {"Topic": f"g{push.game_public_id}"} if push.game_public_id else {}
