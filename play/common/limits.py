"""Rate limits: how often one player, and one address, may do a thing in a window of time.

Counted in the cache (per process on one server, Redis when several share it; counters in
imperia_site/cache.py), in fixed windows. A limit stops floods and scripts; a person playing,
chatting or challenging at a human pace never meets one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render
from django.utils.translation import gettext, gettext_lazy, ngettext

from play.common.errors import Refused


@dataclass(frozen=True)
class Limit:
    what: str  # how the refusal names the action: "moves", "messages", ... (lazily translated)
    per_user: int | None  # in one window, for one logged-in player (None: no such limit)
    per_address: int  # in one window, for one client address
    seconds: int  # the window


LIMITS = {
    "move": Limit(gettext_lazy("moves"), 60, 240, 60),
    "chat": Limit(gettext_lazy("chat messages"), 12, 40, 60),
    "evaluate": Limit(
        gettext_lazy("evaluations by the computer"), 20, 40, 60
    ),  # a second of CPU each
    "challenge": Limit(gettext_lazy("new games and challenges"), 30, 60, 3600),
    "import": Limit(
        gettext_lazy("imported games"), 20, 60, 3600
    ),  # each read and replayed move by move
    "keep": Limit(
        gettext_lazy("long analyses kept"), 120, 240, 60
    ),  # a row of up to 30,000 characters each
    "code": Limit(gettext_lazy("sign-in codes"), 10, 30, 3600),  # each a one-in-a-million guess
    "export": Limit(gettext_lazy("downloads of your data"), 5, 10, 3600),  # every game, zipped
    "letter": Limit(gettext_lazy("private messages"), 20, 60, 60),
    "post": Limit(gettext_lazy("forum posts and reactions"), 20, 60, 60),
    "club": Limit(gettext_lazy("actions in clubs"), 60, 120, 600),
    "report": Limit(gettext_lazy("reports and statements"), 10, 30, 3600),
    "signup": Limit(gettext_lazy("sign-ups"), None, 5, 3600),
    "guest": Limit(
        gettext_lazy("anonymous players"), None, 20, 3600
    ),  # a visitor's first game makes one
    "password": Limit(gettext_lazy("password changes and reset emails"), 10, 20, 3600),
    "api": Limit(gettext_lazy("API calls"), 120, 600, 60),  # per token (play/api/), and per address
}


clock = time.time  # the windows' clock (tests hold it still)
UNKNOWN = "unknown"  # the address of a request that came with none


class Limited(Refused):
    def __init__(self, message: str, retry_after: int):
        super().__init__(message, 429)
        self.retry_after = retry_after


def check(action: str, request) -> None:
    """Count this request against the action's limits; Limited (429) once one is spent."""
    count(action, request.user, client_address(request))


def count(action: str, user, address: str, *, holder: str = "") -> None:
    """Count one action of this user from this address (a request, a socket's message)
    against the action's limits; Limited (429) once one is spent. `holder`: whose
    allowance it is instead of the user's (an API token's)."""
    limit, scale = LIMITS[action], settings.RATE_LIMIT_SCALE
    if scale <= 0:
        return
    now = clock()
    window = int(now // limit.seconds)
    retry_after = int((window + 1) * limit.seconds - now) + 1
    counted = [("address", address or UNKNOWN, limit.per_address)]
    if limit.per_user is not None and holder:
        counted.append(("holder", holder, limit.per_user))
    elif limit.per_user is not None and user.is_authenticated:
        counted.append(("user", str(user.pk), limit.per_user))
    keys = [f"limit:{action}:{kind}:{who}:{window}" for kind, who, _ in counted]
    for (kind, _, allowed), count in zip(
        counted, cache.count(keys, limit.seconds + 1), strict=True
    ):
        if count > allowed * scale:
            if kind == "address":
                words = gettext(
                    "Too many %(what)s from your address just now: try again in %(wait)s."
                )
            else:
                words = gettext("Too many %(what)s from you just now: try again in %(wait)s.")
            raise Limited(words % {"what": limit.what, "wait": _wait(retry_after)}, retry_after)


def client_address(request) -> str:
    """The client's address as the server saw it (behind a proxy, daphne --proxy-headers
    puts the forwarded address here)."""
    return request.META.get("REMOTE_ADDR") or UNKNOWN


def _wait(seconds: int) -> str:
    if seconds < 90:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = round(seconds / 60)
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


# The views' side: a view's POSTs counted, and the answer past the limit.


def limited(action: str, fragment=None):
    """Count the view's POSTs against a rate limit. Past it, nothing is done
    and the answer is a 429 saying how long to wait: a page, or for htmx `fragment(request,
    message, **kwargs)`, the part of the page the request would have replaced."""

    def decorate(view):
        @wraps(view)
        def limited_view(request, *args, **kwargs):
            if request.method == "POST":
                try:
                    check(action, request)
                except Limited as exc:
                    if request.htmx and fragment:
                        return answer(fragment(request, exc.message, **kwargs), exc)
                    return answer(render(request, "429.html", {"message": exc.message}), exc)
            return view(request, *args, **kwargs)

        return limited_view

    return decorate


def answer(response, exc: Refused):
    """`response` made the answer to a refusal: its status, and past a limit (429), when to
    come back (`Retry-After`, in seconds). Every 429 is answered through here."""
    response.status_code = exc.status
    if isinstance(exc, Limited):
        response["Retry-After"] = str(exc.retry_after)
    return response


def form_past(action: str, request, form, page):
    """A form's POST past `action`'s limit: `page()` drawn again with the form as it was
    filled in and the wait said on it, a 429. None when within the limit."""
    try:
        check(action, request)
    except Limited as exc:
        form.add_error(None, exc.message)
        return answer(page(), exc)
    return None
