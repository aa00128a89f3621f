"""Following and blocking from a player's profile, and a player's own lists of whom they
follow, who follows them and whom they block (private to them, as lichess keeps them)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from play.accounts import accounts
from play.common import paging
from play.common.errors import Refused
from play.relations import relations

CHANGES = {
    "follow": relations.follow,
    "unfollow": relations.unfollow,
    "block": relations.block,
    "unblock": relations.unblock,
}
LISTS = {
    "following": (relations.following, "to_user"),
    "followers": (relations.followers, "from_user"),
    "blocked": (relations.blocked, "to_user"),
}
PER_PAGE = 50


@login_required
@require_POST
def change(request, username, change):
    """Follow, unfollow, block or unblock the player; back to their profile, told why not
    where it may not be."""
    other = accounts.player_named(username)
    try:
        CHANGES[change](request.user, other)
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect("profile", other.username)


@login_required
@require_GET
def listed(request, which):
    listing, whom = LISTS[which]
    page = paging.page(request, listing(request.user), "page", PER_PAGE)
    players = [(getattr(relation, whom), relation.created_at) for relation in page]
    context = {"which": which, "page": page, "players": players, "lists": list(LISTS)}
    return render(request, "relations/list.html", context)
