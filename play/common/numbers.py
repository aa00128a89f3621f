"""Whole numbers from requests, read one way: ASCII digits only, never past a bound.

Python's int() reads other scripts' digits ('٣' is 3) and str.isdigit() passes superscripts
('²') that int() then refuses, and a number of 4,301 digits makes int() raise: so no view or
form reads a number from a request with either, but through `whole()` or `WholeNumberField`."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from play.common.errors import Refused

MOST_PLIES = 1_000_000  # more than any game of the five can last
MOST_PAGES = 1_000_000
MOST_REVISIONS = 2**31 - 1  # a game's revision counter, as the database stores it
MOST_IDS = 2**63 - 1  # a database row's id


class Malformed(Refused):
    """A number in a request that cannot be read (400), saying which and what it takes."""

    def __init__(self, message: str):
        super().__init__(message, 400)


def whole(text: str, what: str, most: int, least: int = 0) -> int:
    """`text` read as a whole number from `least` to `most`, or Malformed naming `what`."""
    significant = text.lstrip("0") or "0"
    if (
        text.isascii()
        and text.isdigit()
        and len(significant) <= len(str(most))
        and least <= int(significant) <= most
    ):
        return int(significant)
    raise Malformed(
        _("Malformed request: %(what)s must be a whole number from %(least)s to %(most)s.")
        % {"what": what, "least": least, "most": most}
    )


def optional(text: str | None, what: str, most: int) -> int | None:
    """As `whole()`, where an absent or empty number means none (None)."""
    return whole(text, what, most) if text else None


class WholeNumberField(forms.IntegerField):
    """A form's whole number, read by `whole()`: it always has its bounds."""

    def __init__(self, *, min_value: int = 0, max_value: int, **kwargs):
        super().__init__(min_value=min_value, max_value=max_value, **kwargs)

    def to_python(self, value):
        if value in self.empty_values:
            return None
        try:
            return whole(str(value), "it", self.max_value, self.min_value)
        except Malformed:
            raise forms.ValidationError(
                _("Enter a whole number from %(least)s to %(most)s (digits 0-9).")
                % {"least": self.min_value, "most": self.max_value},
                code="invalid",
            ) from None
