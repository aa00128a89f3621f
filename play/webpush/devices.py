"""A player's devices: a browser's push subscription kept (as `PushManager.subscribe` gives
it), listed, forgotten."""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.common import clocks
from play.common.errors import Refused
from play.models import PushDevice

MOST = 20  # a player's devices: a phone, a tablet, browsers on a few computers


def subscribe(user, subscription, user_agent: str = "") -> PushDevice:
    """Keep the subscription (a dict: endpoint, keys.p256dh, keys.auth) for the player, or
    Refused saying what is wrong with it. A device subscribed again, or by another player
    logged in on it, is kept once, for the player now on it."""
    if not isinstance(subscription, dict):
        raise Refused(_("The subscription is not one a browser makes."))
    endpoint = subscription.get("endpoint")
    keys = subscription.get("keys")
    if not isinstance(endpoint, str) or not _reachable(endpoint):
        raise Refused(_("The subscription's address is not a push service's."))
    if not isinstance(keys, dict):
        raise Refused(_("The subscription has no keys."))
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if _decoded(p256dh, 65)[:1] != b"\x04" or len(_decoded(auth, 16)) != 16:
        raise Refused(_("The subscription's keys are not a browser's."))
    found = PushDevice.objects.filter(endpoint=endpoint).first()
    if found is None and PushDevice.objects.filter(user=user).count() >= MOST:
        raise Refused(
            ngettext(
                "You have %(count)s device: forget it in your settings first.",
                "You have %(count)s devices: forget one in your settings first.",
                MOST,
            )
            % {"count": MOST},
            409,
        )
    device = found or PushDevice(endpoint=endpoint, created_at=clocks.now())
    device.user, device.p256dh, device.auth = user, p256dh, auth
    device.label = label(user_agent)
    device.save()
    return device


def forget(user, *, device_id: int | None = None, endpoint: str = "") -> bool:
    """Forget one of the player's devices (by its id, or its endpoint as its browser knows
    it): whether there was one. Its queued pushes go with it."""
    mine = PushDevice.objects.filter(user=user)
    found = mine.filter(pk=device_id) if device_id is not None else mine.filter(endpoint=endpoint)
    return bool(endpoint or device_id is not None) and found.delete()[0] > 0


def of(user) -> list[PushDevice]:
    return list(PushDevice.objects.filter(user=user))


# A device named from its browser's user agent, in the browsers' and systems' own names.
BROWSERS = [("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"),
            ("Chrome/", "Chrome"), ("Safari/", "Safari")]  # fmt: skip
SYSTEMS = [("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("Windows", "Windows"),
           ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux")]  # fmt: skip


def label(user_agent: str) -> str:
    """ "Firefox · Android" from a user agent; "" when neither is known."""
    browser = next((name for mark, name in BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in SYSTEMS if mark in user_agent), "")
    return " · ".join(part for part in (browser, system) if part)


BASE64URL = re.compile(r"[A-Za-z0-9_-]+=*")


def _decoded(text, most: int) -> bytes:
    if not isinstance(text, str) or len(text) > 2 * most or not BASE64URL.fullmatch(text):
        return b""
    try:
        return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))
    except (binascii.Error, ValueError):
        return b""


def _reachable(endpoint: str) -> bool:
    """A push service's address: https; or, where the settings allow it (development, the
    tests), plain http to this machine."""
    if len(endpoint) > PushDevice._meta.get_field("endpoint").max_length:
        return False
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
    except ValueError:
        return False
    if parts.scheme == "https" and host:
        return True
    if parts.scheme != "http" or not settings.WEBPUSH_HTTP_LOOPBACK:
        return False
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
