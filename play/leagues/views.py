"""The championships' and cups' pages: the list, an edition (divisions and groups, or a
cup's rounds), a group's crosstable; joining and leaving."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import rules
from play.clubs import clubs
from play.common import language, numbers
from play.common.errors import Refused
from play.common.forms import submitted
from play.common.pages import found
from play.leagues import championships, cups, founding, pages
from play.leagues.forms import ChampionshipForm
from play.models import Championship, Club, Edition, LeagueGroup

MOST_EDITIONS = 100_000
MOST_TIERS = 100  # divisions or rounds
MOST_GROUPS = 30_000


@login_required
@require_http_methods(["GET", "POST"])
def new(request):
    """A club's championship or cup, made by one of its leaders (`?club=` names the club)."""
    club = found(Club.objects.filter(closed_at=None), _("There is no club at this address."),
                 slug=request.GET.get("club", ""))  # fmt: skip
    if not clubs.is_leader(request.user, club):
        raise PermissionDenied(_("Only the club's leaders make its events."))
    form = ChampionshipForm(request.POST if request.method == "POST" else None)

    def made(data):
        return founding.found(
            request.user, club, name=data["name"], kind=data["kind"], game_slug=data["game"],
            options=form.options(), time_control=form.clock(),
            games_per_pair=data["games_per_pair"], starts_in_days=data["starts_in_days"],
        )  # fmt: skip

    championship, status = submitted(request, form, made)
    if championship is not None:
        return redirect(championship)
    return render(request, "leagues/new.html", {"form": form, "club": club}, status=status)


@require_GET
def every_championship(request):
    context = {"by_game": pages.every_championship(request.user)}
    return render(request, "leagues/index.html", context)


def _championship(slug: str) -> Championship:
    """The championship the address names; a game's championship with a clock it does not
    have is a 404 that says which clocks it has."""
    try:
        return Championship.objects.get(slug=slug)
    except Championship.DoesNotExist:
        pass
    game = next((g for g in rules.games() if slug.startswith(g.slug + "-")), None)
    if game is None:
        raise Http404(_("There is no championship at that address."))
    names = Championship.objects.filter(game_slug=game.slug).values_list("name", flat=True)
    raise Http404(_("%(game)s has no championship with that clock. Its championships and "
                    "cup: %(names)s.") % {"game": language.translated(game.name),
                                          "names": "; ".join(names)})  # fmt: skip


@require_GET
def championship(request, slug):
    chosen = _championship(slug)
    return _edition_page(request, chosen, championships.current(chosen))


@require_GET
def edition(request, slug, number):
    chosen = _championship(slug)
    number = numbers.whole(number, _("the edition"), MOST_EDITIONS, 1)
    missing = _("The %(championship)s has no edition %(number)s.")
    missing %= {"championship": chosen.name, "number": number}
    shown = found(chosen.editions, missing, number=number)
    return _edition_page(request, chosen, shown)


def _edition_page(request, chosen, shown: Edition | None, refusal: Refused | None = None):
    context = pages.edition_page(chosen, shown, request.user)
    context["refusal"] = refusal and refusal.message
    return render(
        request, "leagues/championship.html", context, status=refusal.status if refusal else 200
    )


@require_GET
def group(request, slug, number, tier, place):
    chosen = _championship(slug)
    number = numbers.whole(number, _("the edition"), MOST_EDITIONS, 1)
    tier = numbers.whole(tier, _("the division or round"), MOST_TIERS, 1)
    place = numbers.whole(place, _("the group"), MOST_GROUPS, 1)
    missing = _("The %(championship)s has no such group in edition %(number)s.")
    missing %= {"championship": chosen.name, "number": number}
    shown = found(
        LeagueGroup.objects.select_related("edition__championship"),
        missing,
        edition__championship=chosen, edition__number=number, tier=tier, number=place,
    )  # fmt: skip
    return render(request, "leagues/group.html", pages.crosstable(shown))


@login_required
@require_POST
def join(request, slug):
    chosen = _championship(slug)
    action = cups.enter if chosen.is_cup else championships.join
    return _acted(request, chosen, lambda: action(chosen, request.user),
                  _("You are in the %(championship)s."))  # fmt: skip


@login_required
@require_POST
def leave(request, slug):
    """Leave a championship or a cup: only ever for oneself."""
    chosen = _championship(slug)
    action = cups.withdraw if chosen.is_cup else championships.leave

    def leaving():
        if request.POST.get("player", request.user.username) != request.user.username:
            raise Refused(_("You may leave only for yourself: nobody was taken out."), 403)
        action(chosen, request.user)

    return _acted(request, chosen, leaving, _("You have left the %(championship)s."))


def _acted(request, chosen: Championship, act, done: str):
    """Back to the championship's page: with its word of success (`done`, naming the
    championship), or the refusal on it."""
    try:
        act()
    except Refused as exc:
        return _edition_page(request, chosen, championships.current(chosen), exc)
    messages.success(request, done % {"championship": chosen.name})
    return redirect(chosen)
