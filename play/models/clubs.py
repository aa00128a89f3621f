"""Clubs, as lichess keeps its teams (modules/team): a club, its members (some of them its
leaders), and the requests of players who asked to join a club that admits by request."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Upper
from django.utils.translation import gettext_lazy as _

from play.models.base import Bounded, game_choices
from play.models.inbox import LETTER_LENGTH

CLUB_NAME_LENGTH = 60
DESCRIPTION_LENGTH = 4000
QUESTION_LENGTH = 200
ANSWER_LENGTH = 500


def language_choices():
    """The languages the site is read in (not the pseudo-locale, which is for testing)."""
    return [(code, name) for code, name in settings.LANGUAGES if code != "en-xa"]


class Club(Bounded):
    class Admission(models.TextChoices):
        OPEN = "open", _("Anyone may join")
        REQUEST = "request", _("By request, accepted by a leader")

    class Forum(models.TextChoices):
        MEMBERS = "members", _("Members only")
        PUBLIC = "public", _("Everyone may read it")

    slug = models.SlugField(max_length=CLUB_NAME_LENGTH, unique=True, allow_unicode=True)
    name = models.CharField(max_length=CLUB_NAME_LENGTH)
    description = models.TextField(max_length=DESCRIPTION_LENGTH)
    games = models.JSONField(default=list)  # the slugs of the games it plays
    language = models.CharField(max_length=8, choices=language_choices)
    admission = models.CharField(max_length=8, choices=Admission.choices, default=Admission.OPEN)
    question = models.CharField(max_length=QUESTION_LENGTH, blank=True)  # asked with a request
    forum = models.CharField(max_length=8, choices=Forum.choices, default=Forum.MEMBERS)
    founded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="clubs_founded"
    )
    founded_at = models.DateTimeField()
    members_count = models.PositiveIntegerField(default=0)  # kept by the services
    closed_at = models.DateTimeField(null=True, blank=True)  # the last member left

    class Meta:
        constraints = [
            models.UniqueConstraint(Upper("name"), name="one_club_a_name"),
        ]
        indexes = [
            # The list of clubs, the largest first.
            models.Index(fields=["-members_count", "id"], name="clubs_by_size"),
            models.Index(fields=["founded_by", "founded_at"], name="clubs_founded"),
        ]

    def __str__(self):
        return self.name

    def games_named(self) -> list[str]:
        """The names of the games it plays, in the rules' order (each read through
        `|translated` on a page)."""
        return [name for slug, name in game_choices() if slug in self.games]

    def check_bounds(self) -> None:
        slugs = {slug for slug, _name in game_choices()}
        if not isinstance(self.games, list) or not set(self.games) <= slugs:
            raise ValueError(f"Club.games holds games that are none: {self.games!r}.")


class Membership(Bounded):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    leader = models.BooleanField(default=False)
    joined_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_a_club"),
        ]
        indexes = [
            # A club's members, the latest first; its leaders.
            models.Index(fields=["club", "-joined_at", "-id"], name="members_by_arrival"),
            models.Index(fields=["club", "leader"], name="club_leaders"),
        ]

    def __str__(self):
        return f"{self.user} in {self.club}"


class JoinRequest(Bounded):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="join_requests"
    )
    answer = models.TextField(max_length=ANSWER_LENGTH, blank=True)  # to the club's question
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_request_a_club"),
        ]
        indexes = [models.Index(fields=["club", "created_at"], name="requests_by_age")]

    def __str__(self):
        return f"{self.user} asks to join {self.club}"


class ClubLetter(Bounded):
    """A message a leader sent to all the club's members (as private messages): counted
    against the club's allowance, and listed for its leaders."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="letters")
    sender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=LETTER_LENGTH)
    sent_at = models.DateTimeField()
    recipients = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["club", "-sent_at"], name="club_letters")]

    def __str__(self):
        return f"{self.sender} to {self.club}"
