"""Searching what players wrote (forum posts) and clubs' names, one service over two
databases: PostgreSQL's full-text search in the distributed mode (a GIN index on the words
of each text, `simple` configuration: every language's words as they are written), SQLite's
FTS5 in the embedded one (a table of words kept by triggers). Both made by the migration
`0060_search`; both find every word asked, and for posts the latest first.

A common word would have PostgreSQL sort every post holding it to find the latest twenty:
so posts are looked for among the latest WINDOW first, then ten times as many, and so on,
until enough are found or every post was looked at."""

from __future__ import annotations

import re

from django.contrib.postgres.search import SearchQuery, SearchVector
from django.db import connection
from django.db.models import Max, Q
from django.db.models.expressions import RawSQL

from play.models import Club, Membership, Post

WORDS = re.compile(r"\w+", re.UNICODE)
MOST_WORDS = 8  # words of a search taken
WINDOW = 50_000  # the latest posts looked among first


def words_of(text: str) -> list[str]:
    return WORDS.findall(text.casefold())[:MOST_WORDS]


def posts(text: str, reader, count: int = 20) -> list[Post]:
    """The latest posts holding every word of `text` that `reader` may read: not hidden, on
    the site's boards and those of clubs that show theirs or that they belong to."""
    words = words_of(text)
    if not words:
        return []
    readable = Post.objects.filter(hidden=False, thread__hidden=False).filter(
        Q(thread__board__club=None)
        | Q(thread__board__club__forum=Club.Forum.PUBLIC)
        | Q(thread__board__club__in=_clubs_of(reader))
    )
    newest = Post.objects.aggregate(Max("id"))["id__max"] or 0
    window = WINDOW
    while True:
        since = newest - window
        found = _holding(readable, words, since).order_by("-id")[:count]
        found = list(found.select_related("thread__board__club", "author"))
        if len(found) >= count or since <= 0:
            return found
        window *= 10


def clubs(text: str):
    """The open clubs whose name has words beginning with each word of `text`, the largest
    first (a queryset)."""
    words = words_of(text)
    listed = Club.objects.filter(closed_at__isnull=True)
    if not words:
        return listed.none()
    if connection.vendor == "postgresql":
        asked = " & ".join(f"{_quoted_pg(word)}:*" for word in words)
        found = listed.annotate(words=SearchVector("name", config="simple")).filter(
            words=SearchQuery(asked, config="simple", search_type="raw")
        )
    else:
        asked = " ".join(f"{_quoted_fts(word)}*" for word in words)
        found = listed.filter(id__in=RawSQL(
            "SELECT rowid FROM play_club_words WHERE play_club_words MATCH %s", [asked]
        ))  # fmt: skip
    return found.order_by("-members_count", "id")


def _holding(readable, words: list[str], since: int):
    """The readable posts past id `since` holding every word."""
    readable = readable.filter(id__gt=since) if since > 0 else readable
    if connection.vendor == "postgresql":
        asked = " & ".join(_quoted_pg(word) for word in words)
        return readable.annotate(words=SearchVector("text", config="simple")).filter(
            words=SearchQuery(asked, config="simple", search_type="raw")
        )
    asked = " ".join(_quoted_fts(word) for word in words)
    return readable.filter(id__in=RawSQL(
        "SELECT rowid FROM play_post_words WHERE play_post_words MATCH %s AND rowid > %s",
        [asked, since],
    ))  # fmt: skip


def _quoted_fts(word: str) -> str:
    """A word as FTS5 takes it literally: in double quotes (none inside: \\w+ has none)."""
    return f'"{word}"'


def _quoted_pg(word: str) -> str:
    """A word as to_tsquery takes it literally: in single quotes (none inside: \\w+)."""
    return f"'{word}'"


def _clubs_of(reader):
    if not reader.is_authenticated:
        return Club.objects.none()
    return Membership.objects.filter(user=reader).values("club_id")
