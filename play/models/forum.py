"""The forum, as lichess keeps its own (modules/forum): boards (one for each game, general
talk, the site's feedback, and one for each club), their threads, and the posts of each,
numbered in their thread so that any page of a long thread is read off one index."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

import rules
from play.common.language import translated
from play.models.base import Bounded, game_choices
from play.models.clubs import Club

TITLE_LENGTH = 100
POST_LENGTH = 10_000  # characters of Markdown


class Board(Bounded):
    class Kind(models.TextChoices):
        GAME = "game", _("A game's")
        GENERAL = "general", _("General talk")
        FEEDBACK = "feedback", _("Feedback on Imperia")
        CLUB = "club", _("A club's")

    slug = models.SlugField(max_length=80, unique=True, allow_unicode=True)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    game_slug = models.CharField(max_length=32, choices=game_choices, blank=True)
    club = models.OneToOneField(
        Club, null=True, blank=True, on_delete=models.CASCADE, related_name="board"
    )
    position = models.PositiveSmallIntegerField(default=0)  # the site's boards' order
    threads_count = models.PositiveIntegerField(default=0)
    posts_count = models.PositiveIntegerField(default=0)
    last_post_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["position", "slug"]

    def __str__(self):
        return self.slug

    @property
    def shown_name(self) -> str:
        """Its name in the reader's language: its game's, its club's, or its kind's."""
        if self.kind == self.Kind.GAME:
            return translated(rules.get(self.game_slug).name)
        if self.kind == self.Kind.CLUB:
            return self.club.name
        return str(self.get_kind_display())


class Thread(Bounded):
    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="threads")
    title = models.CharField(max_length=TITLE_LENGTH)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField()
    last_post_at = models.DateTimeField()
    posts_count = models.PositiveIntegerField(default=0)
    pinned = models.BooleanField(default=False)
    locked = models.BooleanField(default=False)
    hidden = models.BooleanField(default=False)

    class Meta:
        indexes = [
            # A board's threads: the pinned first, then the latest talked in.
            models.Index(fields=["board", "-pinned", "-last_post_at", "-id"], name="board_threads"),
        ]

    def __str__(self):
        return self.title


class Post(Bounded):
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="posts")
    number = models.PositiveIntegerField()  # 1 the thread's first post
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="posts"
    )
    text = models.TextField(max_length=POST_LENGTH)
    created_at = models.DateTimeField()
    edited_at = models.DateTimeField(null=True, blank=True)
    hidden = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["thread", "number"], name="one_post_a_number"),
        ]
        indexes = [models.Index(fields=["author", "-created_at"], name="posts_by_author")]

    def __str__(self):
        return f"{self.thread} #{self.number}"


class Reaction(Bounded):
    class Kind(models.TextChoices):
        AGREE = "agree", _("Agreed")
        THANKS = "thanks", _("Thanks")
        FUNNY = "funny", _("Funny")
        THINKING = "thinking", _("Worth thinking about")

    post = models.ForeignKey(Post, on_delete=models.CASCADE, related_name="reactions")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["post", "user", "kind"], name="one_reaction_a_kind"),
        ]


class ThreadFollower(Bounded):
    """A player told of each new post in a thread."""

    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="followers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="threads_followed"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["thread", "user"], name="one_follow_a_thread"),
        ]
