"""A call of the open API: its token (`Authorization: Bearer`, never a cookie, so no CSRF
token either), its scope, its rate limit (per token, and per address), its refusals as
lichess answers them: JSON `{"error": ...}` with the status."""

from __future__ import annotations

import re
from functools import wraps

from django.contrib.auth.models import AnonymousUser
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt

from play.api import tokens
from play.common import limits
from play.common.errors import Refused

BEARER = re.compile(r"Bearer (\S+)")


def require(token, *scopes: str) -> None:
    """Refused (403) unless the token carries one of these scopes."""
    if token is None or not any(s in token.scopes for s in scopes):
        raise Refused(f"Missing scope: {' or '.join(scopes)}.", 403)


def authorize(header: str | None, address: str, scopes=(), *, token: bool = True):
    """The token of a call or a stream, from its Authorization header: checked to carry one
    of `scopes`, and counted against the rate limits (its own, and its address's). None for a
    public call (`token` False) sent without one. Refused otherwise: 401, 403, or
    limits.Limited (429)."""
    found = None
    if header is not None:
        bearer = BEARER.fullmatch(header.strip())
        found = tokens.holder(bearer.group(1)) if bearer else None
        if found is None:
            raise Refused("No such token.", 401)
    elif token:
        raise Refused("Send a token: Authorization: Bearer <token>.", 401)
    if scopes:
        require(found, *scopes)
    user = found.user if found else AnonymousUser()
    limits.count("api", user, address, holder=f"token-{found.pk}" if found else "")
    return found


def error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def refused(exc: Refused) -> JsonResponse:
    """A refusal as the answer says it; past a rate limit, with when to come back."""
    return limits.answer(error(exc.status, exc.message), exc)


def wrong_method(methods) -> JsonResponse:
    """A call or a stream asked with another method: 405, saying which it takes."""
    answer = error(405, f"This address takes {' or '.join(methods)} requests only.")
    answer["Allow"] = ", ".join(methods)
    return answer


def endpoint(*, scopes=(), token: bool = True, methods=("GET",)):
    """An API view: `scopes` the token must carry one of; `token` False for a public call (a
    token sent is still checked); `methods` the HTTP methods it answers. The view reads the
    token's player as request.user (the session's is never used) and its token as
    request.api_token; a Refused it raises is answered as an error."""

    def decorate(view):
        @csrf_exempt
        @wraps(view)
        def call(request, *args, **kwargs):
            if request.method not in methods:
                return wrong_method(methods)
            try:
                found = authorize(request.META.get("HTTP_AUTHORIZATION"),
                                  limits.client_address(request), scopes, token=token)  # fmt: skip
            except Refused as exc:
                return refused(exc)
            request.user = found.user if found else AnonymousUser()
            request.api_token = found
            try:
                return view(request, *args, **kwargs)
            except Refused as exc:
                return refused(exc)

        return call

    return decorate
