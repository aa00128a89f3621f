"""Accounts: what guards a login, and what follows a change of who is logged in."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from importlib import import_module
from types import SimpleNamespace

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib import auth
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.contrib.sessions.models import Session
from django.db import transaction
from django.dispatch import receiver
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from play.common import clocks, limits
from play.common.pages import found
from play.common.players import GUEST_PREFIX
from play.models import ApiToken, Login
from play.push import live


def player_named(username: str):
    """The player of this name, for their pages (an anonymous visitor's account is no one's to
    show); 404 saying there is none."""
    return found(
        get_user_model().objects.exclude(username__startswith=GUEST_PREFIX),
        gettext("There is no player called %(name)s.") % {"name": username},
        username=username,
    )


def account_group(user_id: int) -> str:
    """Every socket a logged-in player has open, game pages and bell alike."""
    return f"account-{user_id}"


def session_mark(session_key: str) -> str:
    """A session named without its key, which is a password's equal."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:32]


def recheck_sockets(user_id: int, ended: str | None = None) -> None:
    """Have the player's open sockets check that their login still holds, and close if not.
    `ended`: the key of a session ending now, whose sockets close whatever its store says."""
    mark = session_mark(ended) if ended else ""
    live.send(account_group(user_id), {"type": "account.check", "ended": mark})


def still_logged_in(session_key: str | None, user_id: int, ended: str) -> bool:
    """Whether the session a socket was opened with still logs that player in: it exists and
    its password hash is the player's current one (as Django checks on every request)."""
    if not session_key or session_mark(session_key) == ended:
        return False
    session = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    return auth.get_user(SimpleNamespace(session=session)).pk == user_id


@receiver(user_logged_out)
def _close_sockets_of_the_ended_login(sender, request, user, **kwargs):
    # Sent before the session is flushed: its key goes along, so its sockets close anyway.
    if user is not None:
        recheck_sockets(user.pk, ended=request.session.session_key)
        Login.objects.filter(session_key=request.session.session_key).delete()


@receiver(user_logged_in)
def _known_by_the_account(sender, request, user, **kwargs):
    recorded(request, user)


def recorded(request, user) -> None:
    """The request's session known as one of the player's logins (a login, or a password
    changed, which gives the session a new key)."""
    if not request.session.session_key:
        request.session.save()
    Login.objects.update_or_create(
        session_key=request.session.session_key,
        defaults={"user": user, "created_at": timezone.now()},
    )


def end_every_session(user) -> int:
    """Every login of the player ended, on every device: their sessions deleted (from the
    database and the cache), their open sockets closed. How many there were."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    keys = list(Login.objects.filter(user=user).values_list("session_key", flat=True))
    for key in keys:
        store(session_key=key).delete()
    Login.objects.filter(user=user).delete()
    recheck_sockets(user.pk)
    return len(keys)


def revoke_every_token(user) -> int:
    """Every API token of the player revoked, and their streams closed on every server (their
    password changed or reset, they logged out everywhere, their account closed: every login
    ends, and so does every client's access); how many."""
    with transaction.atomic():
        live_ones = ApiToken.objects.filter(user=user, revoked_at=None)
        ids = list(live_ones.values_list("pk", flat=True))
        live_ones.update(revoked_at=clocks.now())
        transaction.on_commit(lambda: close_streams(ids))
    return len(ids)


def token_group(token_id: int) -> str:
    """The streams opened with one API token (play/api/streams.py)."""
    return f"api-token-{token_id}"


def close_streams(token_ids) -> None:
    """Every stream opened with these tokens ends now, on every server."""
    live.send_many([(token_group(pk), {"type": "api.close"}) for pk in token_ids])


def forget_ended_logins(now) -> int:
    """Sessions past their expiry deleted (as `clearsessions` would), and the logins whose
    sessions are gone with them: a login is known only while it may still be used. How many
    logins were forgotten."""
    Session.objects.filter(expire_date__lte=now).delete()
    live = Session.objects.filter(expire_date__gt=now).values("session_key")
    # A login younger than a session lives cannot have run out (one logged out is gone).
    ended = Login.objects.filter(
        created_at__lt=now - timedelta(seconds=settings.SESSION_COOKIE_AGE)
    )
    return ended.exclude(session_key__in=live).delete()[0]


def client_ip(request) -> str | None:
    """The address django-axes counts and logs: the one the rate limits count, or None where
    a request has none (a login made in process; the database stores addresses, not words)."""
    address = limits.client_address(request)
    return None if address == limits.UNKNOWN else address


def locked_out(request, original_response=None, credentials=None):
    """The page a login locked out by django-axes gets: why, and until when (each failed try
    while locked out starts the wait again)."""
    wait = get_cool_off(request)
    minutes = round(wait.total_seconds() / 60)
    until = timezone.now() + wait
    message = ngettext(
        "Too many failed logins for this account or from this address. Nothing was checked: "
        "try again in %(count)s minute (after %(time)s UTC).",
        "Too many failed logins for this account or from this address. Nothing was checked: "
        "try again in %(count)s minutes (after %(time)s UTC).",
        minutes,
    ) % {"count": minutes, "time": f"{until:%H:%M}"}
    page = render(request, "429.html", {"message": message, "reset": True})
    return limits.answer(page, limits.Limited(message, int(wait.total_seconds())))
