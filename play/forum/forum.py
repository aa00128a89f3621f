"""The forum: boards for each game, general talk, the site's feedback and each club; threads
of posts in Markdown (play/markup/), edited for a short while, quoted, reacted to, followed.

Who reads a club's board: everyone, or its members alone, as its leaders chose; who writes
there: its members. A new account writes once it has finished a game (spam comes from new
accounts), and every player posts a bounded number a day. A post changes its thread's and its
board's counts under the thread's row lock: two replies at once take two numbers."""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.accounts import standing
from play.clubs import clubs
from play.common import clocks, language
from play.common.errors import Refused, refuse_nulls
from play.common.players import has_account
from play.inbox import inbox
from play.models import Board, Club, Notification, Post, Reaction, Seat, Thread, ThreadFollower
from play.models.forum import POST_LENGTH, TITLE_LENGTH
from play.notify import notify

POSTS_A_PAGE = 20
THREADS_A_PAGE = 30
EDIT_MINUTES = 30  # a post is edited this long after it is written
MOST_A_DAY = 100  # posts one player writes in a day


# Boards.


def boards():
    """The site's boards, in their order."""
    return Board.objects.filter(club=None).order_by("position")


def board_named(slug: str) -> Board | None:
    return Board.objects.select_related("club").filter(slug=slug).first()


def board_of(club: Club) -> Board:
    """The club's board, made the first time it is asked for."""
    try:
        return club.board
    except Board.DoesNotExist:
        pass
    try:
        with transaction.atomic():
            return Board.objects.create(slug=f"club-{club.slug}", kind=Board.Kind.CLUB, club=club)
    except IntegrityError:  # made by a request that won the race
        return Board.objects.get(club=club)


def may_read(player, board: Board) -> bool:
    if board.club is None or board.club.forum == Club.Forum.PUBLIC:
        return True
    return player.is_staff or clubs.is_member(player, board.club)


def refused_writing(player, board: Board, thread: Thread | None = None) -> str | None:
    """Why `player` may not write on the board (or in the thread) now, in words; None if they
    may."""
    if not has_account(player):
        return _("Sign up to write in the forum.")
    if (until := standing.muted_until(player)) is not None:
        return standing.muted_words(until)
    if not may_read(player, board) or (
        board.club is not None and not clubs.is_member(player, board.club) and not player.is_staff
    ):
        return _("Only the club's members write on its board.")
    if thread is not None and (thread.locked or thread.hidden) and not may_keep(player, board):
        return _("This thread is closed.")
    at = clocks.now()
    if inbox.is_new(player, at) and not _has_played(player):  # as new accounts' messages
        return ngettext(
            "An account newer than %(days)s day writes in the forum once it has finished a game.",
            "An account newer than %(days)s days writes in the forum once it has finished a game.",
            inbox.NEW_ACCOUNT_DAYS,
        ) % {"days": inbox.NEW_ACCOUNT_DAYS}
    return None


def may_keep(player, board: Board) -> bool:
    """Whether `player` keeps the board: hides, locks, pins and moves its threads and hides
    posts. The moderators keep every board; a club's leaders keep their club's."""
    if not has_account(player):
        return False
    return player.is_staff or (board.club is not None and clubs.is_leader(player, board.club))


# Threads and posts.


def start_thread(player, board: Board, title: str, text: str) -> Thread:
    """A new thread with its first post; its author follows it."""
    refuse_nulls(title)
    title = " ".join(title.split())
    if not title:
        raise Refused(_("Give the thread a title."))
    if len(title) > TITLE_LENGTH:
        raise Refused(_("A title is at most %(most)s characters long.") % {"most": TITLE_LENGTH})
    text = _checked(text)
    if refusal := refused_writing(player, board):
        raise Refused(refusal, 403)
    with transaction.atomic():
        board = Board.objects.select_for_update().get(pk=board.pk)
        _within_a_day(player)
        at = clocks.now()
        thread = Thread.objects.create(
            board=board, title=title, author=player, created_at=at, last_post_at=at, posts_count=1
        )
        Post.objects.create(thread=thread, number=1, author=player, text=text, created_at=at)
        ThreadFollower.objects.create(thread=thread, user=player)
        board.threads_count = F("threads_count") + 1
        board.posts_count = F("posts_count") + 1
        board.last_post_at = at
        board.save(update_fields=["threads_count", "posts_count", "last_post_at"])
    return thread


def reply(player, thread: Thread, text: str) -> Post:
    """A post at the end of the thread; its followers told, and its author follows it."""
    text = _checked(text)
    with transaction.atomic():
        thread = (
            Thread.objects.select_for_update(of=("self",))
            .select_related("board__club")
            .get(pk=thread.pk)
        )
        if refusal := refused_writing(player, thread.board, thread):
            raise Refused(refusal, 403)
        _within_a_day(player)
        at = clocks.now()
        thread.posts_count += 1
        post = Post.objects.create(
            thread=thread, number=thread.posts_count, author=player, text=text, created_at=at
        )
        Thread.objects.filter(pk=thread.pk).update(posts_count=thread.posts_count, last_post_at=at)
        Board.objects.filter(pk=thread.board_id).update(
            posts_count=F("posts_count") + 1, last_post_at=at
        )
        ThreadFollower.objects.get_or_create(thread=thread, user=player)
        _tell_followers(post)
    return post


def edit(player, post: Post, text: str) -> Post:
    """The author's post rewritten, for EDIT_MINUTES after it was written."""
    text = _checked(text)
    with transaction.atomic():
        post = (
            Post.objects.select_for_update(of=("self",))
            .select_related("thread__board__club")
            .get(pk=post.pk)
        )
        if refusal := refused_editing(player, post):
            raise Refused(refusal, 403)
        post.text, post.edited_at = text, clocks.now()
        post.save(update_fields=["text", "edited_at"])
    return post


def editable(posts: list[Post], player, refused: str | None) -> set[int]:
    """Those of a page's posts `player` may edit now; `refused`: why they may not write in
    the thread, if they may not (refused_writing's, read once for the page)."""
    if refused is not None or not has_account(player):
        return set()
    since = clocks.now() - timedelta(minutes=EDIT_MINUTES)
    return {post.pk for post in posts if post.author_id == player.pk and post.created_at >= since}


def refused_editing(player, post: Post) -> str | None:
    if not has_account(player) or post.author_id != player.pk:
        return _("Only its author edits a post.")
    if clocks.now() - post.created_at > timedelta(minutes=EDIT_MINUTES):
        return ngettext(
            "A post is edited within %(minutes)s minute of its writing.",
            "A post is edited within %(minutes)s minutes of its writing.",
            EDIT_MINUTES,
        ) % {"minutes": EDIT_MINUTES}
    return refused_writing(player, post.thread.board, post.thread)


def react(player, post: Post, kind: str) -> None:
    """The player's reaction of that kind to the post, added, or taken back if it was there."""
    if kind not in Reaction.Kind.values:
        raise Refused(_("There is no such reaction."))
    if not has_account(player):
        raise Refused(_("Sign up to react to a post."), 403)
    if not may_read(player, post.thread.board):
        raise Refused(_("Only the club's members read its board."), 403)
    with transaction.atomic():
        taken = Reaction.objects.filter(post=post, user=player, kind=kind).delete()[0]
        if not taken:
            Reaction.objects.get_or_create(post=post, user=player, kind=kind)


def follow(player, thread: Thread, following: bool) -> None:
    if not has_account(player):
        raise Refused(_("Sign up to follow a thread."), 403)
    if following:
        ThreadFollower.objects.get_or_create(thread=thread, user=player)
    else:
        ThreadFollower.objects.filter(thread=thread, user=player).delete()


def quoted(post: Post) -> str:
    """The post as a reply quotes it: its author named, its text in a Markdown quote."""
    lines = "\n".join(f"> {line}" if line else ">" for line in post.text.splitlines())
    return f"> **@{post.author.username}:**\n>\n{lines}\n\n"


# Reading.


def threads(board: Board, player):
    """The board's threads, the pinned first, then the latest talked in; the hidden ones only
    to those who keep the board."""
    listed = Thread.objects.filter(board=board).select_related("author")
    if not may_keep(player, board):
        listed = listed.filter(hidden=False)
    return listed.order_by("-pinned", "-last_post_at", "-id")


def thread_on(board: Board, thread_id: int) -> Thread | None:
    return Thread.objects.filter(board=board, pk=thread_id).select_related("author").first()


def page_of(thread: Thread, number: int) -> list[Post]:
    """The thread's page `number` (1 the first): its posts read off their numbers' index,
    however long the thread."""
    first = (number - 1) * POSTS_A_PAGE + 1
    shown = Post.objects.filter(thread=thread, number__gte=first, number__lt=first + POSTS_A_PAGE)
    return list(shown.select_related("author").order_by("number"))


def pages_of(thread: Thread) -> int:
    return max(1, -(-thread.posts_count // POSTS_A_PAGE))


def reactions_on(posts: list[Post], player) -> dict[int, list[tuple[str, str, int, bool]]]:
    """Each post's reactions: (kind, its words, how many, whether `player` gave it)."""
    counts: dict[int, dict[str, int]] = {}
    mine: set[tuple[int, str]] = set()
    for post_id, user_id, kind in Reaction.objects.filter(post__in=posts).values_list(
        "post_id", "user_id", "kind"
    ):
        counts.setdefault(post_id, {}).setdefault(kind, 0)
        counts[post_id][kind] += 1
        if user_id == player.pk:
            mine.add((post_id, kind))
    return {
        post.pk: [
            (kind, words, counts.get(post.pk, {}).get(kind, 0), (post.pk, kind) in mine)
            for kind, words in Reaction.Kind.choices
        ]
        for post in posts
    }


def address_of(post: Post) -> str:
    """The post's place: its thread's page, at the post."""
    page = (post.number - 1) // POSTS_A_PAGE + 1
    thread = post.thread
    where = reverse("forum-thread", args=[thread.board.slug, thread.pk])
    return f"{where}?page={page}#post-{post.number}" if page > 1 else f"{where}#post-{post.number}"


# Within.


def _checked(text: str) -> str:
    refuse_nulls(text)
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise Refused(_("Write something first."))
    if len(text) > POST_LENGTH:
        raise Refused(_("A post is at most %(most)s characters long.") % {"most": POST_LENGTH})
    return text


def _has_played(player) -> bool:
    return Seat.objects.filter(user=player, game__finished_at__isnull=False).exists()


def _within_a_day(player) -> None:
    day = clocks.now() - timedelta(days=1)
    if Post.objects.filter(author=player, created_at__gt=day).count() >= MOST_A_DAY:
        raise Refused(
            ngettext(
                "You wrote %(most)s post today, the most one may: wait a day.",
                "You wrote %(most)s posts today, the most one may: wait a day.",
                MOST_A_DAY,
            )
            % {"most": MOST_A_DAY},
            429,
        )


def _tell_followers(post: Post) -> None:
    """The thread's followers but the writer told, in their languages, in a few queries."""
    thread = post.thread
    followers = ThreadFollower.objects.filter(thread=thread).exclude(user=post.author)
    address = address_of(post)
    notices = []
    for follower in followers.select_related("user__profile"):
        with language.for_user(follower.user):
            text = _("%(name)s wrote in “%(thread)s”.") % {
                "name": post.author.username,
                "thread": thread.title,
            }
        notices.append((follower.user, text, None, address))
    if notices:
        notify.tell_each(Notification.Kind.FORUM, notices, by_email=False)
