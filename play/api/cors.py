"""Cross-origin calls, answered as lichess answers them: every answer of the API (its calls,
its streams, one game's export, the opening explorer) says `Access-Control-Allow-Origin: *`, and a browser's
preflight (OPTIONS) is answered with the methods and headers a call may use. This opens
nothing: the API reads its caller from a bearer token only, never from a cookie (auth.py),
and a browser sends no cookie to an answer allowing any origin."""

from __future__ import annotations

from django.http import HttpResponse

ALLOWED = {"Access-Control-Allow-Origin": "*"}
PREFLIGHT = {
    **ALLOWED,
    "Access-Control-Allow-Methods": "OPTIONS, GET, POST, PUT, DELETE",
    "Access-Control-Allow-Headers": "Origin, Authorization, If-Modified-Since, Cache-Control, "
    "Content-Type",
    "Access-Control-Max-Age": "1728000",  # lichess's: 20 days
}


def is_api(path: str) -> bool:
    return path.startswith(("/api/", "/game/export/")) or path == "/lichess"  # the explorer


class Cors:
    """The API's answers, open to any origin; its preflights answered."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not is_api(request.path):
            return self.get_response(request)
        if request.method == "OPTIONS":
            return HttpResponse(status=204, headers=PREFLIGHT)
        response = self.get_response(request)
        response["Access-Control-Allow-Origin"] = "*"
        return response


def _raw(headers: dict) -> list[tuple[bytes, bytes]]:
    return [(k.lower().encode(), v.encode()) for k, v in headers.items()]


async def stream(serve, scope, receive, send) -> None:
    """A stream (an ASGI app of its own, streams.py), with the API's answers' headers."""
    if scope["method"] == "OPTIONS":
        await send({"type": "http.response.start", "status": 204, "headers": _raw(PREFLIGHT)})
        await send({"type": "http.response.body", "body": b""})
        return

    async def sending(message):
        if message["type"] == "http.response.start":
            headers = [*message.get("headers", []), *_raw(ALLOWED)]
            message = {**message, "headers": headers}
        await send(message)

    await serve(scope, receive, sending)
