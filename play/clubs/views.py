"""The clubs: their list, founding one, a club's page (its members, paged and searchable, its
leaders, its recent games), joining and leaving, and its leaders' work: describing it,
deciding requests, removing and appointing members, writing to all of them."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.accounts import accounts
from play.clubs import clubs, letters
from play.clubs.forms import ClubForm, ClubLetterForm, JoinForm
from play.common import limits, paging
from play.common.errors import Refused
from play.common.forms import submitted
from play.common.pages import found
from play.models import Club

CLUBS_A_PAGE = 30
MEMBERS_A_PAGE = 50
NAME_SEARCHED = 60  # characters of a name looked for: a club's or a player's name is no longer
DECISIONS = {"accept": clubs.accept, "decline": clubs.decline}
MEMBER_ACTIONS = {"remove": clubs.remove, "appoint": clubs.appoint}


def _club(slug: str) -> Club:
    return found(Club.objects.all(), _("There is no club at this address."), slug=slug)


def _led(request, slug: str) -> Club:
    """The club at `slug`, for one of its leaders' pages; 403 for anyone else."""
    club = _club(slug)
    if not clubs.is_leader(request.user, club):
        raise PermissionDenied(_("Only the club's leaders do that."))
    return club


def _searched(request, name: str) -> str:
    return " ".join(request.GET.get(name, "").split())[:NAME_SEARCHED]


@require_GET
def index(request):
    named = _searched(request, "q")
    context = {
        "page": paging.page(request, clubs.clubs(named), "page", CLUBS_A_PAGE),
        "named": named,
        "mine": list(clubs.clubs_of(request.user)),
    }
    return render(request, "clubs/index.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def new(request):
    form = ClubForm(request.POST if request.method == "POST" else None)
    club, status = submitted(request, form, lambda data: clubs.found(request.user, **data))
    if club is not None:
        return redirect("club", club.slug)
    context = {"form": form, "refused": clubs.refused_founding(request.user)}
    return render(request, "clubs/new.html", context, status=status)


@require_GET
def club(request, slug):
    club = _club(slug)
    named = _searched(request, "member")
    mine = clubs.membership(request.user, club)
    context = {
        "club": club,
        "mine": mine,
        "asked": clubs.request_of(request.user, club) if mine is None else None,
        "members": paging.page(request, clubs.members(club, named), "page", MEMBERS_A_PAGE),
        "named": named,
        "leaders": list(clubs.leaders(club)),
        "games": clubs.recent_games(club),
        "events": clubs.events(club),
        "requests": clubs.requests(club).count() if mine and mine.leader else 0,
        "join_form": JoinForm(),
    }
    return render(request, "clubs/club.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def describe(request, slug):
    club = _led(request, slug)
    form = ClubForm.of(club, request.POST if request.method == "POST" else None)
    saved, status = submitted(
        request, form, lambda data: clubs.describe(request.user, club, **data)
    )
    if saved is not None:
        messages.success(request, _("The club's description is saved."))
        return redirect("club", saved.slug)
    return render(request, "clubs/describe.html", {"club": club, "form": form}, status=status)


def _acted(request, club: Club, action, *args, done: str, back: str = "club"):
    """`action(...)` done, and back to the club's page (or its page `back`) saying so, or why
    not."""
    try:
        action(*args)
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect(back, club.slug)


@login_required
@require_POST
@limits.limited("club")
def join(request, slug):
    club = _club(slug)
    form = JoinForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("An answer is at most %(most)s characters long.") % {
            "most": form.fields["answer"].max_length})  # fmt: skip
        return redirect("club", club.slug)
    try:
        joined = clubs.join(request.user, club, form.cleaned_data["answer"])
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        if joined:
            messages.success(request, _("You are a member of %(club)s.") % {"club": club.name})
        else:
            messages.success(request, _("Your request is sent: a leader will answer it."))
    return redirect("club", club.slug)


@login_required
@require_POST
@limits.limited("club")
def leave(request, slug):
    club = _club(slug)
    done = _("You are not a member of %(club)s any more.") % {"club": club.name}
    if clubs.request_of(request.user, club) is not None:
        done = _("Your request is withdrawn.")
    return _acted(request, club, clubs.leave, request.user, club, done=done)


@login_required
@require_POST
@limits.limited("club")
def step_down(request, slug):
    club = _club(slug)
    done = _("You are no longer a leader.")
    return _acted(request, club, clubs.step_down, request.user, club, done=done)


@login_required
@require_POST
@limits.limited("club")
def member(request, slug, username, action):
    club = _club(slug)
    player = accounts.player_named(username)
    if action == "remove":
        done = _("%(name)s is not a member any more.") % {"name": player.username}
    else:
        done = _("%(name)s is a leader now.") % {"name": player.username}
    return _acted(request, club, MEMBER_ACTIONS[action], request.user, club, player, done=done)


@login_required
@require_GET
def requests(request, slug):
    club = _led(request, slug)
    page = paging.page(request, clubs.requests(club), "page", MEMBERS_A_PAGE)
    return render(request, "clubs/requests.html", {"club": club, "page": page})


@login_required
@require_POST
@limits.limited("club")
def decide(request, slug, username, decision):
    club = _club(slug)
    player = accounts.player_named(username)
    if decision == "accept":
        done = _("%(name)s is a member now.") % {"name": player.username}
    else:
        done = _("%(name)s's request is declined.") % {"name": player.username}
    return _acted(
        request, club, DECISIONS[decision], request.user, club, player, done=done,
        back="club-requests",
    )  # fmt: skip


@login_required
@require_http_methods(["GET", "POST"])
def write(request, slug):
    """A message to all the club's members, from one of its leaders."""
    club = _led(request, slug)
    form = ClubLetterForm(request.POST if request.method == "POST" else None)
    reached, status = submitted(
        request, form, lambda data: letters.send(request.user, club, data["text"])
    )
    if reached is not None:
        sent = ngettext("Sent to %(count)s member.", "Sent to %(count)s members.", reached)
        messages.success(request, sent % {"count": reached})
        return redirect("club", club.slug)
    context = {
        "club": club,
        "form": form,
        "sent": letters.sent(club)[:20],
        "left": max(0, letters.MOST_A_WEEK - letters.sent_this_week(club)),
    }
    return render(request, "clubs/write.html", context, status=status)
