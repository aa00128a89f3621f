"""An API call's parameters, read one way whether a client sends a form (curl's `-d`) or a
JSON object (berserk sends JSON): text, whole numbers within a bound, true or false."""

from __future__ import annotations

import json

from django.core.exceptions import RequestDataTooBig
from django.http.multipartparser import MultiPartParserError

from play.common import numbers
from play.common.errors import Refused

MOST_BODY = 64 * 1024  # bytes of a call's parameters


class Params:
    def __init__(self, request):
        self.values: dict = {}
        too_large = Refused(f"Send at most {MOST_BODY} bytes of parameters.", 413)
        try:  # past Django's own bound (DATA_UPLOAD_MAX_MEMORY_SIZE), it refuses to read it
            body = request.body
        except RequestDataTooBig:
            raise too_large from None
        if len(body) > MOST_BODY:
            raise too_large
        if request.content_type == "application/json" and body.strip():
            try:
                values = json.loads(body)
            except ValueError:
                raise Refused("Malformed request: the body is not JSON.") from None
            if not isinstance(values, dict):
                raise Refused("Malformed request: send a JSON object.")
            self.values = {k: v for k, v in values.items() if v is not None}
        else:
            try:
                self.values = {k: request.POST.get(k) for k in request.POST}
            except MultiPartParserError as exc:
                raise Refused(
                    f"Malformed request: the form's body cannot be read ({exc})."
                ) from None
        for name in request.GET:
            self.values.setdefault(name, request.GET.get(name))

    def text(self, name: str, default: str = "", most: int = 2000) -> str:
        value = self.values.get(name, default)
        if isinstance(value, bool | int):
            value = str(value).lower()
        if not isinstance(value, str) or len(value) > most:
            raise Refused(f"Malformed request: {name} must be text of {most} characters at most.")
        return value

    def number(self, name: str, most: int, least: int = 0) -> int | None:
        """A whole number from `least` to `most`, or None when it is absent."""
        value = self.values.get(name)
        if value is None or value == "":
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value) if value >= 0 else "-"
        if not isinstance(value, str):
            value = "-"
        return numbers.whole(value, name, most, least)

    def flag(self, name: str, default: bool | None = False) -> bool | None:
        """True or false; `default` when it is absent."""
        value = self.values.get(name)
        if value is None or isinstance(value, bool):
            return default if value is None else value
        if value in ("true", "false"):
            return value == "true"
        raise Refused(f"Malformed request: {name} must be true or false.")

    def json_object(self, name: str) -> dict:
        """A JSON object sent as one parameter (a form's text, or JSON's own object)."""
        value = self.values.get(name) or {}
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError:
                raise Refused(f"Malformed request: {name} must be a JSON object.") from None
        if not isinstance(value, dict):
            raise Refused(f"Malformed request: {name} must be a JSON object.")
        return value
