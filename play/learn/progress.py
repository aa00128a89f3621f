"""The stars a learner earned: a player's in the database, a visitor's in their session until
they log in or sign up, when they move to the account (the best of each exercise kept)."""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver

from play.learn import lessons
from play.models import LessonStars

SESSION_KEY = "lesson_stars"  # {game slug: {exercise key: stars}}


def earned(request, slug: str) -> dict[str, int]:
    """Each exercise's stars in this game, by its key."""
    if request.user.is_authenticated:
        rows = LessonStars.objects.filter(user=request.user, game_slug=slug)
        return dict(rows.values_list("exercise", "stars"))
    return dict(request.session.get(SESSION_KEY, {}).get(slug, {}))


def record(request, slug: str, key: str, stars: int) -> None:
    """The exercise finished with these stars: kept if more than before."""
    if request.user.is_authenticated:
        keep(request.user, slug, key, stars)
        return
    kept = request.session.get(SESSION_KEY, {})
    game = kept.setdefault(slug, {})
    game[key] = max(stars, game.get(key, 0))
    request.session[SESSION_KEY] = kept


def keep(user, slug: str, key: str, stars: int) -> None:
    with transaction.atomic():
        row, made = LessonStars.objects.select_for_update().get_or_create(
            user=user, game_slug=slug, exercise=key, defaults={"stars": stars}
        )
        if not made and stars > row.stars:
            row.stars = stars
            row.save(update_fields=["stars", "updated_at"])


@receiver(user_logged_in)
def _keep_a_visitors_stars(sender, request, user, **kwargs):
    """A visitor who logs in or signs up keeps the stars they earned (the session's data
    outlives the login, which only renews its key)."""
    if request is None or not hasattr(request, "session"):
        return
    for slug, earned_here in (request.session.pop(SESSION_KEY, None) or {}).items():
        known = set(lessons.keys(slug)) if slug in lessons.GAMES else set()
        for key, stars in earned_here.items():
            if key in known and isinstance(stars, int) and 1 <= stars <= 3:
                keep(user, slug, key, stars)
