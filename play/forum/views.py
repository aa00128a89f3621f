"""The forum's pages: its boards, a board's threads (and a new one), a thread's posts page by
page (and a reply, a quote, an edit, reactions, following), and the keepers' actions."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.clubs import clubs
from play.common import limits, numbers, paging
from play.common.errors import Refused
from play.common.forms import submitted
from play.forum import forum, keeping
from play.forum.forms import PostForm, ThreadForm
from play.models import Board, Club, Post, Thread
from play.search import search

MOST_POSTS = 10_000_000  # a post's number in its thread, or its id, at most
SEARCHED = 100  # characters of a search


def _board(request, slug: str) -> Board:
    """The board at `slug`, if the reader may read it; a club's board is made with its first
    visit. A board one may not read is a 404 saying so, as a private one is no one's to see."""
    board = forum.board_named(slug)
    if board is None and slug.startswith("club-"):
        club = Club.objects.filter(slug=slug.removeprefix("club-"), closed_at=None).first()
        board = forum.board_of(club) if club is not None else None
    if board is None:
        raise Http404(_("There is no board at this address."))
    if not forum.may_read(request.user, board):
        raise Http404(_("This board is for the club's members."))
    return board


def _thread(request, slug: str, thread_id: str) -> Thread:
    board = _board(request, slug)
    number = numbers.whole(thread_id, _("the thread"), numbers.MOST_IDS)
    thread = forum.thread_on(board, number)
    if thread is None or (thread.hidden and not forum.may_keep(request.user, board)):
        raise Http404(_("There is no thread at this address."))
    thread.board = board
    return thread


def _post(request, post_id: str) -> Post:
    number = numbers.whole(post_id, _("the post"), numbers.MOST_IDS)
    post = Post.objects.select_related("thread__board__club", "author").filter(pk=number).first()
    if post is None or not forum.may_read(request.user, post.thread.board):
        raise Http404(_("There is no post at this address."))
    return post


@require_GET
def index(request):
    mine = [forum.board_of(club) for club in clubs.clubs_of(request.user)]
    return render(request, "forum/index.html", {"boards": list(forum.boards()), "mine": mine})


@require_GET
def found(request):
    """The latest posts holding every word asked, that the reader may read."""
    asked = " ".join(request.GET.get("q", "").split())[:SEARCHED]
    posts = search.posts(asked, request.user) if asked else []
    context = {"asked": asked, "found": [(post, forum.address_of(post)) for post in posts]}
    return render(request, "forum/search.html", context)


@require_http_methods(["GET", "POST"])
@limits.limited("post")
def board(request, slug):
    """A board's threads; a POST starts a thread on it."""
    shown = _board(request, slug)
    form = ThreadForm(request.POST if request.method == "POST" else None)
    started, status = submitted(
        request, form,
        lambda data: forum.start_thread(request.user, shown, data["title"], data["text"]),
    )  # fmt: skip
    if started is not None:
        return redirect("forum-thread", shown.slug, started.pk)
    context = {
        "board": shown,
        "page": paging.page(
            request, forum.threads(shown, request.user), "page", forum.THREADS_A_PAGE
        ),  # fmt: skip
        "form": form,
        "refused": forum.refused_writing(request.user, shown),
        "keeps": forum.may_keep(request.user, shown),
    }
    return render(request, "forum/board.html", context, status=status)


@require_http_methods(["GET", "POST"])
@limits.limited("post")
def thread(request, slug, thread_id):
    """A page of the thread's posts; a POST replies at its end. `?quote=N` fills the reply
    with post N quoted."""
    shown = _thread(request, slug, thread_id)
    form = PostForm(request.POST if request.method == "POST" else None)
    posted, status = submitted(
        request, form, lambda data: forum.reply(request.user, shown, data["text"])
    )
    if posted is not None:
        return redirect(forum.address_of(posted))
    last = forum.pages_of(shown)
    number = request.GET.get("page")
    number = min(numbers.whole(number, _("the page"), numbers.MOST_PAGES, 1), last) if number else 1
    quote = numbers.optional(request.GET.get("quote"), _("the post quoted"), MOST_POSTS)
    if quote and request.method == "GET":
        quoted = Post.objects.filter(thread=shown, number=quote, hidden=False).first()
        if quoted is not None:
            form = PostForm(initial={"text": forum.quoted(quoted)})
    posts = forum.page_of(shown, number)
    reactions = forum.reactions_on(posts, request.user)
    keeps = forum.may_keep(request.user, shown.board)
    refused = forum.refused_writing(request.user, shown.board, shown)
    context = {
        "board": shown.board,
        "thread": shown,
        "posts": [(post, reactions[post.pk]) for post in posts],
        "number": number,
        "pages": range(1, last + 1),
        "last": last,
        "form": form,
        "refused": refused,
        "keeps": keeps,
        "boards": list(Board.objects.filter(club=None)) if keeps and request.user.is_staff else [],
        "following": request.user.is_authenticated
        and shown.followers.filter(user=request.user).exists(),
        "editable": forum.editable(posts, request.user, refused),
        "changes": [
            name
            for name, (field, value) in keeping.THREAD_CHANGES.items()
            if getattr(shown, field) != value
        ],  # fmt: skip
    }
    return render(request, "forum/thread.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def edit(request, post_id):
    post = _post(request, post_id)
    if refusal := forum.refused_editing(request.user, post):
        raise PermissionDenied(refusal)
    form = PostForm(request.POST if request.method == "POST" else None, initial={"text": post.text})
    edited, status = submitted(
        request, form, lambda data: forum.edit(request.user, post, data["text"])
    )
    if edited is not None:
        return redirect(forum.address_of(edited))
    return render(request, "forum/edit.html", {"post": post, "form": form}, status=status)


@login_required
@require_POST
@limits.limited("post")
def react(request, post_id):
    """The reader's reaction of the kind chosen (the button's `kind`), given or taken back."""
    post = _post(request, post_id)
    try:
        forum.react(request.user, post, request.POST.get("kind", "")[:16])
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect(forum.address_of(post))


@login_required
@require_POST
def follow(request, slug, thread_id, following):
    shown = _thread(request, slug, thread_id)
    forum.follow(request.user, shown, following)
    if following:
        messages.success(request, _("You follow this thread: you are told of each new post."))
    else:
        messages.success(request, _("You no longer follow this thread."))
    return redirect("forum-thread", shown.board.slug, shown.pk)


@login_required
@require_POST
def change(request, slug, thread_id, change):
    """A keeper locks, pins or hides the thread (or undoes it), or moves it (`board`)."""
    shown = _thread(request, slug, thread_id)
    try:
        if change == "move":
            to = forum.board_named(request.POST.get("board", "")[:80])
            if to is None:
                raise Refused(_("There is no board at this address."), 404)
            keeping.move(request.user, shown, to)
            return redirect("forum-thread", to.slug, shown.pk)
        keeping.change_thread(request.user, shown, change)
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect("forum-thread", shown.board.slug, shown.pk)


@login_required
@require_POST
def hide_post(request, post_id, hidden):
    post = _post(request, post_id)
    try:
        keeping.hide_post(request.user, post, hidden)
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect(forum.address_of(post))
