"""A player's profile, and the computer's accounts."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from play.models.base import Bounded


class Profile(Bounded):
    """A player's settings: vacation days and how they want to be told things."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    vacation_days = models.FloatField(default=14)
    vacation_year = models.PositiveIntegerField(default=0)
    email_enabled = models.BooleanField(default=True)
    digest_hours = models.PositiveSmallIntegerField(default=6)
    last_digest_at = models.DateTimeField(null=True, blank=True)
    # A bot account's games, by slug (play/accounts/bots.py); None for a person's account.
    bot_games = models.JSONField(null=True, blank=True)

    class Confirm(models.TextChoices):
        CORRESPONDENCE = "correspondence", _("In correspondence games")
        ALWAYS = "always", pgettext_lazy("confirm moves", "Always")
        NEVER = "never", pgettext_lazy("confirm moves", "Never")

    # Whether a chosen move waits for "Confirm" before it is sent.
    confirm_moves = models.CharField(
        max_length=16, choices=Confirm.choices, default=Confirm.CORRESPONDENCE
    )
    # The language the player reads in, on every device, and is written to in (a code of
    # settings.LANGUAGES; "" until they choose: then the browser's, as a visitor's).
    language = models.CharField(max_length=16, blank=True, default="")

    # How the site looks and sounds on every device (play/accounts/looks.py).
    class Theme(models.TextChoices):
        DEVICE = "", _("As my device says (light or dark)")
        LIGHT = "light", pgettext_lazy("theme", "Light")
        DARK = "dark", pgettext_lazy("theme", "Dark")
        CONTRAST = "contrast", _("High contrast")

    class BoardColours(models.TextChoices):
        WOOD = "wood", _("Brown wood")
        BLUE = "blue", pgettext_lazy("board colours", "Blue")
        GREEN = "green", _("Green and grey")

    theme = models.CharField(max_length=16, choices=Theme.choices, blank=True, default="")
    # "" until the player chooses (then brown wood, or this browser's choice).
    board_colours = models.CharField(
        max_length=16, choices=BoardColours.choices, blank=True, default=""
    )
    # "on" or "off"; "" until the player chooses: then looks.sounds_default says.
    sounds = models.CharField(max_length=8, blank=True, default="")
    # Play by ear (a screen reader's player): "on" or "off"; "" until chosen, as off.
    by_ear = models.CharField(max_length=8, blank=True, default="")

    class LettersFrom(models.TextChoices):
        EVERYONE = "everyone", _("Everyone (a new account, only players it has played)")
        FOLLOWED = "followed", _("Players I follow")
        NOBODY = "nobody", _("No one")

    # Who may begin a conversation with the player (play/inbox/); any may answer them.
    letters_from = models.CharField(
        max_length=8, choices=LettersFrom.choices, default=LettersFrom.EVERYONE
    )

    # The moderators' standing orders (play/moderation/): muted in chats and messages until
    # then; marked for help from a computer or for boosting, their games unrated from then on
    # and their ratings off the leaderboards.
    muted_until = models.DateTimeField(null=True, blank=True)

    class Mark(models.TextChoices):
        NONE = "", pgettext_lazy("a player's mark", "None")
        ENGINE = "engine", _("Help from a computer")
        BOOSTER = "booster", _("Boosting or sandbagging")

    mark = models.CharField(max_length=8, choices=Mark.choices, blank=True, default="")

    def __str__(self):
        return f"Settings of {self.user}"


class Computer(Bounded):
    """A computer opponent: a player (`Imperia level 5`) whose moves a worker makes
    (play/computer/turns.py, `manage.py bots`) with the `bots` package at its level."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="computer"
    )
    level = models.PositiveSmallIntegerField(unique=True)

    class Meta:
        ordering = ["level"]

    def __str__(self):
        return self.user.username


class Login(Bounded):
    """A login's session, known by its player's account: Django's sessions are not, and
    "log out everywhere" ends every one of them."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="logins"
    )
    session_key = models.CharField(max_length=40, unique=True)
    created_at = models.DateTimeField()

    def __str__(self):
        return f"Login of {self.user} at {self.created_at:%Y-%m-%d %H:%M}"


class TwoFactor(Bounded):
    """Two-factor sign-in (TOTP, RFC 6238) turned on: the secret the player's app shares, the
    last time step a code was taken at (a code is taken once), and the recovery codes left, as
    SHA-256 digests (each taken once)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="two_factor"
    )
    secret = models.CharField(max_length=32)
    last_step = models.BigIntegerField(default=0)
    recovery = models.JSONField(default=list)
    enabled_at = models.DateTimeField()

    def __str__(self):
        return f"Two-factor sign-in of {self.user}"
