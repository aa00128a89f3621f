"""Keeping the forum: the moderators on every board, a club's leaders on their club's, hide
and show posts, and lock, pin, hide and move threads. Each change is made under the thread's
row lock, and refused to anyone else with nothing changed."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from play.common.errors import Refused
from play.forum import forum
from play.models import Board, Post, Thread

THREAD_CHANGES = {  # the thread's field each change sets, and to what
    "lock": ("locked", True),
    "unlock": ("locked", False),
    "pin": ("pinned", True),
    "unpin": ("pinned", False),
    "hide": ("hidden", True),
    "show": ("hidden", False),
}


def change_thread(keeper, thread: Thread, change: str) -> None:
    field, value = THREAD_CHANGES[change]
    with transaction.atomic():
        thread = _kept(keeper, thread)
        setattr(thread, field, value)
        thread.save(update_fields=[field])


def hide_post(keeper, post: Post, hidden: bool) -> None:
    """A post hidden from its readers (or shown again)."""
    with transaction.atomic():
        _kept(keeper, post.thread)
        Post.objects.filter(pk=post.pk).update(hidden=hidden)


def move(keeper, thread: Thread, board: Board) -> None:
    """The thread, with its posts, to another board the keeper keeps."""
    with transaction.atomic():
        thread = _kept(keeper, thread)
        if not forum.may_keep(keeper, board):
            raise Refused(_("You do not keep that board."), 403)
        if board.pk == thread.board_id:
            return
        posts = thread.posts_count
        Board.objects.filter(pk=thread.board_id).update(
            threads_count=F("threads_count") - 1, posts_count=F("posts_count") - posts
        )
        Board.objects.filter(pk=board.pk).update(
            threads_count=F("threads_count") + 1, posts_count=F("posts_count") + posts
        )
        thread.board = board
        thread.save(update_fields=["board"])


def _kept(keeper, thread: Thread) -> Thread:
    thread = (
        Thread.objects.select_for_update(of=("self",))
        .select_related("board__club")
        .get(pk=thread.pk)
    )
    if not forum.may_keep(keeper, thread.board):
        raise Refused(_("Only the moderators, and a club's leaders on its board, do that."), 403)
    return thread
