"""Two-factor sign-in, as lichess has it: a TOTP code (RFC 6238) from an authentication app,
asked at login after the password, or one of ten recovery codes, each good once. Turned on by
scanning a QR code and giving the code it then shows; turned off with a code."""

from __future__ import annotations

import hashlib
import secrets

import pyotp
import segno
from django.db import transaction
from django.utils.translation import gettext as _

from play.common import clocks, limits
from play.common.errors import Refused
from play.models import TwoFactor

ISSUER = "Imperia"
RECOVERY_CODES = 10
STEPS_EITHER_SIDE = 1  # a code of the step before or after is taken: the phone's clock drifts


def is_on(user) -> bool:
    return TwoFactor.objects.filter(user_id=user.pk).exists()


def new_secret() -> str:
    return pyotp.random_base32()


def provisioning(user, secret: str) -> str:
    """The otpauth:// address an authentication app reads from the QR code."""
    return pyotp.TOTP(secret).provisioning_uri(name=user.username, issuer_name=ISSUER)


def qr_code(address: str) -> str:
    """The QR code of `address`, as SVG for the page (its words beside it, for those who type
    the secret instead)."""
    return segno.make(address, error="m").svg_inline(scale=4, dark="#000", light="#fff")


def turn_on(user, secret: str, code: str) -> list[str]:
    """Two-factor sign-in on, once `code` is the one the app shows for `secret`; the recovery
    codes, shown this once. Refused if the code is not right."""
    step = _step_of(secret, code, last_step=0)
    if step is None:
        raise Refused(_("That code is not right: type the one your app shows now."))
    codes = _recovery_codes()
    with transaction.atomic():
        TwoFactor.objects.update_or_create(
            user=user,
            defaults={"secret": secret, "last_step": step, "enabled_at": clocks.now(),
                      "recovery": [_digest(c) for c in codes]},
        )  # fmt: skip
    return codes


def turn_off(user, code: str, address: str) -> None:
    if not check(user, code, address):
        raise Refused(_("That code is not right: type the one your app shows now."))
    TwoFactor.objects.filter(user=user).delete()


def new_recovery_codes(user, code: str, address: str) -> list[str]:
    """Ten new recovery codes in place of those left, once a code is given."""
    if not check(user, code, address):
        raise Refused(_("That code is not right: type the one your app shows now."))
    codes = _recovery_codes()
    TwoFactor.objects.filter(user=user).update(recovery=[_digest(c) for c in codes])
    return codes


def check(user, code: str, address: str) -> bool:
    """Whether `code` is good for the player now: a code of their app not taken before, or a
    recovery code left (used up). Each code counts against the player's and the address's
    limit, so that codes are not guessed; Limited past it, the right one too."""
    limits.count("code", user, address)
    code = "".join(code.split()).lower()
    with transaction.atomic():
        kept = TwoFactor.objects.select_for_update().filter(user_id=user.pk).first()
        if kept is None:
            return True
        step = _step_of(kept.secret, code, kept.last_step)
        if step is not None:
            kept.last_step = step
            kept.save(update_fields=["last_step"])
            return True
        if _digest(code) in kept.recovery:
            kept.recovery.remove(_digest(code))
            kept.save(update_fields=["recovery"])
            return True
    return False


def recovery_left(user) -> int:
    kept = TwoFactor.objects.filter(user_id=user.pk).values_list("recovery", flat=True).first()
    return len(kept or [])


def _step_of(secret: str, code: str, last_step: int) -> int | None:
    """The time step whose code `code` is, within the drift allowed and after `last_step`."""
    if not (len(code) == 6 and code.isdigit()):
        return None
    totp = pyotp.TOTP(secret)
    now = totp.timecode(clocks.now())
    for step in range(now - STEPS_EITHER_SIDE, now + STEPS_EITHER_SIDE + 1):
        if step > last_step and secrets.compare_digest(totp.generate_otp(step), code):
            return step
    return None


def _recovery_codes() -> list[str]:
    return [f"{secrets.token_hex(3)}-{secrets.token_hex(3)}" for _ in range(RECOVERY_CODES)]


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()
