"""Tournaments, as lichess and pychess-variants run them: an arena (a fixed time, players
paired again as soon as they are free, scored with streaks and berserk) or a Swiss (rounds
paired by the FIDE Dutch system). Their games are ordinary games that name their
tournament."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse

import rules
from play.common import clocks
from play.models.base import Bounded, game_choices, new_public_id


class Tournament(Bounded):
    class Kind(models.TextChoices):
        ARENA = "arena", "Arena"
        SWISS = "swiss", "Swiss"

    class Status(models.TextChoices):
        CREATED = "created", "Starting soon"
        STARTED = "started", "In play"
        FINISHED = "finished", "Finished"

    class Pacing(models.TextChoices):  # a Swiss's rounds
        AUTOMATIC = "auto", "As soon as every game has ended"
        INTERVAL = "interval", "At a fixed interval"
        DAILY = "daily", "Daily"
        MANUAL = "manual", "When the organiser starts them"

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id, editable=False)
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=5, choices=Kind.choices)
    game_slug = models.CharField(max_length=32, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict)
    rated = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_made"
    )
    official = models.BooleanField(default=False)  # the site's own schedule
    starts_at = models.DateTimeField()
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)  # an arena's length
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # a Swiss's
    pacing = models.CharField(max_length=8, choices=Pacing.choices, blank=True)
    interval_minutes = models.PositiveIntegerField(null=True, blank=True)
    round_number = models.PositiveSmallIntegerField(default=0)  # rounds begun
    next_round_at = models.DateTimeField(null=True, blank=True)
    # Entry conditions.
    rating_min = models.PositiveSmallIntegerField(null=True, blank=True)
    rating_max = models.PositiveSmallIntegerField(null=True, blank=True)
    min_rated_games = models.PositiveSmallIntegerField(default=0)
    password = models.CharField(max_length=128, blank=True)  # Django's hash, or none
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.CREATED)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Raised whenever the standings change; the sweeper pushes them when it has moved past
    # the revision last pushed: at most one push a pass, however many games ended.
    revision = models.PositiveIntegerField(default=0)
    pushed_revision = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["starts_at"]
        indexes = [models.Index(fields=["status", "starts_at"])]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournament", args=[self.public_id])

    @property
    def rules(self) -> rules.Game:
        return rules.get(self.game_slug)

    @property
    def is_arena(self) -> bool:
        return self.kind == self.Kind.ARENA

    @property
    def clock_text(self) -> str:
        return clocks.describe(self.time_control)

    @property
    def ends_at(self):
        """An arena's end (a Swiss ends with its last round)."""
        if self.minutes is None:
            return None
        return self.starts_at + timedelta(minutes=self.minutes)


class Participant(Bounded):
    """A player in a tournament, with their standing kept as their games end."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    joined_at = models.DateTimeField()
    rating = models.FloatField()  # in the tournament's game and speed, as they joined
    paused = models.BooleanField(default=False)  # not paired; keeps their score
    withdrawn = models.BooleanField(default=False)  # a Swiss's: out for good
    score = models.FloatField(default=0)  # an arena's points; a Swiss's points
    on_fire = models.BooleanField(default=False)  # an arena's streak: the next game is double
    games = models.PositiveSmallIntegerField(default=0)
    white_balance = models.SmallIntegerField(default=0)  # games as White minus as Black
    last_opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    free_since = models.DateTimeField(null=True, blank=True)  # waiting for a game since
    number = models.PositiveSmallIntegerField(null=True, blank=True)  # a Swiss's starting number
    # A Swiss's tiebreaks (play/tournaments/swisses.py), kept with the points.
    sonneborn_berger = models.FloatField(default=0)
    buchholz = models.FloatField(default=0)
    # Each game's (an arena) or round's (a Swiss) line in the standings: [text, mark], mark
    # one of "", "streak", "berserk", "bye", "absent".
    sheet = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-score", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_a_tournament")
        ]
        indexes = [
            models.Index(fields=["tournament", "-score", "-rating"]),
            models.Index(
                fields=["tournament", "-score", "-sonneborn_berger", "-buchholz", "-rating"],
                name="swiss_standings",
            ),
        ]

    def __str__(self):
        return f"{self.user} in {self.tournament}"


class Pairing(Bounded):
    """A tournament's game (or a Swiss's bye: no game, no Black), with what it scored."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    game = models.OneToOneField(
        "play.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="pairing"
    )
    round = models.PositiveSmallIntegerField(default=0)  # a Swiss's round
    white = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    white_berserk = models.BooleanField(default=False)
    black_berserk = models.BooleanField(default=False)
    # Whether it counts: an arena's games still in play at its end do not.
    counted = models.BooleanField(default=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["tournament", "round"])]

    def __str__(self):
        return f"{self.tournament}: {self.white} – {self.black}"
