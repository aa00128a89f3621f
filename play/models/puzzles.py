"""Puzzles' ratings and answers: each puzzle a Glicko-2 rating, each player one per game, as
lichess rates both; the puzzles themselves are data (play/puzzles/data/)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from play.models.base import Bounded, game_choices

PUZZLE_ID_LENGTH = 16


class Rated(Bounded):
    """A Glicko-2 rating, and how many puzzles it has seen."""

    rating = models.FloatField(default=1500.0)
    rd = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    plays = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True


class PuzzleScore(Rated):
    """A puzzle's rating: it wins when a player fails it."""

    game_slug = models.CharField(max_length=32, choices=game_choices)
    puzzle = models.CharField(max_length=PUZZLE_ID_LENGTH)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game_slug", "puzzle"], name="one_score_per_puzzle")
        ]

    def __str__(self):
        return f"{self.game_slug} puzzle {self.puzzle}: {self.rating:.0f}"


class PuzzleRating(Rated):
    """A player's puzzle rating in one game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_ratings"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game_slug"], name="one_puzzle_rating_per_game")
        ]

    def __str__(self):
        return f"{self.user} {self.game_slug} puzzles: {self.rating:.0f}"


class PuzzleAttempt(Bounded):
    """A player's one rated answer to a puzzle: solved or failed, and both ratings' moves."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_attempts"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)
    puzzle = models.CharField(max_length=PUZZLE_ID_LENGTH)
    solved = models.BooleanField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    puzzle_rating_before = models.FloatField()
    puzzle_rating_after = models.FloatField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game_slug", "puzzle"], name="one_answer_per_puzzle"
            )
        ]

    def __str__(self):
        return f"{self.user} {'solved' if self.solved else 'failed'} {self.puzzle}"
