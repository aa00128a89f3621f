"""The site's VAPID keys (RFC 8292), which sign every push so that a push service knows it
is the site a browser subscribed to: taken from the settings (WEBPUSH_VAPID_PRIVATE_KEY), or
made once into var/ (`make install`, or the first `manage.py send_pushes`), readable by the
site's user alone."""

from __future__ import annotations

import base64
import os
from email.utils import parseaddr

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid


def path():
    return settings.VAR_DIR / "vapid_private.pem"


def make() -> bool:
    """Make the keys unless there are some (in the settings or var/): whether it made them."""
    if settings.WEBPUSH_VAPID_PRIVATE_KEY or path().exists():
        return False
    vapid = Vapid()
    vapid.generate_keys()
    try:  # 0600 from the first byte; two processes making them at once keep the first's
        handle = os.open(path(), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(handle, "wb") as out:
        out.write(vapid.private_pem())
    return True


_read: Vapid | None = None  # the key once read: read again while there is none


def private() -> Vapid | None:
    """The signing key, or None while there is none (push is then off on this site)."""
    global _read
    if _read is None:
        _read = _reading()
    return _read


def forget() -> None:
    """Read the key again at the next use (the tests change the settings)."""
    global _read
    _read = None


def _reading() -> Vapid | None:
    if configured := settings.WEBPUSH_VAPID_PRIVATE_KEY:
        if "BEGIN" in configured:
            return Vapid.from_pem(configured.encode())
        return Vapid.from_string(configured)
    if not path().exists():
        return None
    return Vapid.from_file(str(path()))


def public() -> str | None:
    """The public key as a browser takes it (`applicationServerKey`): the uncompressed point,
    base64url without padding. None while there is no key."""
    vapid = private()
    if vapid is None:
        return None
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


def subject() -> str:
    """Whom a push service tells of trouble with the site's pushes (the JWT's `sub`)."""
    return settings.WEBPUSH_SUBJECT or f"mailto:{parseaddr(settings.DEFAULT_FROM_EMAIL)[1]}"
