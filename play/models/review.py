"""Studies, evaluations and the analysis board's kept trees."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from bots import review as bots_review
from play.models.base import POSITION_LENGTH, Bounded, game_choices, new_invite_token


class Study(Bounded):
    """An analysis saved by its owner: a start, the game's options and a tree of variations
    (play/review/analysis.py), under a title. It is its owner's: shared by its address, which cannot
    be guessed, as an invitation's is; listed on the owner's profile only if they choose."""

    token = models.CharField(max_length=32, unique=True, default=new_invite_token, editable=False)
    listed = models.BooleanField(default=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="studies"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)
    title = models.CharField(max_length=100)
    start = models.TextField(max_length=POSITION_LENGTH)
    options = models.CharField(max_length=200, blank=True)
    tree = models.TextField(max_length=30_000, blank=True)
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("study", args=[self.token])


class Evaluation(Bounded):
    """A player's request for the computer's opinion of an analysis position, run by the
    computer's workers (play/review/evaluations.py), never in a web server's thread. Its token is
    the address the asking page looks at for the answer."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for a worker"
        RUNNING = "running", "Being evaluated"
        DONE = "done", "Evaluated"
        REFUSED = "refused", "Refused"
        FAILED = "failed", "Not available"

    token = models.CharField(max_length=32, unique=True, default=new_invite_token, editable=False)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    position = models.TextField(max_length=POSITION_LENGTH)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    claim = models.CharField(max_length=32, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    # The answer: the score in words, the expected line as the game writes it, or why not.
    words = models.CharField(max_length=40, blank=True)
    line = models.CharField(max_length=400, blank=True)
    message = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "created_at"]),
            models.Index(fields=["created_at"]),  # the sweeper's forgetting, every pass
        ]

    def __str__(self):
        return f"Evaluation {self.pk} ({self.get_status_display()})"


class AnalysisTree(Bounded):
    """A tree of variations too long to ride in an address as it is (a browser's address and
    the server's request line have their bounds): kept under a digest of its text, which the
    analysis board's addresses carry instead (play/review/views.py)."""

    key = models.CharField(max_length=32, unique=True)
    text = models.TextField(max_length=30_000)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)  # the sweeper's

    def __str__(self):
        return f"Analysis tree {self.key}"


class Review(Bounded):
    """The computer's review of a whole finished game (play/review/reviews.py): every position
    evaluated in the evaluations' worker, a few at a time, then each move judged and each
    side's accuracy reckoned (bots/review.py). One a game, kept, and shown to everyone who
    opens the game."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for a worker"
        RUNNING = "running", "Being evaluated"
        DONE = "done", "Reviewed"
        FAILED = "failed", "Not available"

    game = models.OneToOneField("play.Game", on_delete=models.CASCADE, related_name="review")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    claim = models.CharField(max_length=32, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    positions = models.PositiveIntegerField()  # the game's moves and one: each to evaluate
    # The position the game ended on when the review was asked: a referee's ruling that
    # changes the game's moves leaves a review of other moves, which is asked for again.
    ended_on = models.TextField(max_length=POSITION_LENGTH)
    # One a position evaluated so far, in order: [side to move, score, mate or null, the
    # engine's best move as the game writes it, or ""].
    evaluations = models.JSONField(default=list, blank=True)
    scale = models.FloatField()  # the game's curve as the review was asked (bots/curves.json)
    created_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "created_at"]),
            models.Index(fields=["requested_by", "created_at"]),  # a player's day's reviews
        ]

    def __str__(self):
        return f"Review of {self.game_id} ({self.get_status_display()})"

    @classmethod
    def of(cls, game) -> Review | None:
        """The game's review, unless a ruling has changed the game since it was asked for:
        a review of other moves."""
        review = cls.objects.filter(game=game).first()
        if review is None:
            return None
        review.game = game
        return review if review.of_game_as_it_is() else None

    def of_game_as_it_is(self) -> bool:
        return self.ended_on == self.game.position and self.positions == self.game.ply + 1

    def first_sides(self) -> list[bots_review.Evaluated]:
        """Each position's evaluation for the first seat (the evaluations are for the side to
        move), ply 0 first."""
        return [
            bots_review.Evaluated(score, mate, None).for_seat(side, 0)
            for side, score, mate, _best in self.evaluations
        ]

    def reckoned(self) -> bots_review.Review:
        """Each move judged and each side's accuracy, from the positions evaluated (all of
        them: a review that is done)."""
        sides = [row[0] for row in self.evaluations]
        positions = [
            bots_review.Evaluated(row[1], row[2], row[3] or None) for row in self.evaluations
        ]
        return bots_review.review(self.scale, sides, positions)
