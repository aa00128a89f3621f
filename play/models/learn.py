"""What a player has learned: the stars of each lesson's exercises."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from play.models.base import Bounded, game_choices


class LessonStars(Bounded):
    """The most stars a player earned in one exercise (play/learn/lessons.py names it
    `lesson/number`). A visitor's are kept in their session until they have an account."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="lesson_stars"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)
    exercise = models.CharField(max_length=64)
    stars = models.PositiveSmallIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game_slug", "exercise"], name="one_score_per_exercise"
            )
        ]

    def __str__(self):
        return f"{self.user} {self.game_slug} {self.exercise}: {self.stars}"
