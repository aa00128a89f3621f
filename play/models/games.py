"""Games, seats and moves. The move log is the truth; Game caches its end."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

import rules
from play.common.errors import Refused
from play.common.language import translated
from play.common.players import shown_name
from play.models.base import (
    POSITION_LENGTH,
    Bounded,
    game_choices,
    known,
    new_invite_token,
    new_public_id,
    prefetched,
)
from play.models.prepared import Prepared


class Game(Bounded):
    class Status(models.TextChoices):
        SETUP = "setup", _("Setting up")
        OPEN = "open", _("Waiting for an opponent")
        ACTIVE = "active", _("In play")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")
        DISPUTED = "disputed", _("Disputed")

    # Games a player is still playing: nobody may help them with an engine, and a live one
    # keeps its player out of the pools.
    IN_PLAY = (Status.ACTIVE, Status.SETUP, Status.DISPUTED)

    class Listing(models.TextChoices):
        SEEK = "seek", _("Open seek in the lobby")
        INVITE = "invite", _("Private invitation link")

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id, editable=False)
    game_slug = models.CharField(max_length=32, choices=game_choices)
    options = models.JSONField(default=dict, blank=True)
    rules_version = models.PositiveIntegerField(default=1)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    listing = models.CharField(max_length=6, choices=Listing.choices, default=Listing.SEEK)
    # Games read from a record made elsewhere have no seats, only the names it gives.
    imported = models.BooleanField(default=False)
    player_names = models.JSONField(default=list, blank=True)
    NAME_LENGTH = 150  # as a username's
    invite_token = models.CharField(max_length=32, default=new_invite_token, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    requested_side = models.CharField(max_length=6, default="random")
    # A direct challenge names the player invited (None for seeks and open links).
    invited_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="challenges_received",
    )
    time_control = models.JSONField(default=dict, blank=True)  # {} = no clock
    # Its rating class (play/ratings/ratings.py), kept beside the clock it follows for the lobby.
    speed = models.CharField(max_length=16, default="correspondence")
    rated = models.BooleanField(default=False)
    # A seek's rating range: who may accept it (None: anyone).
    rating_min = models.IntegerField(null=True, blank=True)
    rating_max = models.IntegerField(null=True, blank=True)
    # The mean of its players' ratings as play began (the computer has none): kept here for
    # the game search, which reads it for every game it walks.
    rating_mean = models.FloatField(null=True, blank=True)
    # Clocks: each seat's time left as the current turn began, when it began, and the
    # moment the side to move runs out (the fact a timeout is derived from).
    clocks = models.JSONField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # The clock's warnings (play/games/sweeper.py): the ply of the turn last warned, and the
    # least time left, in seconds, a warning was given for in that turn (each once a turn).
    low_time_warned_ply = models.IntegerField(default=-1)
    low_time_warned_below = models.IntegerField(null=True, blank=True)
    vacation_used = models.JSONField(default=list, blank=True)  # days spent, per seat
    # An arena's seats gone berserk: half their clock, and no increment (play/tournaments/).
    berserk = models.JSONField(default=list, blank=True)
    # Whose turn it is (cached for the dashboard; None when over or both act at setup).
    turn = models.PositiveSmallIntegerField(null=True, blank=True)
    # The end of the move log, cached: position after the last move and its ply.
    initial_position = models.TextField(max_length=POSITION_LENGTH)
    position = models.TextField(max_length=POSITION_LENGTH)
    ply = models.PositiveIntegerField(default=0)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=32, blank=True)
    decline_reason = models.CharField(max_length=16, blank=True)  # games.DECLINE_REASONS
    # Bumped on every change players must see (move, offer, result): keys the renders.
    revision = models.PositiveIntegerField(default=0)
    # The revision that first showed the position after the last takeback or rewind: a move
    # made on a board drawn before it was made on a position gone, whatever its ply.
    rewound_revision = models.PositiveIntegerField(default=0)
    # Whether an offer or a dispute was ever made here: most games have neither, and their
    # every view and move then skips looking (set where each is made, in the same transaction).
    has_offers = models.BooleanField(default=False)
    has_disputes = models.BooleanField(default=False)
    has_forecasts = models.BooleanField(default=False)  # conditional moves: play/round/forecasts.py
    # Against the computer: the seat it plays, and the claim of the worker thinking for it
    # (a token and when it lapses, so a worker that died leaves the game to the next).
    computer_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    computer_claim = models.CharField(max_length=32, blank=True)
    computer_claimed_until = models.DateTimeField(null=True, blank=True)
    # Its engine's failures here; past a few, it plays on with its own search (play/computer/turns.py).
    computer_failures = models.PositiveSmallIntegerField(default=0)
    computer_own_search = models.BooleanField(default=False)
    # A championship's or a cup's game names its group (play/leagues/).
    league_group = models.ForeignKey(
        "play.LeagueGroup", null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    # A tournament's game names its tournament (play/tournaments/).
    tournament = models.ForeignKey(
        "play.Tournament", null=True, blank=True, on_delete=models.PROTECT, related_name="games"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            # Open seeks, and a player's challenges both ways, newest first: the order in the
            # index too, or a list with nothing in it is looked for along every game's
            # created_at (bench/pages.py: 11-18 ms each at 22,000 games).
            models.Index(fields=["status", "listing", "-created_at"]),
            models.Index(fields=["created_by", "status", "-created_at"]),
            models.Index(fields=["invited_user", "status", "-created_at"]),
            models.Index(fields=["status", "computer_seat"]),
            models.Index(fields=["status", "finished_at"]),
            models.Index(fields=["-created_at"]),  # the admin's list, latest first
        ]

    def __str__(self):
        return f"{self.rules.name} {self.public_id}"

    def get_absolute_url(self):
        return reverse("game", args=[self.public_id])

    def check_bounds(self) -> None:
        if any(len(name) > self.NAME_LENGTH for name in self.player_names):
            raise ValueError(f"Game.player_names has a name past {self.NAME_LENGTH} characters.")

    @classmethod
    def locked(cls, pk: int | None = None, *, public_id: str = "", related=("seats__user",)):
        """The game row, locked until the surrounding transaction ends, with its seats and
        players (or the `related` given)."""
        found = cls.objects.select_for_update().prefetch_related(*related)
        return found.get(pk=pk) if pk is not None else found.get(public_id=public_id)

    @classmethod
    def locked_with_seats(cls, public_id: str) -> Game:
        """The game row locked, with its seats, their players and the players' profiles, read
        in one query (a move's: the seats' rows joined to the game's, only the game's locked)
        rather than one for the game and one for its seats; its SQL built once."""
        rows = _SEATS_LOCKED(public_id)
        if not rows:  # no one seated yet (or no such game: DoesNotExist)
            return cls.locked(public_id=public_id, related=("seats__user__profile",))
        game = rows[0].game  # one Game, every seat's (Prepared's same_in_every_row)
        known(game, "seats", rows)
        return game

    @property
    def rules(self) -> rules.Game:
        return rules.get(self.game_slug)

    @property
    def options_text(self) -> str:
        return self.rules.describe_options(self.options)

    def seat_rows(self):
        """The seats (read with the game, where they were)."""
        return prefetched(self, "seats")

    def seat_of(self, user) -> Seat | None:
        if not user.is_authenticated:
            return None
        return next((s for s in self.seat_rows() if s.user_id == user.pk), None)

    def readable_by(self, user) -> bool:
        """Who may read the game, at every address and on its socket: anyone, except an open
        private invitation, which is its creator's and the player it names until it is
        joined (the link, /invite/<token>, is how anyone else reaches it)."""
        if self.listing != self.Listing.INVITE or self.status != self.Status.OPEN:
            return True
        return self.seat_of(user) is not None or (
            user.is_authenticated and self.invited_user_id == user.pk
        )

    def seat_of_player(self, user, refusal: str) -> Seat:
        """The user's seat; anyone else is refused (403) with the given reason."""
        seat = self.seat_of(user)
        if seat is None:
            raise Refused(refusal, 403)
        return seat

    def player(self, index: int):
        seat = next((s for s in self.seat_rows() if s.index == index), None)
        return seat.user if seat else None

    def player_name(self, index: int) -> str:
        user = self.player(index)
        if user:
            return shown_name(user)
        return (self.player_names or ["", ""])[index] or "?"

    def names_shown(self) -> tuple[str, ...]:
        """Every seat's player as pages name them. A drawing of the game is kept by its revision
        and these: a visitor who signs up is named anew with no move made."""
        return tuple(self.player_name(i) for i in range(len(self.rules.seats)))

    @property
    def mandatory(self) -> bool:
        """A championship's or a tournament's game: owed, so never aborted (as on lichess)."""
        return self.league_group_id is not None or self.tournament_id is not None

    @property
    def live_in_play(self) -> bool:
        """A live game still played: its players may use no help, not even a book."""
        return self.status in self.IN_PLAY and self.speed == "live"

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    @property
    def result_text(self) -> str:
        """The result in words, in the reader's language: White wins (resignation)."""
        if self.status == self.Status.ABORTED:
            if self.reason == "declined":
                why = gettext(DECLINE_REASONS[self.decline_reason or "generic"])
                return gettext("Challenge declined: %(why)s") % {"why": why}
            if self.reason == "annulled":
                return gettext("Annulled by a referee")
            return gettext("Aborted")
        if self.status != self.Status.FINISHED:
            return ""
        if self.winner is None:
            return gettext("Draw (%(reason)s)") % {"reason": self.reason_text}
        # Translators: a game's result: "White wins (checkmate)", "Circles wins (more captures)".
        return gettext("%(side)s wins (%(reason)s)") % {
            "side": translated(self.rules.seats[self.winner]),
            "reason": self.reason_text,
        }

    @property
    def reason_text(self) -> str:
        return str(REASONS[self.reason]) if self.reason in REASONS else self.reason


# Why a game ended, as its result says it in brackets.
REASONS = {
    "campmate": _("campmate"),
    "checkmate": _("checkmate"),
    "stalemate": _("stalemate, which loses"),
    "repetition": _("third repetition, which loses for the repeater"),
    "fifty-moves": _("fifty-move rule"),
    "resign": _("resignation"),
    "timeout": _("time forfeit"),
    "agreement": _("draw agreed"),
    "abort": _("aborted"),
    "ruling": _("referee's ruling"),
    "captures": _("more captures"),
    "draw": _("equal captures"),
    "queens-captured": _("all eight Queens captured"),
    "no-moves": _("no legal move, which loses"),
    "move-limit": _("move limit"),
    "imported": _("as the imported record says"),
    "declined": _("challenge declined"),
    "annulled": _("annulled by a referee"),
    "withdrew": _("a player left the championship"),
    "no-start": _("the first move was not made in time"),
}

# Why a challenge was declined, in lichess's words (its keys are the API's, and the API says
# them in English: pages translate them where they show them).
DECLINE_REASONS = {
    "generic": gettext_noop("I'm not accepting challenges at the moment."),
    "later": gettext_noop("This is not the right time for me, please ask again later."),
    "tooFast": gettext_noop(
        "This time control is too fast for me, please challenge again with a slower game."
    ),
    "tooSlow": gettext_noop(
        "This time control is too slow for me, please challenge again with a faster game."
    ),
    "timeControl": gettext_noop("I'm not accepting challenges with this time control."),
    "rated": gettext_noop("Please send me a rated challenge instead."),
    "casual": gettext_noop("Please send me a casual challenge instead."),
    "variant": gettext_noop("I'm not willing to play this game right now."),
    "noBot": gettext_noop("I'm not accepting challenges from bots."),
    "onlyBot": gettext_noop("I'm only accepting challenges from bots."),
}


class Seat(Bounded):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    index = models.PositiveSmallIntegerField()
    joined_at = models.DateTimeField(auto_now_add=True)
    # Games with a setup phase: the player's arrangement (a draft until submitted).
    arrangement = models.TextField(max_length=500, blank=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    # Imperial Chess: the parts of a charge being composed (None when not composing).
    charge = models.JSONField(null=True, blank=True)
    # Live games: the move chosen ahead while the opponent is to move, played when their move
    # is stored (play/round/premoves.py), and the game's ply it was chosen at ("": none).
    premove = models.CharField(max_length=200, blank=True)
    premove_ply = models.PositiveIntegerField(null=True, blank=True)
    # The player's rating in the game's class as play began, shown beside their name.
    rating = models.FloatField(null=True, blank=True)
    rating_rd = models.FloatField(null=True, blank=True)
    # When the game ended (None while it has not): the game's, kept here so that a player's
    # games in play and their latest finished ones are read from this table's index in order,
    # not by sorting all their games (bench/pages.py). Set by lifecycle.end, cleared by rewind.
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["index"]
        indexes = [
            models.Index(fields=["user", "finished_at"]),
            models.Index(fields=["user", "game"]),  # a player's games, latest first
        ]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_player"),
        ]

    def __str__(self):
        return f"{self.user} as {self.game.rules.seats[self.index]}"


# A move's lock: a game's seats with their game (locked), players and profiles.
_SEATS_LOCKED = Prepared(
    lambda public_id: (
        Seat.objects.select_related("game", "user__profile")
        .select_for_update(of=("game",))
        .filter(game__public_id=public_id)
    ),
    same_in_every_row=Game,
)


class Move(Bounded):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField()  # 1 for the first move
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=200)  # canonical move text
    display = models.CharField(max_length=200)  # as players read it (SAN)
    position_after = models.TextField(max_length=POSITION_LENGTH)
    created_at = models.DateTimeField()
    clock_after = models.JSONField(null=True, blank=True)
    hash = models.CharField(max_length=64)
    forecast = models.BooleanField(default=False)  # played by the mover's conditional line

    class Meta:
        ordering = ["ply"]
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="one_move_per_ply")]

    def __str__(self):
        return f"{self.ply}. {self.display}"

    @staticmethod
    def chain(previous_hash: str, ply: int, text: str, position: str, at) -> str:
        """Each move's hash covers the one before it, so an edited log shows."""
        data = "\n".join((previous_hash, str(ply), text, position, at.isoformat()))
        return hashlib.sha256(data.encode()).hexdigest()
