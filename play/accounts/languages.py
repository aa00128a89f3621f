"""A reader's language, chosen: a visitor's kept in a cookie, a player's on their account too,
and carried into the session of every login, so that it follows them to every device."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from play.common import language
from play.models import Profile, is_guest


def choose(request, response, code: str) -> bool:
    """Keep `code` as the reader's language; False (nothing kept) when it is not offered."""
    if not language.is_offered(code):
        return False
    request.session[language.SESSION_KEY] = code
    user = request.user
    if user.is_authenticated and not is_guest(user):
        Profile.objects.update_or_create(user=user, defaults={"language": code})
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return True


@receiver(user_logged_in)
def carry(sender, request, user, **kwargs):
    """A login on a new device reads in the account's language from its first page."""
    code = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    if request is not None and language.is_offered(code):
        request.session[language.SESSION_KEY] = code
