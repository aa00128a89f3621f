"""The game page's views: the page, its live board, a move, and the actions beside it (chat,
conditional moves, notes, charges, setup, offers, resigning, the clock's flag)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.boards.words import described
from play.common import limits, numbers
from play.common.errors import Refused
from play.computer import opponents
from play.games import games, setup
from play.models import Game
from play.review import reviews
from play.round import (
    charges,
    chat,
    ear,
    forecasts,
    moves,
    notes,
    offers,
    page,
    playing,
    presenter,
)


@require_GET
def game_page(request, public_id):
    game = page.game_of(request, public_id)
    review = reviews.card(game, request.user, get_token(request))
    response = page.render(request, game, review=review)
    flip = request.GET.get("flip")
    if flip == "1":  # kept for this game's page and its socket, until turned back
        response.set_cookie(presenter.FLIP_COOKIE + game.public_id, "1", max_age=30 * 86400)
    elif flip == "0":
        response.delete_cookie(presenter.FLIP_COOKIE + game.public_id)
    return response


@require_http_methods(["GET", "POST"])
@limits.limited(
    "move", lambda request, message, public_id: _forecast_answer(request, public_id, message)
)
def forecast(request, public_id):
    """GET: the player's card, redrawn when the game changes. POST: their new lines."""
    if request.method != "POST":
        return _forecast_answer(request, public_id)
    if not request.user.is_authenticated:
        return _forecast_answer(request, public_id, _("Log in to play."), 403)
    text = request.POST.get("lines", "")
    try:
        lines = forecasts.save(page.target(request, public_id), request.user, text)
    except Refused as exc:
        return _forecast_answer(request, public_id, exc.message, exc.status, typed=text)
    count = len(lines)
    said = (
        ngettext("Saved: %(count)s line.", "Saved: %(count)s lines.", count) % {"count": count}
        if lines
        else _("Cleared.")
    )
    return _forecast_answer(request, public_id, saved=said)


def _forecast_answer(request, public_id, notice=None, status=200, **context):
    game = page.game_of(request, public_id)
    seat = presenter.seat_index(game, request.user)
    if seat is None:  # a spectator's page has no card; a spectator's post is refused
        if request.method != "POST":
            return HttpResponse("")
        notice, status = _("Only the players of this game leave conditional moves."), 403
        return HttpResponse(
            format_html('<p class="notice" role="alert">{}</p>', notice), status=status
        )
    html = page.forecast_card(request, game, seat, notice=notice, **context)
    if not html and notice:  # the game is over or has no place for lines: say why
        html = format_html('<p id="forecast" class="notice" role="alert">{}</p>', notice)
    return HttpResponse(html, status=status)


@login_required
@require_POST
@limits.limited("chat")
def save_notes(request, public_id):
    game, text = page.target(request, public_id), request.POST.get("text", "")
    context = {"game": game, "text": text}
    try:
        notes.save(game, request.user, text)
    except Refused as exc:
        context["notice"] = exc.message
        return render(request, "play/partials/notes.html", context, status=exc.status)
    if not request.htmx:
        return redirect(game)
    return render(request, "play/partials/notes.html", {**context, "saved": True})


@require_GET
def live(request, public_id):
    game = page.target(request, public_id)
    since = request.GET.get("since")
    if since and numbers.whole(since, _("the revision"), numbers.MOST_REVISIONS) == game.revision:
        return HttpResponse(status=204)  # a page asking whether anything changed: nothing has
    game = presenter.with_view_related(game)
    seat = presenter.seat_index(game, request.user)
    selected, pick = request.GET.get("select"), request.GET.get("pick")
    if selected is None and pick is None:
        return HttpResponse(page.board_html(game, seat, request))
    flipped = page.looking(request, game)[1]
    return HttpResponse(
        presenter.live_html(game, seat, selected=selected, pick=pick, flipped=flipped)
    )


@require_GET
def words(request, public_id):
    """Play by ear: the board in words as the page shows it, or (`at`) what stands on one
    square or point, said into the page's live region (plain text without htmx)."""
    game = page.game_of(request, public_id)
    seat = presenter.seat_index(game, request.user)
    board_words = described(page.board_html(game, seat, request))
    asked = request.GET.get("at")
    if asked is None:
        return render(request, "play/partials/board_words.html", {"words": board_words})
    answer = ear.standing(game, board_words, asked)
    if request.htmx:
        return HttpResponse(format_html("{}", answer))
    return HttpResponse(answer, content_type="text/plain; charset=utf-8")


@require_POST
@limits.limited(
    "move", lambda request, message, public_id: page.answer(request, public_id, message)
)
def move(request, public_id):
    try:
        sent = playing.read(request.POST)
    except numbers.Malformed as exc:
        return page.answer(request, public_id, exc.message, 400)
    if not request.user.is_authenticated:
        return page.answer(request, public_id, _("Log in to play."), 403)
    if not sent.confirmed:
        shown = playing.to_confirm(page.game_of(request, public_id), request.user, sent)
        if shown is not None:
            return HttpResponse(shown)
    try:
        game = moves.submit(public_id, request.user, sent.text, sent.ply, board_revision=sent.base)
    except Game.DoesNotExist:
        raise Http404(page.NO_GAME) from None
    except Refused as exc:
        if exc.status == 409 and playing.typed_ahead(page.target(request, public_id), request.user):
            return _premove(request, public_id)  # typed while the opponent thinks: kept
        return page.answer(request, public_id, exc.message, exc.status)
    if not request.htmx:
        return redirect(game)
    flipped = request.COOKIES.get(presenter.FLIP_COOKIE + public_id) == "1"
    return HttpResponse(playing.answer(game, request.user, sent, flipped))


@require_POST
@limits.limited(
    "move", lambda request, message, public_id: page.answer(request, public_id, message)
)
def premove(request, public_id):
    """A premove kept (`move`, `ply`) or cancelled (`action` "cancel"): answered with the
    board showing it, or saying why not."""
    if not request.user.is_authenticated:
        return page.answer(request, public_id, _("Log in to play."), 403)
    return _premove(request, public_id)


def _premove(request, public_id):
    try:
        playing.premove(public_id, request.user, request.POST)
    except Game.DoesNotExist:
        raise Http404(page.NO_GAME) from None
    except Refused as exc:
        return page.answer(request, public_id, exc.message, exc.status)
    return page.answer(request, public_id)


def _action(function):
    """A POST that changes a game through one service call and answers like a move."""

    @require_POST
    def view(request, public_id):
        game = page.target(request, public_id)
        if not request.user.is_authenticated:
            return page.answer(request, public_id, _("Log in to play."), 403)
        try:
            function(request, game)
        except Refused as exc:
            return page.answer(request, public_id, exc.message, exc.status)
        return page.answer(request, public_id)

    return view


resign = _action(lambda request, game: games.resign(game, request.user))


give_time = _action(lambda request, game: games.give_time(game, request.user))


berserk = _action(lambda request, game: games.berserk(game, request.user))


flag = _action(lambda request, game: games.flag(game))


rematch = _action(
    lambda request, game: offers.rematch(game, request.user, request.POST.get("action", ""))
)


def _chat_answer(request, notice: str, public_id: str) -> HttpResponse:
    return HttpResponse(chat.html(page.game_of(request, public_id), request.user, notice=notice))


@require_POST
@limits.limited("chat", _chat_answer)
def post_chat(request, public_id):
    game = page.game_of(request, public_id)
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
    return HttpResponse(chat.html(game, request.user))


@require_POST
def charge(request, public_id):
    """The charge composer: announce, add a part, undo, cancel, submit."""
    game = page.game_of(request, public_id)
    if not request.user.is_authenticated:
        return page.answer(request, public_id, _("Log in to play."), 403)
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
    game = page.game_of(request, public_id)
    if not request.user.is_authenticated:
        return page.answer(request, public_id, _("Log in to play."), 403)
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
        return page.answer(request, public_id, _("Malformed request: unknown action."), 400)
    try:
        steps[action]()
    except setup.SetupConflict as exc:
        return page.answer(request, public_id, exc.message, exc.status, alerts=exc.squares)
    except Refused as exc:
        return page.answer(request, public_id, exc.message, exc.status)
    return page.answer(request, public_id)


abort = _action(lambda request, game: games.abort(game, request.user))


draw = _action(lambda request, game: offers.act(game, request.user, request.POST.get("action", "")))


take_back = _action(
    lambda request, game: (
        opponents.take_back(game, request.user)
        if game.computer_seat is not None
        else offers.takeback(game, request.user, request.POST.get("action", ""))
    )
)
