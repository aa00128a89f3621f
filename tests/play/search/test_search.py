"""Searching posts and clubs' names: every word asked found, the latest posts first, nothing
the reader may not read, an edit or a deletion seen at once, and any text asked taken as
words (no query syntax of either database reaches it). Run on SQLite (FTS5) here and on
PostgreSQL (its full-text search) by `make test-distributed`."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.clubs import clubs
from play.forum import forum, keeping
from play.models import Club, Post
from play.search import search
from tests.play.conftest import CHOICES

pytestmark = pytest.mark.django_db


def texts(found) -> list[str]:
    return [post.text for post in found]


def test_every_word_is_found_the_latest_first(talk, writer, client):
    forum.reply(writer, talk, "The Empress opening: queens first.")
    forum.reply(writer, talk, "Queens FIRST, then the empress.")
    forum.reply(writer, talk, "Nothing to see.")
    assert texts(search.posts("empress queens", writer)) == [
        "Queens FIRST, then the empress.", "The Empress opening: queens first."
    ]  # fmt: skip
    assert texts(search.posts("  EMPRESS   nothing ", writer)) == []
    assert search.posts("", writer) == [] and search.posts("!!!", writer) == []


def test_an_edit_and_a_deletion_are_seen_at_once(talk, writer):
    post = forum.reply(writer, talk, "alpha beta")
    forum.edit(writer, post, "gamma delta")
    assert texts(search.posts("alpha", writer)) == []
    assert texts(search.posts("gamma", writer)) == ["gamma delta"]
    Post.objects.filter(pk=post.pk).delete()
    assert search.posts("gamma", writer) == []


def test_nothing_the_reader_may_not_read(talk, writer, club, founder, established):
    secret = forum.start_thread(founder, forum.board_of(club), "Plans", "secret sunday plans")
    hidden = forum.reply(writer, talk, "hidden sunday words")
    staff = established("mod")
    staff.is_staff = True
    staff.save()
    keeping.hide_post(staff, hidden, True)
    assert search.posts("sunday", writer) == []
    assert texts(search.posts("sunday", founder)) == ["secret sunday plans"]
    Club.objects.filter(pk=club.pk).update(forum=Club.Forum.PUBLIC)
    assert texts(search.posts("sunday", writer)) == ["secret sunday plans"]
    assert secret.posts.count() == 1


def test_the_latest_are_found_past_the_first_window(talk, writer, monkeypatch):
    monkeypatch.setattr(search, "WINDOW", 2)
    forum.reply(writer, talk, "rare word")
    for i in range(6):
        forum.reply(writer, talk, f"common {i}")
    assert texts(search.posts("rare", writer)) == ["rare word"]
    assert texts(search.posts("common", writer, count=3)) == ["common 5", "common 4", "common 3"]


def test_clubs_are_found_by_the_beginnings_of_their_words(club, established):
    clubs.found(established("yan"), **CHOICES | {"name": "Dots Society of Kraków"})
    assert [c.name for c in search.clubs("dot krak")] == ["Dots Society of Kraków"]
    assert [c.name for c in search.clubs("EMPRESS")] == ["Empress Circle"]
    assert list(search.clubs("circle dots")) == []


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(max_size=60) | st.sampled_from(['"', "*", "a OR b", "NEAR(a b)", "-x", "a:b",
                                                "'", "\\", "&|!", "col:x", "^a", "a AND", "(("]))  # fmt: skip
def test_any_text_asked_is_taken_as_words(talk, writer, text):
    search.posts(text, writer)
    list(search.clubs(text))


def test_a_result_shows_its_writers_own_words_as_text(talk, writer, client):
    quoted = "> **@ann:**\n>\n> Queens in the corner?\n\n"
    board = "```empress After twelve moves\n8/2q5/5e2/8/1Q1E4/8/5q2/Q7[QQQQqqqqq] w 0 12\n```\n"
    forum.reply(writer, talk, quoted + "No: **queens** to the `d4` centre.\n\n" + board)
    forum.reply(writer, talk, quoted + board)  # nothing of its own but the board
    page = client.get("/forum/search/", {"q": "queens"}).content.decode()
    assert '<blockquote class="small" translate="no">No: queens to the d4 centre.</blockquote>' in (
        page
    )
    assert page.count('<blockquote class="small"') == 1
    assert "**" not in page and "```" not in page and "[QQQQ" not in page
