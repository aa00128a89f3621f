"""Personal API tokens, as lichess's: made on the settings page with the scopes the player
picks, shown once, kept as a SHA-256 hash, revoked at will; each one's last use is kept (at
most once a minute: a client calling every second writes no row a call)."""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext_noop

from play.accounts import accounts, guests
from play.common import clocks
from play.common.errors import Refused
from play.models import ApiToken

# What a token may do, as lichess names its scopes; every token may read its account.
# The settings page shows what each scope allows in the reader's language.
SCOPES = {
    "board:play": gettext_noop("Play your games from another client (a board)"),
    "bot:play": gettext_noop("Play as a bot account (an engine)"),
    "challenge:read": gettext_noop("See your challenges"),
    "challenge:write": gettext_noop("Send, accept and decline challenges"),
}
PREFIX = "imp_"
SHAPE = re.compile(r"[A-Za-z0-9_]{1,100}")  # lichess's: ^[A-Za-z0-9_]+$
MOST = 50  # tokens a player keeps at once
TOUCHED_EVERY = timedelta(minutes=1)


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def create(user, description: str, scopes) -> tuple[ApiToken, str]:
    """A new token and its secret, which is never shown again."""
    guests.refuse(user, "make API tokens")
    description = " ".join((description or "").split())
    if not 1 <= len(description) <= ApiToken._meta.get_field("description").max_length:
        raise Refused("Say what the token is for, in 100 characters at most.")
    scopes = sorted(set(scopes or ()))
    if unknown := [s for s in scopes if s not in SCOPES]:
        raise Refused(f"There is no scope {unknown[0]!r}.")
    with transaction.atomic():
        if ApiToken.objects.filter(user=user, revoked_at=None).count() >= MOST:
            raise Refused(f"You have {MOST} tokens: revoke one first.", 409)
        secret = PREFIX + secrets.token_urlsafe(24).replace("-", "x")
        token = ApiToken.objects.create(
            user=user, description=description, scopes=scopes, digest=digest(secret),
            shown=secret[:8], created_at=clocks.now(),
        )  # fmt: skip
    return token, secret


def revoke(user, token_id: int) -> ApiToken:
    """Revoke the token: refused at once, and its streams closed on every server."""
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().filter(pk=token_id, user=user).first()
        if token is None or token.revoked_at is not None:
            raise Refused("You have no such token to revoke.", 404)
        token.revoked_at = clocks.now()
        token.save(update_fields=["revoked_at"])
        transaction.on_commit(lambda: accounts.close_streams([token.pk]))
    return token


MOST_TESTED = 1000  # tokens tested in one call, as lichess's


def tested(secrets_sent: list[str]) -> dict:
    """lichess's token test: each secret's player and scopes (comma-separated), or None when
    it is no live token. Tokens here never expire. Testing a token is not using it: its last
    use stays as it was."""
    if len(secrets_sent) > MOST_TESTED:
        raise Refused(f"Send at most {MOST_TESTED} tokens, separated by commas.")
    sent = {s: digest(s) for s in secrets_sent if SHAPE.fullmatch(s)}
    found = ApiToken.objects.filter(digest__in=sent.values(), revoked_at=None,
                                    user__is_active=True).select_related("user")  # fmt: skip
    by_digest = {t.digest: t for t in found}
    answer = {}
    for secret in secrets_sent:
        token = by_digest.get(sent.get(secret))
        answer[secret] = token and {"userId": token.user.username.lower(),
                                    "scopes": ",".join(token.scopes), "expires": None}  # fmt: skip
    return answer


def holder(secret: str) -> ApiToken | None:
    """The live token of this secret, with its player; its last use noted."""
    if not SHAPE.fullmatch(secret):
        return None
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=digest(secret), revoked_at=None, user__is_active=True)
        .first()
    )
    if token is not None:
        at = clocks.now()
        if token.last_used_at is None or at - token.last_used_at >= TOUCHED_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=at)
            token.last_used_at = at
    return token
