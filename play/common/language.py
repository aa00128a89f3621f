"""The reader's language: which one a request or a socket reads in, and words from the rules
shown in it."""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import parse_qs

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.utils import translation
from django.utils.translation import gettext, pgettext

from play.common.lru import LRU
from rules.said import read

# Django's cookie (settings.LANGUAGE_COOKIE_NAME) keeps a visitor's choice; a player's is kept
# on their account and copied into their session when they log in, so that no page reads the
# account for it.
SESSION_KEY = "language"
# English accented and lengthened (imperia_site/catalogues.py): readable at ?lang=en-xa where
# settings offer it, never in the chooser.
PSEUDO = "en-xa"


def offered() -> dict[str, str]:
    """The languages a reader may choose: code -> its own name."""
    return dict(settings.LANGUAGES)


def chosen_from() -> dict[str, str]:
    """The languages the chooser lists (and search engines are shown)."""
    return {code: name for code, name in offered().items() if code != PSEUDO}


def is_offered(code: str | None) -> bool:
    return bool(code) and code in offered()


def translated(text: str) -> str:
    """A text from the rules in the active language: a `Said` is looked up by its template and
    filled with its values (themselves translated when they are `Said`); a plain str as it is
    in the catalogue."""
    language = translation.get_language()
    return read(
        text,
        lambda message: _looked_up(language, None, message),
        lambda context, message: _looked_up(language, context, message),
    )


# (language, context, message) -> the catalogue's words: a move's update reads a dozen (the
# seats, the pieces lost, the phase, the move said), each a lookup through Django's active
# translation otherwise.
_LOOKED_UP = LRU(4096)


def _looked_up(language: str, context: str | None, message: str) -> str:
    key = (language, context, message)
    found = _LOOKED_UP.get(key)
    if found is None:
        found = pgettext(context, message) if context else gettext(message)
        _LOOKED_UP.put(key, found)
    return found


def reading(asked: str | None, session, request) -> str:
    """The language a page reads in: the one its address names (`?lang=`, as the pages'
    hreflang links and the sockets of pages pushed in each language write it), else its
    session's choice (a player's, filled from their account when they log in), else Django's
    choice for the request: the cookie, else the best match of the browser's Accept-Language,
    else the default."""
    if is_offered(asked):
        return asked
    chosen = session.get(SESSION_KEY) if session is not None else None
    if is_offered(chosen):
        return chosen
    return translation.get_language_from_request(request)


def of_socket(scope) -> str:
    """The language a socket's page reads in, read as its requests' is. Reads the session: not
    on the event loop."""
    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[0]
    browser = dict(scope.get("headers") or ()).get(b"accept-language", b"").decode("latin-1")
    request = SimpleNamespace(
        COOKIES=scope.get("cookies") or {}, META={"HTTP_ACCEPT_LANGUAGE": browser}
    )
    return reading(asked, scope.get("session"), request)


def refusal(exc: Exception) -> str:
    """Why the rules refused a move (rules.IllegalMove, whose message is a `Said`), in the
    active language."""
    return translated(exc.args[0]) if exc.args and isinstance(exc.args[0], str) else str(exc)


def as_offered(code: str | None, otherwise: str | None = None) -> str:
    """A language a player chose, where it is offered; else `otherwise`, else the site's
    default."""
    return code if is_offered(code) else otherwise or settings.LANGUAGE_CODE


def language_of(user, otherwise: str | None = None) -> str:
    """The language a player is written to in: their account's, else `otherwise`, else the
    site's default."""
    return as_offered(getattr(getattr(user, "profile", None), "language", ""), otherwise)


def for_user(user):
    """`with for_user(player):` writes what follows in the player's language (a notification,
    an email, a push made by a worker or the sweeper)."""
    return translation.override(language_of(user))


def refused_host(request) -> bool:
    """A request for a host this site is not (its 400 page has no addresses to give)."""
    try:
        request.get_host()
    except DisallowedHost:
        return True
    return False


def context(request) -> dict:
    """What every page needs for its language: `<html lang>`, the chooser (each language in
    its own name), and the same page in every other language for search engines (hreflang)."""
    code = translation.get_language() or settings.LANGUAGE_CODE
    alternates, here = [], getattr(request, "path", "/")
    if hasattr(request, "GET"):
        query = request.GET.copy()
        query.pop("lang", None)
        here = f"{request.path}?{query.urlencode()}" if query else request.path
        if len(chosen_from()) > 1 and not refused_host(request):
            alternates.append(("x-default", request.build_absolute_uri(here)))
            for other in chosen_from():
                query["lang"] = other
                address = f"{request.path}?{query.urlencode()}"
                alternates.append((other, request.build_absolute_uri(address)))
    return {
        "here": here,  # this page, in whatever language its reader chooses
        "LANGUAGE_CODE": code,
        "LANGUAGE_BIDI": translation.get_language_bidi(),
        "languages": list(chosen_from().items()),
        "alternates": alternates,
    }
