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


def require(request, *scopes: str) -> None:
    """Refused (403) unless the call's token carries one of these scopes."""
    if not any(s in request.api_token.scopes for s in scopes):
        raise Refused(f"Missing scope: {' or '.join(scopes)}.", 403)


def error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def endpoint(*, scope: str = "", token: bool = True, methods=("GET",)):
    """An API view: `scope` the token must carry; `token` False for a public call (a token
    sent is still checked); `methods` the HTTP methods it answers. The view reads the
    token's player as request.user (the session's is never used) and its token as
    request.api_token; a Refused it raises is answered as an error."""

    def decorate(view):
        @csrf_exempt
        @wraps(view)
        def call(request, *args, **kwargs):
            if request.method not in methods:
                return error(405, f"Use {' or '.join(methods)} here.")
            found = None
            header = request.META.get("HTTP_AUTHORIZATION")
            if header is not None:
                bearer = BEARER.fullmatch(header.strip())
                found = tokens.holder(bearer.group(1)) if bearer else None
                if found is None:
                    return error(401, "No such token.")
            elif token:
                return error(401, "Send a token: Authorization: Bearer <token>.")
            if scope and (found is None or scope not in found.scopes):
                return error(403, f"Missing scope: {scope}.")
            request.user = found.user if found else AnonymousUser()
            request.api_token = found
            holder = f"token-{found.pk}" if found else ""
            try:
                limits.count("api", request.user, limits.client_address(request), holder=holder)
            except limits.Limited as exc:
                answer = error(429, exc.message)
                answer["Retry-After"] = str(exc.retry_after)
                return answer
            try:
                return view(request, *args, **kwargs)
            except Refused as exc:
                return error(exc.status, exc.message)

        return call

    return decorate
