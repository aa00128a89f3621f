"""The game search's page: the form, and the games it finds, paged, the search in the
address so that it can be shared."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from play.common import paging
from play.search import games
from play.search.forms import GameSearchForm

GAMES_A_PAGE = 30


@require_GET
def game_search(request):
    asked = {key: value for key, value in request.GET.items() if key != "page"}
    form = GameSearchForm(asked or None)
    context = {"form": form, "asked": bool(asked)}
    if not asked:
        return render(request, "search/games.html", context)
    if not form.is_valid():  # nothing looked for: why, and the form as it was
        return render(request, "search/games.html", context, status=400)
    found = games.found(form.asked()).prefetch_related("seats__user")
    context["page"] = paging.page(request, found, "page", GAMES_A_PAGE)
    return render(request, "search/games.html", context)
