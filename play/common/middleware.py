"""Answers that explain themselves."""

from __future__ import annotations

import json

from django.http import HttpResponseBadRequest
from django.template.loader import render_to_string

from play.common.numbers import Malformed


class ExplainWrongMethod:
    """Django answers a request of the wrong method (a GET to a form's address, say) with an
    empty 405: give it a page saying which methods the address takes."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 405 and not response.content:
            allowed = response.get("Allow", "").replace(",", " or")
            if request.path.startswith("/api/"):  # as the API's calls say it (play/api/auth.py)
                message = f"This address takes {allowed} requests only."
                response.content = json.dumps({"error": message})
                response["Content-Type"] = "application/json"
                return response
            message = f"This address takes {allowed} requests only; nothing was changed."
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
