"""The leaderboards: the established players of each game at each speed."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

import rules
from play.common import numbers, paging
from play.ratings import ratings

PER_PAGE = 25


@require_GET
def leaderboard(request, slug):
    try:
        game = rules.get(slug)
    except ValueError:
        raise Http404(_("Imperia has no game called %(slug)s.") % {"slug": slug}) from None
    speed = request.GET.get("speed", "live")
    if speed not in ratings.SPEEDS:
        raise numbers.Malformed(_("Malformed request: the speed is live or correspondence."))
    page = paging.page(request, ratings.leaders(slug, speed), "page", PER_PAGE)
    context = {
        "game": game,
        "speed": speed,
        "speed_name": ratings.SPEED_WORDS[speed],
        "speeds": ratings.SPEEDS,
        "page": page,
        "first_rank": page.start_index(),
        "games": rules.games(),
        "provisional_rd": ratings.PROVISIONAL_RD,
        "active_days": ratings.ACTIVE_DAYS,
    }
    return render(request, "play/leaderboard.html", context)
