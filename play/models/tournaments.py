"""Tournaments, as lichess and pychess-variants run them: an arena (a fixed time, players
paired again as soon as they are free, scored with streaks and berserk) or a Swiss (rounds
paired by the FIDE Dutch system). Their games are ordinary games that name their
tournament."""

from __future__ import annotations

import calendar
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop

import rules
from play.common import clocks
from play.common.language import translated
from play.models.base import Bounded, game_choices, new_public_id

# The names of the site's own plans (migration 0038), translated where their tournaments are
# shown.
SITE_PLANS = (gettext_noop("Hourly {game} Arena"), gettext_noop("Weekly {game} Arena"))


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
    # The organiser; None for the site's own, made from a plan (play/tournaments/plans.py).
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="tournaments_made",
    )  # fmt: skip
    official = models.BooleanField(default=False)  # the site's own schedule
    plan = models.ForeignKey(
        "TournamentPlan", null=True, blank=True, on_delete=models.SET_NULL, related_name="made"
    )
    starts_at = models.DateTimeField()
    # Its players' devices told that it begins soon (play/tournaments/schedule.py), once.
    reminded = models.BooleanField(default=False)
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
    club = models.ForeignKey(  # for its members only
        "play.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="tournaments"
    )
    # A battle between clubs (an arena's): each club scored by its best `battle_counted`.
    battle_clubs = models.ManyToManyField("play.Club", blank=True, related_name="battles")
    battle_counted = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.CREATED)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Raised whenever the standings change; the sweeper pushes them when it has moved past
    # the revision last pushed: at most one push a pass, however many games ended.
    revision = models.PositiveIntegerField(default=0)
    pushed_revision = models.PositiveIntegerField(default=0)
    # The game its page shows live: the one in play of the best-placed player playing
    # (play/tournaments/standings.py), kept so the sweeper pushes it only when it changes.
    top_game = models.ForeignKey(
        "play.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["starts_at"]
        indexes = [models.Index(fields=["status", "starts_at"])]
        constraints = [  # a plan makes each of its tournaments once, however many sweepers
            models.UniqueConstraint(fields=["plan", "starts_at"], name="one_tournament_a_slot")
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournament", args=[self.public_id])

    @property
    def shown_name(self) -> str:
        """Its name in the reader's language: one the site's plans made, from the plan's
        name (SITE_PLANS) and its game's; a player's as they wrote it."""
        if self.plan_id is None or not self.plan.name.count("{game}"):
            return self.name
        return gettext(self.plan.name).replace("{game}", translated(self.rules.name))

    @property
    def rules(self) -> rules.Game:
        return rules.get(self.game_slug)

    @property
    def is_arena(self) -> bool:
        return self.kind == self.Kind.ARENA

    @property
    def is_battle(self) -> bool:
        return self.battle_counted is not None

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
    club = models.ForeignKey(  # the club they play for, in a battle
        "play.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
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


class TournamentPlan(Bounded):
    """A tournament the site holds again and again: every hour, day or week, at a minute
    (and an hour, and a weekday), in one game or each game in turn. The sweeper makes each
    one `ahead_hours` before it starts, so that the tournaments page shows it coming."""

    class Every(models.TextChoices):
        HOUR = "hour", "Every hour"
        DAY = "day", "Every day"
        WEEK = "week", "Every week"

    name = models.CharField(max_length=60, help_text="{game} is replaced by the game's name.")
    kind = models.CharField(max_length=5, choices=Tournament.Kind.choices)
    games = models.JSONField(help_text='The games\' slugs, taken in turn: ["empress", "empire"].')
    options = models.JSONField(
        default=dict, blank=True, help_text='Options by game: {"imperial-shuffle": {"deal": true}}.'
    )
    every = models.CharField(max_length=4, choices=Every.choices)
    weekday = models.PositiveSmallIntegerField(default=0, help_text="0 is Monday (every week).")
    hour = models.PositiveSmallIntegerField(default=0, help_text="UTC (every day or week).")
    minute = models.PositiveSmallIntegerField(default=0)
    time_control = models.JSONField()
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)  # an arena's length
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # a Swiss's
    pacing = models.CharField(max_length=8, choices=Tournament.Pacing.choices, blank=True)
    interval_minutes = models.PositiveIntegerField(null=True, blank=True)
    rated = models.BooleanField(default=True)
    ahead_hours = models.PositiveSmallIntegerField(default=24)
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["every", "hour", "minute", "pk"]

    def __str__(self):
        return self.title

    @property
    def title(self) -> str:
        """Its name, with its game's, or "each game in turn" for several."""
        if len(self.games) == 1 and self.games[0] in {g.slug for g in rules.games()}:
            return self.name.replace("{game}", rules.get(self.games[0]).name)
        return self.name.replace("{game} ", "").replace("{game}", "") + " (each game in turn)"

    @property
    def when(self) -> str:
        at = f"{self.hour:02d}:{self.minute:02d} UTC"
        if self.every == self.Every.HOUR:
            return f"every hour at :{self.minute:02d}"
        if self.every == self.Every.DAY:
            return f"every day at {at}"
        return f"every {calendar.day_name[self.weekday]} at {at}"

    def clean(self):
        if not 0 <= self.weekday <= 6 or not 0 <= self.hour <= 23 or not 0 <= self.minute <= 59:
            raise ValidationError("The weekday is 0 to 6, the hour 0 to 23, the minute 0 to 59.")
        if not isinstance(self.games, list) or not self.games:
            raise ValidationError("Name one game at least.")


class TournamentMessage(Bounded):
    """A line in a tournament's chat: its players and its organiser write, everyone reads."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["tournament", "-created_at"])]

    def __str__(self):
        return f"{self.user}: {self.text[:40]}"
