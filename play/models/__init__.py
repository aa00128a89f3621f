"""Games, seats, moves and offers. The move log is the truth; Game caches its end."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

import rules
from play.common.errors import Refused
from play.models.prepared import Prepared, save_row


def new_public_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")[:8]


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def game_choices():
    return [(g.slug, g.name) for g in rules.games()]


POSITION_LENGTH = 4000  # characters: Empire's 40x40 board, the longest, takes under 1,700


class Bounded(models.Model):
    """Every text field has its bound, and it holds on every database: SQLite keeps a text of
    any length in a varchar. A service refuses a longer text first, with a message; reaching
    this is a bug, and it stores nothing."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        self.check_lengths()
        super().save(*args, **kwargs)

    def write(self) -> None:
        """save(), on a move's path: its SQL built once (play/prepared.save_row)."""
        self.check_lengths()
        save_row(self)

    def check_lengths(self) -> None:
        for field in self._meta.concrete_fields:
            value = getattr(self, field.attname)
            if field.max_length and isinstance(value, str) and len(value) > field.max_length:
                raise ValueError(
                    f"{type(self).__name__}.{field.name} has {len(value)} characters, "
                    f"past its bound of {field.max_length}."
                )
        self.check_bounds()

    def check_bounds(self) -> None:
        """Bounds on texts inside structured fields, where a model has them."""


def prefetched(instance, relation: str):
    """The rows of the instance's `relation` (a reverse one): those read with it (prefetched,
    or known()) straight from where the prefetch keeps them, as `instance.relation` builds a
    manager on every look and a move's boards look a few dozen times; else read."""
    fetched = getattr(instance, "_prefetched_objects_cache", {}).get(relation)
    return fetched._result_cache if fetched is not None else getattr(instance, relation).all()


def known(instance, relation: str, rows) -> None:
    """Record `rows` as all of the instance's `relation` (a reverse one), as prefetching
    leaves it: reading it then asks nothing of the database."""
    related = getattr(instance, relation).all()
    related._result_cache, related._prefetch_done = list(rows), True
    if not hasattr(instance, "_prefetched_objects_cache"):
        instance._prefetched_objects_cache = {}
    instance._prefetched_objects_cache[relation] = related


class Game(Bounded):
    class Status(models.TextChoices):
        SETUP = "setup", "Setting up"
        OPEN = "open", "Waiting for an opponent"
        ACTIVE = "active", "In play"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"
        DISPUTED = "disputed", "Disputed"

    # Games a player is still playing: nobody may help them with an engine, and a live one
    # keeps its player out of the pools.
    IN_PLAY = (Status.ACTIVE, Status.SETUP, Status.DISPUTED)

    class Listing(models.TextChoices):
        SEEK = "seek", "Open seek in the lobby"
        INVITE = "invite", "Private invitation link"

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
    # Its rating class (play/ratings.py), kept beside the clock it follows for the lobby.
    speed = models.CharField(max_length=16, default="correspondence")
    rated = models.BooleanField(default=False)
    # A seek's rating range: who may accept it (None: anyone).
    rating_min = models.IntegerField(null=True, blank=True)
    rating_max = models.IntegerField(null=True, blank=True)
    # Clocks: each seat's time left as the current turn began, when it began, and the
    # moment the side to move runs out (the fact a timeout is derived from).
    clocks = models.JSONField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    low_time_warned_ply = models.IntegerField(default=-1)
    vacation_used = models.JSONField(default=list, blank=True)  # days spent, per seat
    # Whose turn it is (cached for the dashboard; None when over or both act at setup).
    turn = models.PositiveSmallIntegerField(null=True, blank=True)
    # The end of the move log, cached: position after the last move and its ply.
    initial_position = models.TextField(max_length=POSITION_LENGTH)
    position = models.TextField(max_length=POSITION_LENGTH)
    ply = models.PositiveIntegerField(default=0)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=32, blank=True)
    # Bumped on every change players must see (move, offer, result): keys the renders.
    revision = models.PositiveIntegerField(default=0)
    # The revision that first showed the position after the last takeback or rewind: a move
    # made on a board drawn before it was made on a position gone, whatever its ply.
    rewound_revision = models.PositiveIntegerField(default=0)
    # Whether an offer or a dispute was ever made here: most games have neither, and their
    # every view and move then skips looking (set where each is made, in the same transaction).
    has_offers = models.BooleanField(default=False)
    has_disputes = models.BooleanField(default=False)
    has_forecasts = models.BooleanField(default=False)  # conditional moves: play/forecasts.py
    # Against the computer: the seat it plays, and the claim of the worker thinking for it
    # (a token and when it lapses, so a worker that died leaves the game to the next).
    computer_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    computer_claim = models.CharField(max_length=32, blank=True)
    computer_claimed_until = models.DateTimeField(null=True, blank=True)
    # Its engine's failures here; past a few, it plays on with its own search (play/computer.py).
    computer_failures = models.PositiveSmallIntegerField(default=0)
    computer_own_search = models.BooleanField(default=False)
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
            return user.username
        return (self.player_names or ["", ""])[index] or "?"

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    @property
    def result_text(self) -> str:
        if self.status == self.Status.ABORTED:
            return "Annulled by a referee" if self.reason == "annulled" else "Aborted"
        if self.status != self.Status.FINISHED:
            return ""
        if self.winner is None:
            return f"Draw ({self.reason_text})"
        return f"{self.rules.seats[self.winner]} wins ({self.reason_text})"

    @property
    def reason_text(self) -> str:
        return REASONS.get(self.reason, self.reason)


REASONS = {
    "campmate": "campmate",
    "checkmate": "checkmate",
    "stalemate": "stalemate, which loses",
    "repetition": "third repetition, which loses for the repeater",
    "fifty-moves": "fifty-move rule",
    "resign": "resignation",
    "timeout": "time forfeit",
    "agreement": "draw agreed",
    "abort": "aborted",
    "ruling": "referee's ruling",
    "captures": "more captures",
    "draw": "equal captures",
    "queens-captured": "all eight Queens captured",
    "no-moves": "no legal move, which loses",
    "move-limit": "move limit",
    "imported": "as the imported record says",
    "declined": "challenge declined",
    "annulled": "annulled by a referee",
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


class Offer(Bounded):
    class Kind(models.TextChoices):
        DRAW = "draw", "Draw"
        REMATCH = "rematch", "Rematch"
        TAKEBACK = "takeback", "Takeback"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        WITHDRAWN = "withdrawn", "Lapsed"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="offers")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField()
    ply = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    # An accepted rematch: the new game.
    result_game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created_at"]

    def __str__(self):
        return f"{self.get_kind_display()} offer by seat {self.seat} at ply {self.ply}"


class Profile(Bounded):
    """A player's settings: vacation days and how they want to be told things."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    vacation_days = models.FloatField(default=14)
    vacation_year = models.PositiveIntegerField(default=0)
    email_enabled = models.BooleanField(default=True)
    digest_hours = models.PositiveSmallIntegerField(default=6)
    last_digest_at = models.DateTimeField(null=True, blank=True)

    class Confirm(models.TextChoices):
        CORRESPONDENCE = "correspondence", "In correspondence games"
        ALWAYS = "always", "Always"
        NEVER = "never", "Never"

    # Whether a chosen move waits for "Confirm" before it is sent.
    confirm_moves = models.CharField(
        max_length=16, choices=Confirm.choices, default=Confirm.CORRESPONDENCE
    )

    def __str__(self):
        return f"Settings of {self.user}"


class Computer(Bounded):
    """A computer opponent: a player (`Imperia level 5`) whose moves a worker makes
    (play/computer.py, `manage.py bots`) with the `bots` package at its level."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="computer"
    )
    level = models.PositiveSmallIntegerField(unique=True)

    class Meta:
        ordering = ["level"]

    def __str__(self):
        return self.user.username


class ChatMessage(Bounded):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.user}: {self.text[:40]}"


class Notification(Bounded):
    class Kind(models.TextChoices):
        YOUR_TURN = "your-turn", "Your turn"
        STARTED = "started", "Game started"
        OFFER = "offer", "Offer received"
        LOW_TIME = "low-time", "Time running low"
        OVER = "over", "Game over"
        CHALLENGE = "challenge", "Challenge received"
        DISPUTE = "dispute", "Dispute"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    text = models.CharField(max_length=300)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self):
        return f"{self.user}: {self.text}"


class Delivery(Bounded):
    """Every attempt to tell someone something, with what became of it (kept for disputes)."""

    class Status(models.TextChoices):
        SENT = "sent", "Sent"
        QUEUED = "queued", "Queued for the digest"
        SKIPPED = "skipped", "Not sent (the player turned it off)"
        FAILED = "failed", "Failed"

    notification = models.ForeignKey(
        Notification, on_delete=models.CASCADE, related_name="deliveries"
    )
    channel = models.CharField(max_length=8)  # in-app, email
    status = models.CharField(max_length=8, choices=Status.choices)
    detail = models.CharField(max_length=300, blank=True)
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self):
        return f"{self.channel} {self.status}"


class Dispute(Bounded):
    class Category(models.TextChoices):
        RULES = "rules", "Rules error"
        CLOCK = "clock", "Clock or timeout"
        CONNECTION = "connection", "Connection or abandonment"
        MISCLICK = "misclick", "Misclick / takeback"
        CONDUCT = "conduct", "Stalling or unsportsmanlike play"
        HELP = "help", "Suspected outside help"
        OTHER = "other", "Other"

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        REVIEW = "review", "Under review"
        RULED = "ruled", "Ruled"
        REJECTED = "rejected", "Rejected"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="disputes")
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    seat = models.PositiveSmallIntegerField()
    category = models.CharField(max_length=12, choices=Category.choices)
    ply = models.PositiveIntegerField()
    statement = models.TextField(max_length=4000)
    opponent_statement = models.TextField(max_length=4000, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    froze_game = models.BooleanField(default=False)  # a game in play was frozen for it
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        permissions = [("referee", "Can review disputes and rule on them")]

    def __str__(self):
        return f"Dispute {self.pk} on {self.game} ({self.get_category_display()})"

    @property
    def is_open(self) -> bool:
        return self.status in (self.Status.OPEN, self.Status.REVIEW)


class Ruling(Bounded):
    """A referee's decision: public reason, who, when. Never changed, never deleted."""

    class Kind(models.TextChoices):
        REJECT = "reject", "Reject the report"
        UPHOLD = "uphold", "Uphold the report (no change to the game)"
        RESULT = "result", "Set the result"
        ANNUL = "annul", "Annul the game (no result)"
        REWIND = "rewind", "Rewind to a ply and resume"
        ADD_TIME = "add-time", "Add time to a player"
        REOPEN = "reopen", "Reopen the decided case"

    dispute = models.ForeignKey(Dispute, on_delete=models.PROTECT, related_name="rulings")
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    reason = models.TextField(max_length=4000)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.get_kind_display()} by {self.referee} on dispute {self.dispute_id}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("Rulings are never changed: add a new one.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("Rulings are never deleted.")


class ArchivedMove(Bounded):
    """A move cut by a referee's rewind (its ruling), or taken back against the computer (no
    ruling), kept for the record."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="archived_moves")
    ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.PROTECT, related_name="archived_moves"
    )
    ply = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    text = models.CharField(max_length=200)
    display = models.CharField(max_length=200)
    position_after = models.TextField(max_length=POSITION_LENGTH)
    created_at = models.DateTimeField()
    clock_after = models.JSONField(null=True, blank=True)
    hash = models.CharField(max_length=64)

    class Meta:
        ordering = ["ruling", "ply"]

    def __str__(self):
        if self.ruling_id is None:
            return f"{self.ply}. {self.display} (taken back)"
        return f"{self.ply}. {self.display} (cut by ruling {self.ruling_id})"


class Rating(Bounded):
    """A player's Glicko-2 rating in one game at one speed, with what it rests on."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)
    speed = models.CharField(max_length=16)
    rating = models.FloatField(default=1500)
    rd = models.FloatField(default=350)
    volatility = models.FloatField(default=0.06)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game_slug", "speed"], name="one_rating_per_game_and_speed"
            )
        ]
        indexes = [models.Index(fields=["game_slug", "speed", "-rating"])]

    def __str__(self):
        return f"{self.user} {self.game_slug} {self.speed} {self.rating:.0f}"


class RatingChange(Bounded):
    """What a rated game did to one player's rating, or the reversal of that (a ruling undid
    the result). Kept for the record: shown at the game's end, in the history, audited."""

    class Kind(models.TextChoices):
        RESULT = "result", "Result"
        REVERSAL = "reversal", "Reversed"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    seat = models.PositiveSmallIntegerField()
    game_slug = models.CharField(max_length=32)
    speed = models.CharField(max_length=16)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    score = models.FloatField()  # the player's: 1 a win, 0.5 a draw, 0 a loss
    rating_before = models.FloatField()
    rd_before = models.FloatField()
    volatility_before = models.FloatField()
    rating_after = models.FloatField()
    rd_after = models.FloatField()
    volatility_after = models.FloatField()
    # A reversal names the change it undoes (a change is reversed at most once).
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversal"
    )
    ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.PROTECT, related_name="rating_changes"
    )
    reason = models.TextField(max_length=4000)
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]
        indexes = [models.Index(fields=["user", "game_slug", "speed", "at"])]

    def __str__(self):
        return f"{self.user} {self.change:+.0f} in {self.game} ({self.kind})"

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before


class PoolEntry(Bounded):
    """A player waiting in a quick-pairing pool (one game, one time control) until paired."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pool_entry"
    )
    game_slug = models.CharField(max_length=32, choices=game_choices)
    pool = models.CharField(max_length=8)  # the time control's key, play/pool.py
    rating = models.FloatField()
    joined_at = models.DateTimeField()
    seen_at = models.DateTimeField()  # the waiting page's last word: a closed page leaves
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE)

    class Meta:
        ordering = ["joined_at", "pk"]
        indexes = [models.Index(fields=["game_slug", "pool", "game"])]

    def __str__(self):
        return f"{self.user} waiting for {self.game_slug} {self.pool}"


class Forecast(Bounded):
    """A player's conditional moves in a correspondence game: lines of canonical moves, each
    the opponent's move then the player's reply, and so on (play/forecasts.py), and the
    position they were left for, the one the opponent moves from."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="forecasts")
    seat = models.PositiveSmallIntegerField()
    lines = models.JSONField(default=list)
    position = models.TextField(max_length=POSITION_LENGTH)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_forecast_per_seat")
        ]

    def __str__(self):
        return f"Conditional moves of seat {self.seat} in {self.game}"


class Note(Bounded):
    """A player's private notes on a game, kept with it; no one else reads them."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="notes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=4000, blank=True)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_note_per_player")]

    def __str__(self):
        return f"{self.user}'s notes on {self.game}"


class Study(Bounded):
    """An analysis saved by its owner: a start, the game's options and a tree of variations
    (play/analysis.py), under a title. It is its owner's: shared by its address, which cannot
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
    computer's workers (play/evaluations.py), never in a web server's thread. Its token is
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
    analysis board's addresses carry instead (play/analysis_views.py)."""

    key = models.CharField(max_length=32, unique=True)
    text = models.TextField(max_length=30_000)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)  # the sweeper's

    def __str__(self):
        return f"Analysis tree {self.key}"
