"""The tournaments' pages: the list (starting soon, in play, finished), the forms for a new
arena and a new Swiss, and a tournament's page (its standings, the player's game, joining
and pausing, a Swiss's rounds), with its results to download."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.clubs import clubs
from play.common import clocks, limits, paging
from play.common.errors import Refused
from play.common.pages import found
from play.models import Game, Pairing, Tournament, TournamentPlan
from play.models.clubs import CLUB_NAME_LENGTH
from play.round.page import durations
from play.tournaments import (
    arenas,
    battles,
    chat,
    entries,
    exports,
    standings,
    swisses,
    words,
)
from play.tournaments.forms import ArenaForm, SwissForm

GAMES_SHOWN = 50  # a page of a tournament's games


@require_GET
def every_tournament(request):
    every = Tournament.objects.filter(club=None)  # a club's are on its page
    # The site's arenas come every hour, played or not: the finished ones shown were played.
    played = every.filter(status=Tournament.Status.FINISHED, players__isnull=False).distinct()
    lists = {
        Tournament.Status.CREATED: every.filter(status="created").order_by("starts_at")[:50],
        Tournament.Status.STARTED: every.filter(status="started").order_by("starts_at")[:50],
        Tournament.Status.FINISHED: played.order_by("-finished_at")[:50],
    }
    schedule = [
        (plan, words.plan_title(plan), words.plan_when(plan))
        for plan in TournamentPlan.objects.filter(active=True)
    ]
    return render(request, "tournaments/index.html", {"lists": lists, "plans": schedule})


def _tournament(public_id: str) -> Tournament:
    return found(Tournament.objects.all(), _("There is no tournament at that address."),
                 public_id=public_id)  # fmt: skip


@require_GET
def tournament(request, public_id):
    return _page(request, _tournament(public_id))


def _page(request, shown: Tournament, refusal: Refused | None = None):
    page = paging.page(request, standings.ranked(shown), "page", standings.SHOWN)
    mine = (
        shown.players.filter(user=request.user).first() if request.user.is_authenticated else None
    )
    in_play = Game.objects.filter(tournament=shown, status__in=Game.IN_PLAY)
    every_game = (
        Pairing.objects.filter(tournament=shown)
        .select_related("game", "white", "black")
        .order_by("-round", "-created_at", "-pk")
    )
    context = {
        "tournament": shown,
        "pacing": words.pacing(shown),
        "page": page,
        "standings": mark_safe(standings.html(shown, page)),
        "mine": mine,
        "my_game": in_play.filter(seats__user=request.user).first() if mine else None,
        "pairings": paging.page(request, every_game, "games", GAMES_SHOWN),
        "podium": [(p, standings.plural_of(p.score)) for p in standings.ranked(shown)[:3]]
        if shown.status == "finished"
        else [],
        # The game the sweeper last chose and pushed (not chosen again for each visitor);
        # drawn before the start too: the push that shows the first game fills it in.
        "top": ""
        if shown.status == "finished"
        else mark_safe(standings.top_html(standings.shown_top(shown))),
        "chat": mark_safe(chat.html(shown)),
        "hidden_authors": chat.hidden_authors(shown, request.user),
        "may_chat": chat.may_write(shown, request.user),
        "playing_for": battles.clubs_of(shown, request.user) if shown.is_battle else [],
        "may_start_round": _may_start_round(shown, request.user),
        "refusal": refusal and refusal.message,
        "durations": durations(translation.get_language()),  # the countdowns' words
    }
    return render(request, "tournaments/tournament.html", context,
                  status=refusal.status if refusal else 200)  # fmt: skip


def _may_start_round(shown: Tournament, user) -> bool:
    return (
        shown.pacing == Tournament.Pacing.MANUAL
        and shown.status == Tournament.Status.STARTED
        and user.is_authenticated
        and user.pk == shown.created_by_id
        and shown.round_number < shown.rounds
        and swisses.round_over(shown)
    )


def _new(kind: str):
    """The form for a new tournament of a kind, and a tournament made from it (anonymous
    players are asked to sign up)."""
    form_class, make = {"arena": (ArenaForm, _make_arena), "swiss": (SwissForm, _make_swiss)}[kind]

    @login_required
    @require_http_methods(["GET", "POST"])
    def view(request):
        initial = {"name": "", "time_control": "live", "club": request.GET.get("club", "")}
        led = clubs.led_by(request.user)
        form = form_class(request.POST or None, initial=initial, led=led)
        context = {"form": form, "kind": kind}
        if request.method == "GET":
            return render(request, "tournaments/new.html", context)

        def again(status=200):
            return render(request, "tournaments/new.html", context, status=status)

        if past := limits.form_past("challenge", request, form, again):
            return past
        if not form.is_valid():
            return again(400)
        data = form.cleaned_data
        try:
            made = make(request.user, form, name=data["name"], game_slug=data["game"],
                        options=form.options(), time_control=form.clock(),
                        starts_at=clocks.now() + timedelta(minutes=data["starts_in"]),
                        rating_min=data["rating_min"], rating_max=data["rating_max"],
                        min_rated_games=data["min_rated_games"] or 0,
                        password=data["password"], club=form.led.get(data["club"]))  # fmt: skip
        except Refused as exc:
            form.add_error(None, exc.message)
            return again(exc.status)
        messages.success(
            request,
            _("%(tournament)s is made: share its address for others to join.")
            % {"tournament": made.name},
        )
        return redirect(made)

    return view


def _make_arena(user, form, **fields) -> Tournament:
    data = form.cleaned_data
    return arenas.create(user, minutes=data["duration"], rated=data["rated"],
                         battle=form.battle(), **fields)  # fmt: skip


def _make_swiss(user, form, **fields) -> Tournament:
    data = form.cleaned_data
    return swisses.create(user, rounds=data["rounds"], pacing=data["pacing"],
                          interval_minutes=data["interval"], rated=data["rated"],
                          **fields)  # fmt: skip


new_arena = _new("arena")
new_swiss = _new("swiss")


def _act(function, done: str):
    """A POST on a tournament through one service call: back to its page (with `done`, which
    may name the tournament), or its page with the refusal."""

    @login_required
    @require_POST
    def view(request, public_id):
        shown = _tournament(public_id)
        try:
            function(request, shown)
        except Refused as exc:
            return _page(request, shown, exc)
        messages.success(request, str(done) % {"tournament": shown.name})
        return redirect(shown)

    return view


join = _act(
    lambda request, shown: entries.join(
        shown,
        request.user,
        request.POST.get("password", "")[: entries.PASSWORD_LENGTH + 1],
        request.POST.get("club", "")[: CLUB_NAME_LENGTH + 1],
    ),
    gettext_lazy("You are in %(tournament)s."),
)
pause = _act(
    lambda request, shown: entries.pause(shown, request.user),
    gettext_lazy("Paused: you will not be paired until you join again."),
)
start_round = _act(
    lambda request, shown: swisses.start_round(shown, by=request.user),
    gettext_lazy("The round has begun."),
)


@require_GET
def report(request, public_id):
    """A Swiss so far as a FIDE report file, to check its pairings with another engine."""
    shown = _tournament(public_id)
    if shown.is_arena:
        return HttpResponse(_("An arena has no rounds to report."), status=404,
                            content_type="text/plain")  # fmt: skip
    answer = HttpResponse(swisses.report(shown), content_type="text/plain; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="{shown.public_id}.trf"'
    return answer


@require_GET
def results_csv(request, public_id):
    shown = _tournament(public_id)
    answer = HttpResponse(exports.csv_text(shown), content_type="text/csv; charset=utf-8")
    answer["Content-Disposition"] = f'attachment; filename="{shown.public_id}.csv"'
    return answer


@require_GET
def results_json(request, public_id):
    return JsonResponse(exports.as_json(_tournament(public_id)))


def _chat_answer(request, notice: str, public_id: str) -> HttpResponse:
    return HttpResponse(chat.html(_tournament(public_id), notice=notice))


@login_required
@require_POST
@limits.limited("chat", _chat_answer)
def post_chat(request, public_id):
    shown = _tournament(public_id)
    try:
        chat.post(shown, request.user, request.POST.get("text", ""))
    except Refused as exc:
        if not request.htmx:
            return _page(request, shown, exc)
        answer = _chat_answer(request, exc.message, public_id)
        answer.status_code = exc.status
        return answer
    if not request.htmx:
        return redirect(shown)
    return HttpResponse(chat.html(shown))
