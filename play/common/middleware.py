"""Answers that explain themselves, and go out compressed."""

from __future__ import annotations

import json

from django.http import HttpResponseBadRequest
from django.middleware.gzip import GZipMiddleware
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext, pgettext

from play.common import language
from play.common.numbers import Malformed


class CompressPages(GZipMiddleware):
    """Pages and fragments gzipped for a reader who takes it (a third of their size or less on
    slow phone networks; Django's own guard against BREACH), but never a streamed answer: the
    API's export of a player's games goes out game by game, as written."""

    def process_response(self, request, response):
        if response.streaming:
            return response
        return super().process_response(request, response)


class ExplainWrongMethod:
    """Django answers a request of the wrong method (a GET to a form's address, say) with an
    empty 405: give it a page saying which methods the address takes."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 405 and not response.content:
            methods = [method.strip() for method in response.get("Allow", "").split(",")]
            if request.path.startswith("/api/"):  # as the API's calls say it (play/api/auth.py)
                message = f"This address takes {' or '.join(methods)} requests only."
                response.content = json.dumps({"error": message})
                response["Content-Type"] = "application/json"
                return response
            # Translators: between two HTTP methods, "GET or POST".
            allowed = f" {pgettext('between two HTTP methods', 'or')} ".join(methods)
            message = gettext(
                "This address takes %(methods)s requests only; nothing was changed."
            ) % {"methods": allowed}
            response.content = render_to_string("405.html", {"message": message}, request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response


class ExplainMalformed:
    """A number in a request that cannot be read (play/common/numbers.py), wherever a view reads
    it, is a 400 page that says which number and what it takes."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, Malformed):
            page = render_to_string("400.html", {"message": exception.message}, request)
            return HttpResponseBadRequest(page)
        return None


class ReadersLanguage:
    """Each page in its reader's language: the one an address names (`?lang=`, as the pages'
    hreflang links do), else the player's own (their session, filled from their account when
    they log in), else a visitor's cookie, else the best match of the browser's
    Accept-Language, else English. The API speaks English, as lichess's does."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # The API's calls, not its reference page (/api/), which is a page like the others.
        calls = request.path.startswith("/api/") and request.path != "/api/"
        session = getattr(request, "session", None)
        code = "en" if calls else language.reading(request.GET.get("lang"), session, request)
        translation.activate(code)
        request.LANGUAGE_CODE = code
        response = self.get_response(request)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        response.headers.setdefault("Content-Language", code)
        return response
