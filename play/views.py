"""Thin views: parse the request, call one service function, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q, prefetch_related_objects
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import TemplateDoesNotExist, get_template, render_to_string
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import bots
import rules
from play.boards import renderer
from play.common import clocks, limits, numbers, paging
from play.common.errors import Refused
from play.computer import opponents
from play.forms import (
    ChallengeForm,
    ComputerGameForm,
    DisputeForm,
    ImportForm,
    NewGameForm,
    SeekFilter,
    SettingsForm,
    SignupForm,
    StatementForm,
    said,
)
from play.games import games, setup
from play.lobby import seeks
from play.models import Dispute, Game, Notification
from play.notify import dashboard, notify
from play.ratings import ratings
from play.referee import disputes
from play.review import records
from play.round import (
    charges,
    chat,
    confirm,
    forecasts,
    history,
    moves,
    notes,
    offers,
    playing,
    presenter,
)

NO_GAME = "There is no game at this address: check the link."


def _found(queryset, missing: str, **lookup):
    """The one object the address names, or a 404 saying in words what is missing."""
    try:
        return queryset.get(**lookup)
    except queryset.model.DoesNotExist:
        raise Http404(missing) from None


def _game(request, public_id: str) -> Game:
    return presenter.with_view_related(_target(request, public_id))


def _target(request, public_id: str) -> Game:
    """The game a POST acts on: its row alone, for the service locks and reloads it. A game
    the visitor may not read (Game.readable_by) is not there for them."""
    game = _found(Game.objects, NO_GAME, public_id=public_id)
    if not game.readable_by(request.user):
        raise Http404(NO_GAME)
    return game


def _answer(request, public_id: str, notice: str | None = None, status: int = 200, alerts=()):
    """htmx gets the fresh live fragment (with the notice); a plain form gets a redirect."""
    game = _game(request, public_id)
    if request.htmx:
        seat = presenter.seat_index(game, request.user)
        html = presenter.live_html(game, seat, notice=notice, alerts=alerts)
        return HttpResponse(html, status=status)
    if notice:
        messages.error(request, notice)
    return redirect(game)


def _rated_pages(request, lists: dict) -> dict:
    """Pages of games (key -> (queryset, its page's parameter)), each player named with their
    rating: the seats, the players and their ratings read once for all the pages, not once
    a list."""
    pages = {key: paging.page(request, queryset, name) for key, (queryset, name) in lists.items()}
    games = []
    for page in pages.values():
        page.object_list = list(page.object_list)
        games += page.object_list
    prefetch_related_objects(games, "seats__user", "invited_user", "created_by")
    ratings.label(games)
    return pages


@require_GET
def lobby(request):
    chosen = SeekFilter(request.GET)
    if not chosen.is_valid():
        raise numbers.Malformed("Malformed request: " + said(chosen))
    lists = {"seeks": (seeks.listed(request.user, **chosen.cleaned_data), "seeks")}
    user = request.user
    if user.is_authenticated:
        lists |= {
            "my_turn": (dashboard.my_turn(user), "turn"),
            "waiting": (dashboard.waiting(user), "waiting"),
            "sent": (dashboard.challenges_sent(user), "sent"),
            "received": (dashboard.challenges_received(user), "received"),
            "finished": (dashboard.finished(user), "finished"),
        }
    pages = _rated_pages(request, lists)
    context = {
        "seeks": pages.pop("seeks"),
        "seek_filter": chosen,
        "form": NewGameForm(),
        "computer_form": ComputerGameForm(),
        "games": rules.games(),
    }
    if user.is_authenticated:
        context["dash"] = pages
        context["dash"]["disputes"] = paging.page(request, dashboard.disputes(user), "disputes", 10)
    return render(request, "play/lobby.html", context)


@login_required
@require_POST
def new_game(request):
    form = NewGameForm(request.POST)
    try:
        limits.check("challenge", request)
    except limits.Limited as exc:  # the form comes back as it was typed, with the wait
        form.add_error(None, exc.message)
        return limits.too_many(_lobby_with(request, form), exc)
    if not form.is_valid():
        return _lobby_with(request, form, 400)
    try:
        data = form.cleaned_data
        game = games.create(
            request.user, data["game"], data["side"], data["listing"], form.options(),
            form.clock(), rated=data["rated"], rating_range=data["rating_range"],
        )  # fmt: skip
    except Refused as exc:
        form.add_error(None, exc.message)
        return _lobby_with(request, form, 400)
    return redirect(game)


def _lobby_with(request, form, status=200):
    """The lobby's forms again, the new game's as it was typed and with what was wrong."""
    context = {"form": form, "computer_form": ComputerGameForm(), "games": rules.games()}
    return render(request, "play/lobby.html", context, status=status)


@require_http_methods(["GET", "POST"])
def play_computer(request):
    """Play the computer: the choices (a game, its level, side, clock and options, any of them
    given in the address: ?game=empire&level=5), then a game begun at once."""
    if request.method != "POST":
        return _computer_page(request, ComputerGameForm(initial=_computer_choices(request.GET)))
    if not request.user.is_authenticated:
        return redirect(f"/login/?next={request.path}")
    form = ComputerGameForm(request.POST)
    try:
        limits.check("challenge", request)
    except limits.Limited as exc:  # the form comes back as it was chosen, with the wait
        form.add_error(None, exc.message)
        return limits.too_many(_computer_page(request, form), exc)
    if not form.is_valid():
        return _computer_page(request, form, 400)
    data = form.cleaned_data
    try:
        game = opponents.start(
            request.user, data["game"], data["level"], data["side"], form.options(), form.clock()
        )
    except Refused as exc:
        form.add_error(None, exc.message)
        return _computer_page(request, form, exc.status)
    return redirect(game)


def _computer_choices(query) -> dict:
    """A game and a level named in the address; a level that is not one is Malformed."""
    choices = {}
    if query.get("game") in {g.slug for g in rules.games()}:
        choices["game"] = query["game"]
    if query.get("level"):
        choices["level"] = numbers.whole(query["level"], "the level", bots.levels()[-1], 1)
    return choices


def _computer_page(request, form, status=200):
    return render(
        request,
        "play/computer.html",
        {"computer_form": form, "levels": opponents.levels()},
        status=status,
    )


@require_GET
def game_page(request, public_id):
    game = _game(request, public_id)
    response = _game_page(request, game)
    flip = request.GET.get("flip")
    if flip == "1":  # kept for this game's page and its socket, until turned back
        response.set_cookie(presenter.FLIP_COOKIE + game.public_id, "1", max_age=30 * 86400)
    elif flip == "0":
        response.delete_cookie(presenter.FLIP_COOKIE + game.public_id)
    return response


def _looking(request, game: Game) -> tuple[int | None, bool]:
    """The ply the page looks back to (None: the game as it is now), and whether the board is
    turned over (`?flip=1`/`0`, else as the page last left it)."""
    ply, flip = request.GET.get("ply"), request.GET.get("flip")
    if flip not in (None, "0", "1"):
        raise numbers.Malformed("Malformed request: flip is 0 or 1.")
    flipped = (
        request.COOKIES.get(presenter.FLIP_COOKIE + game.public_id) == "1"
        if flip is None
        else flip == "1"
    )
    ply = numbers.optional(ply, "the ply", numbers.MOST_PLIES)
    return (ply if ply is not None and ply < game.ply else None), flipped


def _board_html(game: Game, seat, request) -> str:
    ply, flipped = _looking(request, game)
    if ply is not None and game.status not in (Game.Status.OPEN, Game.Status.SETUP):
        return history.html(game, seat, ply, flipped)
    return presenter.live_html(game, seat, flipped=flipped)


def _game_page(request, game: Game, *, dispute_form=None, drafts=None, status=200):
    """The game's page. A dispute or a statement that was refused comes back in it with what
    was typed (`dispute_form`, bound; `drafts`: a dispute's pk -> the statement written)."""
    seat = presenter.seat_index(game, request.user)
    invite_url = None
    if seat is not None and game.listing == Game.Listing.INVITE and game.status == Game.Status.OPEN:
        invite_url = request.build_absolute_uri(f"/invite/{game.invite_token}")
    return render(
        request,
        "play/game.html",
        {
            "game": game,
            "seat": seat,
            "live": _board_html(game, seat, request),
            "chat": presenter.chat_html(game, request.user),
            "disputes": _disputes_with_drafts(game, drafts or {}) if seat is not None else [],
            "dispute_form": dispute_form or DisputeForm(initial={"ply": game.ply}),
            "invite_url": invite_url,
            "forecast": _forecast_card(request, game, seat) if seat is not None else "",
            "move_at_once": seat is None or not confirm.needed(request.user, game),
            "notes": notes.of(game, request.user) if seat is not None else None,
            "can_join": seat is None and game.status == Game.Status.OPEN,
            "has_fields": renderer(game.game_slug).has_fields,
            "zoomable": renderer(game.game_slug).zoomable,
            "legend": renderer(game.game_slug).legend(),
        },
        status=status,
    )


def _forecast_card(request, game: Game, seat: int, **context) -> str:
    """The player's conditional moves in a correspondence game, and the form to change them
    while the opponent is to move ("" where the game has none)."""
    if not forecasts.allowed(game) or game.is_over:
        return ""
    if game.status != Game.Status.ACTIVE:  # an empty place, drawn once play begins
        return render_to_string("play/partials/forecast.html", {"game": game, "waiting": True})
    context.setdefault("lines", forecasts.shown(game, seat))
    context.setdefault("typed", "\n".join(context["lines"]))
    context["editable"] = game.turn == 1 - seat
    return render_to_string(
        "play/partials/forecast.html", {"game": game, **context}, request=request
    )


@require_http_methods(["GET", "POST"])
@limits.limited(
    "move", lambda request, message, public_id: _forecast_answer(request, public_id, message)
)
def forecast(request, public_id):
    """GET: the player's card, redrawn when the game changes. POST: their new lines."""
    if request.method != "POST":
        return _forecast_answer(request, public_id)
    if not request.user.is_authenticated:
        return _forecast_answer(request, public_id, "Log in to play.", 403)
    text = request.POST.get("lines", "")
    try:
        lines = forecasts.save(_target(request, public_id), request.user, text)
    except Refused as exc:
        return _forecast_answer(request, public_id, exc.message, exc.status, typed=text)
    said = f"Saved: {len(lines)} line{'s' if len(lines) != 1 else ''}." if lines else "Cleared."
    return _forecast_answer(request, public_id, saved=said)


def _forecast_answer(request, public_id, notice=None, status=200, **context):
    game = _game(request, public_id)
    seat = presenter.seat_index(game, request.user)
    if seat is None:  # a spectator's page has no card; a spectator's post is refused
        if request.method != "POST":
            return HttpResponse("")
        notice, status = "Only the players of this game leave conditional moves.", 403
        return HttpResponse(
            format_html('<p class="notice" role="alert">{}</p>', notice), status=status
        )
    html = _forecast_card(request, game, seat, notice=notice, **context)
    if not html and notice:  # the game is over or has no place for lines: say why
        html = format_html('<p id="forecast" class="notice" role="alert">{}</p>', notice)
    return HttpResponse(html, status=status)


@login_required
@require_POST
@limits.limited("chat")
def save_notes(request, public_id):
    game, text = _target(request, public_id), request.POST.get("text", "")
    context = {"game": game, "text": text}
    try:
        notes.save(game, request.user, text)
    except Refused as exc:
        context["notice"] = exc.message
        return render(request, "play/partials/notes.html", context, status=exc.status)
    if not request.htmx:
        return redirect(game)
    return render(request, "play/partials/notes.html", {**context, "saved": True})


def _disputes_with_drafts(game: Game, drafts: dict) -> list[Dispute]:
    found = list(game.disputes.prefetch_related("rulings__referee").select_related("opened_by"))
    for dispute in found:
        dispute.draft = drafts.get(dispute.pk, "")
    return found


@require_GET
def live(request, public_id):
    game = _target(request, public_id)
    since = request.GET.get("since")
    if since and numbers.whole(since, "the revision", numbers.MOST_REVISIONS) == game.revision:
        return HttpResponse(status=204)  # a page asking whether anything changed: nothing has
    game = presenter.with_view_related(game)
    seat = presenter.seat_index(game, request.user)
    selected, pick = request.GET.get("select"), request.GET.get("pick")
    if selected is None and pick is None:
        return HttpResponse(_board_html(game, seat, request))
    flipped = _looking(request, game)[1]
    return HttpResponse(
        presenter.live_html(game, seat, selected=selected, pick=pick, flipped=flipped)
    )


@require_POST
@limits.limited("move", lambda request, message, public_id: _answer(request, public_id, message))
def move(request, public_id):
    try:
        sent = playing.read(request.POST)
    except numbers.Malformed as exc:
        return _answer(request, public_id, exc.message, 400)
    if not request.user.is_authenticated:
        return _answer(request, public_id, "Log in to play.", 403)
    if not sent.confirmed:
        shown = playing.to_confirm(_game(request, public_id), request.user, sent)
        if shown is not None:
            return HttpResponse(shown)
    try:
        game = moves.submit(public_id, request.user, sent.text, sent.ply, board_revision=sent.base)
    except Game.DoesNotExist:
        raise Http404(NO_GAME) from None
    except Refused as exc:
        return _answer(request, public_id, exc.message, exc.status)
    if not request.htmx:
        return redirect(game)
    flipped = request.COOKIES.get(presenter.FLIP_COOKIE + public_id) == "1"
    return HttpResponse(playing.answer(game, request.user, sent, flipped))


def _action(function):
    """A POST that changes a game through one service call and answers like a move."""

    @require_POST
    def view(request, public_id):
        game = _target(request, public_id)
        if not request.user.is_authenticated:
            return _answer(request, public_id, "Log in to play.", 403)
        try:
            function(request, game)
        except Refused as exc:
            return _answer(request, public_id, exc.message, exc.status)
        return _answer(request, public_id)

    return view


resign = _action(lambda request, game: games.resign(game, request.user))
give_time = _action(lambda request, game: games.give_time(game, request.user))
flag = _action(lambda request, game: games.flag(game))


rematch = _action(
    lambda request, game: offers.rematch(game, request.user, request.POST.get("action", ""))
)


def _chat_answer(request, notice: str, public_id: str) -> HttpResponse:
    return HttpResponse(presenter.chat_html(_game(request, public_id), request.user, notice=notice))


@require_POST
@limits.limited("chat", _chat_answer)
def post_chat(request, public_id):
    game = _game(request, public_id)
    try:
        chat.post(game, request.user, request.POST.get("text", ""))
    except Refused as exc:
        if not request.htmx:
            messages.error(request, exc.message)
            return redirect(game)
        response = _chat_answer(request, exc.message, public_id)
        response.status_code = exc.status
        return response
    if not request.htmx:
        return redirect(game)
    return HttpResponse(presenter.chat_html(game, request.user))


@require_POST
def charge(request, public_id):
    """The charge composer: announce, add a part, undo, cancel, submit."""
    game = _game(request, public_id)
    if not request.user.is_authenticated:
        return _answer(request, public_id, "Log in to play.", 403)
    user, action = request.user, request.POST.get("action", "")
    steps = {
        "announce": lambda: charges.announce(game, user),
        "add": lambda: charges.add(game, user, request.POST.get("part", "")),
        "undo": lambda: charges.undo(game, user),
        "cancel": lambda: charges.cancel(game, user),
        "submit": lambda: charges.submit(game, user),
    }
    return _steps(request, public_id, steps, action)


@require_POST
def arrange(request, public_id):
    """The setup phase: swap two squares, deal at random, load a typed arrangement, submit."""
    game = _game(request, public_id)
    if not request.user.is_authenticated:
        return _answer(request, public_id, "Log in to play.", 403)
    action, data = request.POST.get("action", ""), request.POST
    steps = {
        "swap": lambda: setup.swap(game, request.user, data.get("a", ""), data.get("b", "")),
        "random": lambda: setup.randomize(game, request.user),
        "load": lambda: setup.load(game, request.user, data.get("arrangement", "")),
        "submit": lambda: setup.submit(game, request.user),
    }
    return _steps(request, public_id, steps, action)


def _steps(request, public_id: str, steps: dict, action: str):
    """Run the named step of a multi-step action and answer with the fresh board."""
    if action not in steps:
        return _answer(request, public_id, "Malformed request: unknown action.", 400)
    try:
        steps[action]()
    except setup.SetupConflict as exc:
        return _answer(request, public_id, exc.message, exc.status, alerts=exc.squares)
    except Refused as exc:
        return _answer(request, public_id, exc.message, exc.status)
    return _answer(request, public_id)


abort = _action(lambda request, game: games.abort(game, request.user))
draw = _action(lambda request, game: offers.act(game, request.user, request.POST.get("action", "")))
take_back = _action(
    lambda request, game: (
        opponents.take_back(game, request.user)
        if game.computer_seat is not None
        else offers.takeback(game, request.user, request.POST.get("action", ""))
    )
)


@login_required
@require_POST
def join(request, public_id):
    game = _game(request, public_id)
    if game.listing != Game.Listing.SEEK:
        raise PermissionDenied("This game is joined through its invitation link.")
    return _join(request, game)


def invite(request, token):
    game = _found(
        Game.objects.prefetch_related("seats__user"),
        "This invitation link is not valid: check it with the player who sent it.",
        invite_token=token,
    )
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/login/?next=/invite/{token}")
        return _join(request, game)
    if game.seat_of(request.user) or game.status != Game.Status.OPEN:
        return redirect(game)
    return render(request, "play/invite.html", {"game": game, "token": token})


def _join(request, game: Game):
    try:
        games.join(game, request.user)
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect(game)


@require_GET
def record(request, public_id):
    game = _game(request, public_id)
    text, filename, media_type = records.export(
        game, request.build_absolute_uri(game.get_absolute_url())
    )
    response = HttpResponse(text, content_type=f"{media_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@limits.limited("import")
def import_record(request):
    form = ImportForm(request.POST or None, request.FILES or None, games=rules.games())
    if request.method == "POST" and form.is_valid():
        try:
            game = records.import_game(
                request.user, form.cleaned_data["game"], form.cleaned_data["record"]
            )
        except Refused as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(game)
    status = 400 if form.errors else 200
    return render(request, "play/import.html", {"form": form}, status=status)


@require_GET
def profile(request, username):
    player = _found(
        get_user_model().objects, f"There is no player called {username}.", username=username
    )
    # Latest first, in the order of the player's seats' index (a game's id follows its making).
    played = Game.objects.filter(
        Q(seats__user=player), ~Q(status=Game.Status.OPEN) | Q(listing="seek")
    ).order_by("-seats__game_id")
    level = opponents.level_of(player)
    page = _rated_pages(request, {"games": (played, "page")})["games"]
    ratings.mark_changes(player, list(page))
    context = {"player": player, "games": page, "form": ChallengeForm()}
    context["ratings"] = ratings.table(player) if level is None else []
    # A study is read by its address; the profile lists those its owner chose to list, and
    # all of them to the owner.
    studies = player.studies.all() if player == request.user else player.studies.filter(listed=True)
    context["studies"] = paging.page(request, studies, "studies", 10)
    if level is not None:
        context["computer"] = opponents.levels()[level - 1]
        context["computer_form"] = ComputerGameForm(initial={"level": level})
    return render(request, "play/profile.html", context)


@login_required
@require_POST
@limits.limited("challenge")
def challenge(request, username):
    """Challenge a player directly from their profile: a private game only they may join."""
    player = _found(
        get_user_model().objects, f"There is no player called {username}.", username=username
    )
    form = ChallengeForm(request.POST)
    level = opponents.level_of(player)
    if player == request.user:
        messages.error(request, "Challenge someone else.")
    elif not form.is_valid():
        messages.error(request, "Check the challenge: " + said(form))
    else:
        data = form.cleaned_data
        try:
            if level is not None:  # the computer takes every challenge, at once
                game = opponents.start(
                    request.user, data["game"], level, data["side"], form.options(), form.clock()
                )
            else:
                game = games.create(
                    request.user, data["game"], data["side"], Game.Listing.INVITE,
                    form.options(), form.clock(), invited=player, rated=data["rated"],
                )  # fmt: skip
        except Refused as exc:
            messages.error(request, exc.message)
        else:
            sent = "Your game against {} has begun." if level else "Challenge sent to {}."
            messages.success(request, sent.format(player.username))
            return redirect(game)
    return redirect("profile", username=username)


@login_required
@require_POST
def decline(request, public_id):
    try:
        games.decline(_game(request, public_id), request.user)
    except Refused as exc:
        messages.error(request, exc.message)
    return redirect("lobby")


@login_required
@require_POST
@limits.limited("report")
def open_dispute(request, public_id):
    game = _game(request, public_id)
    form = DisputeForm(request.POST)
    if not form.is_valid():
        return _game_page(request, game, dispute_form=form, status=400)
    data = form.cleaned_data
    try:
        disputes.report(game, request.user, data["category"], data["statement"], data["ply"])
    except Refused as exc:
        form.add_error(None, exc.message)
        return _game_page(request, game, dispute_form=form, status=exc.status)
    messages.success(request, "Your dispute is open: a referee will review it.")
    return redirect(game)


@login_required
@require_POST
@limits.limited("report")
def dispute_statement(request, pk):
    dispute = _found(Dispute.objects.select_related("game"), "There is no such dispute.", pk=pk)
    form = StatementForm(request.POST)
    problem, status = "Write a statement of up to 4000 characters.", 400
    if form.is_valid():
        try:
            disputes.add_statement(dispute, request.user, form.cleaned_data["statement"])
        except Refused as exc:
            problem, status = exc.message, exc.status
        else:
            messages.success(request, "Your statement is added to the case.")
            return redirect(dispute.game)
    messages.error(request, problem)
    drafts = {dispute.pk: request.POST.get("statement", "")}
    game = presenter.with_view_related(dispute.game)
    return _game_page(request, game, drafts=drafts, status=status)


@login_required
def notifications(request):
    mine = Notification.objects.filter(user=request.user).select_related("game")
    page = paging.page(request, mine, "page", 30)
    unread = [n.pk for n in page if n.read_at is None]
    response = render(request, "play/notifications.html", {"page": page, "unread": set(unread)})
    if unread:
        Notification.objects.filter(pk__in=unread).update(read_at=clocks.now())
        notify.push(request.user.pk)
    return response


@login_required
def player_settings(request):
    profile = notify.profile_of(request.user)
    clocks.refill_year(profile, clocks.now())
    form = SettingsForm(
        request.POST or None, instance=profile, initial={"email": request.user.email}
    )
    if request.method == "POST" and form.is_valid():
        form.save()
        request.user.email = form.cleaned_data["email"]
        request.user.save(update_fields=["email"])
        messages.success(request, "Settings saved.")
        return redirect("settings")
    profile.save()
    return render(request, "play/settings.html", {"form": form, "profile": profile})


def signup(request):
    form = SignupForm(request.POST or None)
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}):
        next_url = ""
    context = {"form": form, "next": next_url, "heading": "Sign up"}
    if request.method == "POST":
        try:
            limits.check("signup", request)
        except limits.Limited as exc:  # the form comes back as it was typed, with the wait
            form.add_error(None, exc.message)
            return limits.too_many(render(request, "registration/signup.html", context), exc)
    if request.method == "POST" and form.is_valid():
        login(request, form.save(), backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url or "lobby")
    status = 400 if form.errors else 200
    return render(request, "registration/signup.html", context, status=status)


@require_GET
def rules_page(request, slug):
    try:
        game_rules = rules.get(slug)
        template = get_template(f"rules/{slug}.html")
    except (ValueError, TemplateDoesNotExist):
        raise Http404(f"Imperia has no game called {slug}.") from None
    form = ComputerGameForm(initial={"game": slug})
    return HttpResponse(template.render({"game": game_rules, "computer_form": form}, request))
