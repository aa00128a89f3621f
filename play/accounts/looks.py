"""How the site looks and sounds to its reader: the theme (light, dark, high contrast, or as
the device says), the boards' colours, the game's sounds, play by ear (for a reader with a
screen reader, as lichess's blind mode: the game page opens on the board in words, and the
sounds are off until chosen, so as not to talk over the live region), and zen mode on the
game page.
Chosen, they are kept in this browser's cookies, and a player's on their account too, carried
into the session of every login (as a language is: languages.py), so that a page is drawn in
them from its first byte, with no flash of another theme."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils.translation import pgettext_lazy

from play.models import Profile, is_guest

SESSION_KEY = "looks"
COOKIE = {"theme": "theme", "board": "board-colours", "sounds": "sounds", "ear": "by-ear"}
ZEN_COOKIE = "zen"  # "1": the game page shows the board, the clocks and the move box only
ON_OFF = [("on", pgettext_lazy("a setting", "On")), ("off", pgettext_lazy("a setting", "Off"))]
SWITCH = [value for value, label in ON_OFF]
OFFERED = {
    "theme": Profile.Theme.values,
    "board": Profile.BoardColours.values,
    "sounds": SWITCH,
    "ear": SWITCH,
}
PROFILE_FIELD = {"theme": "theme", "board": "board_colours", "sounds": "sounds", "ear": "by_ear"}


def offered(name: str) -> list[str]:
    """The values a look may take."""
    return list(OFFERED[name])


def chosen(request) -> dict[str, str]:
    """The reader's looks as chosen, "" where not: the account's (carried into the session),
    else this browser's cookies."""
    cookies = getattr(request, "COOKIES", {})
    session = getattr(request, "session", None)
    kept = (session.get(SESSION_KEY) if session is not None else None) or {}
    looks = {}
    for name, cookie in COOKIE.items():
        value = kept.get(name) or cookies.get(cookie, "")
        looks[name] = value if value in offered(name) else ""
    return looks


def sounds_default(request) -> bool:
    """Whether a reader who has not chosen hears the game's sounds: not one who plays by ear,
    whose screen reader reads the moves out."""
    return chosen(request)["ear"] != "on"


def sounds_on(request) -> bool:
    choice = chosen(request)["sounds"]
    return choice == "on" if choice else sounds_default(request)


def choose(request, response, **looks: str | None) -> bool:
    """Keep the looks given (None: left as they are) for this browser and, for a player, on
    their account; False (nothing kept) when one is not offered."""
    given = {name: value for name, value in looks.items() if value is not None}
    if any(name not in COOKIE or value not in offered(name) for name, value in given.items()):
        return False
    heard = "on" if sounds_default(request) else "off"
    if given.get("sounds") == heard and not chosen(request)["sounds"]:
        del given["sounds"]  # not a choice: the default may yet follow the reader's other settings
    for name, value in given.items():
        response.set_cookie(
            COOKIE[name],
            value,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    user = request.user
    if given and user.is_authenticated and not is_guest(user):
        fields = {PROFILE_FIELD[name]: value for name, value in given.items()}
        Profile.objects.update_or_create(user=user, defaults=fields)
        request.session[SESSION_KEY] = {**request.session.get(SESSION_KEY, {}), **given}
    return True


@receiver(user_logged_in)
def carry(sender, request, user, **kwargs):
    """A login on a new device shows the account's looks from its first page."""
    profile = Profile.objects.filter(user=user).values(*PROFILE_FIELD.values()).first()
    if request is not None and profile:
        request.session[SESSION_KEY] = {
            name: profile[field] for name, field in PROFILE_FIELD.items() if profile[field]
        }


def context(request) -> dict:
    """What every page needs to be drawn in the reader's looks, and the chooser at its foot."""
    looks = chosen(request)
    return {
        "looks": {
            "theme": looks["theme"],
            "board": looks["board"] or Profile.BoardColours.WOOD,
            "sounds": "on" if sounds_on(request) else "off",
            "ear": looks["ear"] or "off",
            "zen": getattr(request, "COOKIES", {}).get(ZEN_COOKIE) == "1",
            # The chooser's lists, under `looks` so that no page's own names (a puzzle's
            # themes) hide them.
            "themes": Profile.Theme.choices,
            "board_colours": Profile.BoardColours.choices,
            "on_off": ON_OFF,
        },
    }
