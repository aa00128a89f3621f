"""The inbox, a conversation with one player, and writing to them."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from play.accounts import accounts
from play.common import limits, paging
from play.common.errors import Refused
from play.inbox import inbox
from play.inbox.forms import LetterForm

IN_THE_INBOX = 30  # conversations a page
IN_A_CONVERSATION = 50  # messages a page


@login_required
@require_GET
def inbox_page(request):
    page = paging.page(request, inbox.inbox(request.user), "page", IN_THE_INBOX)
    return render(request, "inbox/inbox.html", {"page": page})


def _write(request, other, form, status=200):
    """The form to write to `other`, as the conversation's page shows it (htmx's answer)."""
    context = {"other": other, "form": form, "refused": inbox.refused(request.user, other)}
    return render(request, "inbox/write.html", context, status=status)


def _past_the_limit(request, message, username):
    form = LetterForm(request.POST)
    form.add_error(None, message)
    return _write(request, accounts.player_named(username), form)


@login_required
@limits.limited("letter", _past_the_limit)
def conversation(request, username):
    """The conversation with the player, its latest messages last; its older ones page by
    page. Reading it marks it read. A POST writes to them."""
    other = accounts.player_named(username)
    side = inbox.side_with(request.user, other)
    form = LetterForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                letter = inbox.send(request.user, other, form.cleaned_data["text"])
            except Refused as exc:
                form.add_error(None, exc.message)
                status = exc.status
            else:
                if request.htmx and side is not None:
                    # The line added below the others, and the form emptied for the next.
                    response = _write(request, other, LetterForm())
                    line = {"letters": [letter], "reader": request.user, "other": other}
                    line |= inbox.added(letter)
                    response.content += render(request, "inbox/letters.html", line).content
                    return response
                response = redirect("conversation", other.username)
                if request.htmx:  # the first message: the page is the conversation's now
                    response = HttpResponse(headers={"HX-Redirect": response.url})
                return response
        else:
            status = 400
        if request.htmx:
            return _write(request, other, form, status)
    page = paging.page(request, inbox.letters(side), "page", IN_A_CONVERSATION) if side else None
    if side is not None:
        inbox.read(side)
    context = {
        "other": other,
        "side": side,
        "page": page,
        "shown": list(reversed(page.object_list)) if page else [],
        "form": form,
        "refused": inbox.refused(request.user, other, side),
    }
    return render(request, "inbox/conversation.html", context, status=status)


@login_required
@require_POST
def read(request, username):
    """The conversation open on a page took a pushed message: it is read."""
    side = inbox.side_with(request.user, accounts.player_named(username))
    if side is not None:
        inbox.read(side)
    return HttpResponse(status=204)
