"""Correspondence championships and cups, after Little Golem's: a championship per game and
clock, played in editions of round-robin groups by division; a cup, played in rounds of
small groups whose winners go on. The games are ordinary games that name their group."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext, gettext_noop

import rules
from play.common import clocks
from play.models.base import Bounded, game_choices

# The names the site gave its own championships and cups (migration 0033), translated where
# they are shown.
SITE_NAMES = (
    gettext_noop("Empress championship, 3 days a move"),
    gettext_noop("Empress championship, bank of 10 days"),
    gettext_noop("Empress cup"),
    gettext_noop("Empire Chess championship, 3 days a move"),
    gettext_noop("Empire Chess championship, bank of 10 days"),
    gettext_noop("Empire Chess cup"),
    gettext_noop("Empire championship, 3 days a move"),
    gettext_noop("Empire championship, bank of 10 days"),
    gettext_noop("Empire cup"),
    gettext_noop("Imperial Shuffle championship, 3 days a move"),
    gettext_noop("Imperial Shuffle championship, bank of 10 days"),
    gettext_noop("Imperial Shuffle cup"),
    gettext_noop("Imperial Chess championship, 3 days a move"),
    gettext_noop("Imperial Chess championship, bank of 10 days"),
    gettext_noop("Imperial Chess cup"),
)


class Championship(Bounded):
    """A league (divisions, promotion and relegation, an edition after another) or a cup
    (monthly editions, rounds of groups, one winner), for one game, its options and clock."""

    class Kind(models.TextChoices):
        LEAGUE = "league", "Championship"
        CUP = "cup", "Cup"

    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=6, choices=Kind.choices, default=Kind.LEAGUE)
    game_slug = models.CharField(max_length=32, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(default=dict)  # always a correspondence clock
    # One game a pair, or two with the colours swapped.
    games_per_pair = models.PositiveSmallIntegerField(default=1)
    # A group's players: a cup's groups start at group_max, the last of a round may be smaller.
    group_min = models.PositiveSmallIntegerField(default=6)
    group_max = models.PositiveSmallIntegerField(default=10)
    # Division d has width**(d-1) groups' room (Little Golem's 1, 3, 9, ...).
    width = models.PositiveSmallIntegerField(default=3)
    promoted = models.PositiveSmallIntegerField(default=2)  # the top of each group go up
    relegated = models.PositiveSmallIntegerField(default=2)  # the bottom of each group go down
    relegated_full = models.PositiveSmallIntegerField(default=5)  # ... of a group of group_max
    rest_days = models.PositiveSmallIntegerField(default=7)  # from an edition's end to the next
    first_edition_at = models.DateTimeField(null=True, blank=True)
    club = models.ForeignKey(  # for its members only
        "play.Club", null=True, blank=True, on_delete=models.PROTECT, related_name="championships"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game_slug", "kind", "slug"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("championship", args=[self.slug])

    def clean(self):
        """What the staff may set (the admin asks this before saving): a correspondence
        clock, the game's own options, groups that can be played."""
        try:
            self.time_control = clocks.parse(self.time_control)
            self.options = self.rules.validate_options(self.options)
        except (ValueError, KeyError) as exc:
            raise ValidationError(str(exc)) from None
        if not clocks.is_correspondence(self.time_control):
            raise ValidationError(
                gettext("A championship is played by correspondence: days a move or a bank.")
            )
        if self.rules.needs_setup and not self.options.get("deal"):
            raise ValidationError(gettext("A setup has no clock, and a championship's games must "
                                          "end: deal the boards (the deal option)."))  # fmt: skip
        if not 2 <= self.group_min <= self.group_max:
            raise ValidationError("A group has at least 2 players, and group_min ≤ group_max.")
        if self.games_per_pair not in (1, 2) or self.width < 1:
            raise ValidationError(
                "Each pair plays 1 or 2 games; each division is at least as wide as the one above (width ≥ 1)."
            )

    @property
    def rules(self) -> rules.Game:
        return rules.get(self.game_slug)

    @property
    def named_by_site(self) -> bool:
        """Named by the site (and so translated), not by the staff (a name, shown as written)."""
        return self.name in SITE_NAMES

    @property
    def shown_name(self) -> str:
        """Its name in the reader's language: the site's own championships' names are in the
        catalogues (SITE_NAMES); a name the staff wrote is shown as written."""
        return gettext(self.name)

    @property
    def clock_text(self) -> str:
        return clocks.describe(self.time_control)

    @property
    def options_text(self) -> str:
        return self.rules.describe_options(self.options) if self.options else ""

    @property
    def is_cup(self) -> bool:
        return self.kind == self.Kind.CUP


class Edition(Bounded):
    class Status(models.TextChoices):
        ENTERING = "entering", "Taking entries"  # a cup: groups start as players queue
        STARTING = "starting", "Its games being made"
        PLAYING = "playing", "In play"
        FINISHED = "finished", "Finished"

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="editions"
    )
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=60)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.STARTING)
    started_at = models.DateTimeField(null=True, blank=True)
    entries_close_at = models.DateTimeField(null=True, blank=True)  # a cup's
    finished_at = models.DateTimeField(null=True, blank=True)  # when its last game ended
    next_at = models.DateTimeField(null=True, blank=True)  # a league's next edition starts
    champion = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["championship", "number"], name="one_edition_a_number")
        ]
        indexes = [models.Index(fields=["status", "championship"])]

    def __str__(self):
        return f"{self.championship} {self.name}"

    def get_absolute_url(self):
        return reverse("edition", args=[self.championship.slug, self.number])


class Entrant(Bounded):
    """A player entered in a league: in every edition until they leave."""

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="entrants"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_entries"
    )
    joined_at = models.DateTimeField()
    left_at = models.DateTimeField(null=True, blank=True)
    division = models.PositiveSmallIntegerField(null=True, blank=True)  # None: not placed yet

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["championship", "user"], name="one_entry_a_league")
        ]

    def __str__(self):
        return f"{self.user} in {self.championship}"


class CupEntry(Bounded):
    """A player in a cup: waiting for a group in their round, playing one, out, or its winner."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for a group"
        PLAYING = "playing", "Playing a group"
        OUT = "out", "Out"
        WON = "won", "Won the cup"

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="cup_entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    round = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    since = models.DateTimeField()  # entered, or went on to this round

    class Meta:
        ordering = ["round", "since", "pk"]
        constraints = [models.UniqueConstraint(fields=["edition", "user"], name="one_entry_a_cup")]


class LeagueGroup(Bounded):
    """A round-robin: a division's group in a league edition, or a round's in a cup."""

    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="groups")
    tier = models.PositiveSmallIntegerField()  # the division (league) or the round (cup)
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField(null=True, blank=True)  # its games made
    finished_at = models.DateTimeField(null=True, blank=True)  # its last game ended

    class Meta:
        ordering = ["tier", "number"]
        constraints = [
            models.UniqueConstraint(fields=["edition", "tier", "number"], name="one_group_a_place")
        ]

    def __str__(self):
        return self.name

    # Both kept once worked out: a player's list names the same few groups on many rows.
    @cached_property
    def name(self) -> str:
        tier = "Round" if self.edition.championship.is_cup else "Division"
        return f"{tier} {self.tier}, group {self.number}"

    @cached_property
    def address(self) -> str:
        edition = self.edition
        return reverse(
            "league-group", args=[edition.championship.slug, edition.number, self.tier, self.number]
        )

    def get_absolute_url(self):
        return self.address


class Member(Bounded):
    """A player's place in a group: the standings, kept as the games end and rulings land."""

    group = models.ForeignKey(LeagueGroup, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_places"
    )
    seed = models.PositiveSmallIntegerField()  # the crosstable's order: by rating at the start
    rating = models.FloatField()
    points = models.FloatField(default=0)
    sonneborn = models.FloatField(default=0)
    wins = models.PositiveSmallIntegerField(default=0)
    played = models.PositiveSmallIntegerField(default=0)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    # +1 promoted (a cup: goes on), -1 relegated, 0 stays: once every game has ended.
    movement = models.SmallIntegerField(default=0)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["rank", "seed"]
        constraints = [models.UniqueConstraint(fields=["group", "user"], name="one_place_a_group")]

    def __str__(self):
        return f"{self.user} in {self.group}"
