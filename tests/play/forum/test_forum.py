"""The forum's threads and posts: who writes where, the counts, editing for a while, quoting,
reactions, followers told; and the keepers' actions, refused to anyone else with nothing
changed."""

from datetime import timedelta

import pytest

from play.clubs import clubs
from play.common import clocks
from play.common.errors import Refused
from play.forum import forum, keeping
from play.models import Board, Club, Notification, Post, Reaction, Thread
from play.moderation import reports

pytestmark = pytest.mark.django_db


def test_a_thread_and_its_replies_are_numbered_and_counted(talk, general, writer, established):
    other = established("oli")
    second = forum.reply(other, talk, "  1. d4, surely.  ")
    third = forum.reply(writer, talk, "Why?")
    assert [(p.number, p.author.username, p.text) for p in talk.posts.order_by("number")] == [
        (1, "wes", "Which first move is best?"), (2, "oli", "1. d4, surely."), (3, "wes", "Why?")
    ]  # fmt: skip
    talk.refresh_from_db()
    general.refresh_from_db()
    assert (talk.posts_count, talk.last_post_at) == (3, third.created_at)
    assert (general.threads_count, general.posts_count) == (1, 3)
    assert forum.address_of(second) == f"/forum/general/{talk.pk}/#post-2"


def test_the_followers_are_told_of_a_new_post_but_not_its_writer(talk, writer, established):
    other = established("oli")
    forum.reply(other, talk, "A reply.")
    told = Notification.objects.get(user=writer)
    assert (told.kind, told.text) == ("forum", "oli wrote in “Openings in Empress”.")
    assert told.address == f"/forum/general/{talk.pk}/#post-2"
    assert not Notification.objects.filter(user=other).exists()
    forum.follow(writer, talk, False)
    forum.reply(other, talk, "Another.")
    assert Notification.objects.filter(user=writer).count() == 1


def test_a_new_account_writes_once_it_has_finished_a_game(general, make_user, talk):
    newcomer = make_user("new")
    for act in [
        lambda: forum.start_thread(newcomer, general, "Hi", "Buy things"),
        lambda: forum.reply(newcomer, talk, "Buy things"),
    ]:
        with pytest.raises(Refused, match="once it has finished a game") as refused:
            act()
        assert refused.value.status == 403
    assert Post.objects.count() == 1 and Thread.objects.count() == 1


def test_bounds_and_a_locked_thread(talk, writer, general, established):
    for title, text, said in [(" ", "x", "Give the thread a title"),
                              ("x" * 101, "x", "at most 100 characters"),
                              ("Fine", "   ", "Write something first"),
                              ("Fine", "x" * 10_001, "at most 10000 characters")]:  # fmt: skip
        with pytest.raises(Refused, match=said):
            forum.start_thread(writer, general, title, text)
    staff = established("mod")
    staff.is_staff = True
    staff.save()
    keeping.change_thread(staff, talk, "lock")
    with pytest.raises(Refused, match="This thread is closed"):
        forum.reply(writer, talk, "Let me in.")
    forum.reply(staff, talk, "Closed for now.")  # a keeper still writes
    assert Thread.objects.count() == 1 and talk.posts.count() == 2


def test_a_post_is_edited_by_its_author_for_a_while(clock, talk, writer, established):
    post = talk.posts.get()
    with pytest.raises(Refused, match="Only its author"):
        forum.edit(established("oli"), post, "Mine now")
    forum.edit(writer, post, "Which first move is best, and why?")
    post.refresh_from_db()
    assert (post.text, post.edited_at is not None) == ("Which first move is best, and why?", True)
    clock.advance(minutes=forum.EDIT_MINUTES + 1)
    with pytest.raises(Refused, match="within 30 minutes"):
        forum.edit(writer, post, "Too late")
    post.refresh_from_db()
    assert post.text == "Which first move is best, and why?"


def test_a_quote_names_its_author_and_keeps_each_line(talk):
    post = talk.posts.get()
    post.text = "First line\n\nThird line"
    assert forum.quoted(post) == "> **@wes:**\n>\n> First line\n>\n> Third line\n\n"


def test_a_reaction_is_toggled_and_bounded_to_its_kinds(talk, writer, established):
    post, other = talk.posts.get(), established("oli")
    forum.react(other, post, "thanks")
    forum.react(writer, post, "thanks")
    forum.react(other, post, "thanks")  # taken back
    assert list(Reaction.objects.values_list("user__username", "kind")) == [("wes", "thanks")]
    with pytest.raises(Refused, match="no such reaction"):
        forum.react(other, post, "<script>")
    shown = forum.reactions_on([post], writer)[post.pk]
    assert ("thanks", "Thanks", 1, True) in shown and ("agree", "Agreed", 0, False) in shown


def test_a_clubs_board_is_read_and_written_as_its_leaders_chose(club, founder, ann, established):
    board = forum.board_of(club)
    assert forum.board_of(club) == board and board.slug == "club-empress-circle"
    outsider, member = established("out"), established("mem")
    clubs.join(member, club)
    assert not forum.may_read(outsider, board) and forum.may_read(member, board)
    with pytest.raises(Refused, match="Only the club's members write"):
        forum.start_thread(outsider, board, "Hello", "Let me in")
    thread = forum.start_thread(member, board, "Sunday", "Who plays?")
    Club.objects.filter(pk=club.pk).update(forum=Club.Forum.PUBLIC)
    board = Board.objects.select_related("club").get(pk=board.pk)
    assert forum.may_read(outsider, board)
    with pytest.raises(Refused, match="Only the club's members write"):
        forum.reply(outsider, thread, "Still not a member")
    assert thread.posts.count() == 1


def test_keepers_hide_lock_pin_and_move_and_no_one_else(
    talk, general, writer, club, founder, established
):
    staff = established("mod")
    staff.is_staff = True
    staff.save()
    post = talk.posts.get()
    for act in [
        lambda: keeping.change_thread(writer, talk, "pin"),
        lambda: keeping.hide_post(writer, post, True),
        lambda: keeping.move(founder, talk, Board.objects.get(slug="feedback")),
    ]:
        with pytest.raises(Refused, match="Only the moderators") as refused:
            act()
        assert refused.value.status == 403
    talk.refresh_from_db()
    assert (talk.pinned, talk.hidden, talk.board, post.hidden) == (False, False, general, False)
    keeping.change_thread(staff, talk, "pin")
    keeping.hide_post(staff, post, True)
    feedback = Board.objects.get(slug="feedback")
    keeping.move(staff, talk, feedback)
    talk.refresh_from_db()
    general.refresh_from_db()
    feedback.refresh_from_db()
    assert (talk.pinned, talk.board, Post.objects.get().hidden) == (True, feedback, True)
    assert (general.threads_count, general.posts_count) == (0, 0)
    assert (feedback.threads_count, feedback.posts_count) == (1, 1)
    # A club's leader keeps their club's board alone.
    mine = forum.start_thread(founder, forum.board_of(club), "Rules", "Be kind.")
    keeping.change_thread(founder, mine, "lock")
    with pytest.raises(Refused, match="Only the moderators"):
        keeping.change_thread(founder, talk, "unpin")


def test_a_post_is_reported_to_the_moderators(talk, writer, established):
    other = established("oli")
    post = talk.posts.get()
    report = reports.file(other, writer, "abuse", "Spam in the forum.", post_id=post.pk)
    assert report.post == post
    with pytest.raises(Refused, match="not this player's"):
        reports.file(writer, other, "abuse", "Nope.", post_id=post.pk)


def test_a_player_posts_a_bounded_number_a_day(talk, writer, monkeypatch):
    monkeypatch.setattr(forum, "MOST_A_DAY", 2)
    forum.reply(writer, talk, "Two.")
    with pytest.raises(Refused, match="2 posts today") as refused:
        forum.reply(writer, talk, "Three.")
    assert refused.value.status == 429 and talk.posts.count() == 2
    assert clocks.now() - timedelta(days=1) < Post.objects.latest("id").created_at
