"""The open API's calls, at lichess's paths (docs/api.md): each parses, calls one service,
answers JSON."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import Promise
from django.views import defaults
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.accounts import bots
from play.api import boards, challenges, openings, schema, tokens, users
from play.api import games as api_games
from play.api.auth import endpoint, error, require
from play.api.params import Params
from play.common import limits
from play.common.errors import Refused
from play.games import games
from play.models import GUEST_PREFIX, ApiToken, Game, Move
from play.review import records


@endpoint()
def account(request):
    """The token's player."""
    return JsonResponse(users.extended(request.user, request))


MOST_PLAYING = 50  # games in one answer, as lichess's


def _how_many(request, most: int, default: int) -> int:
    """lichess's `nb`: how many to list, from 1 to `most`."""
    found = Params(request).number("nb", most, least=1)
    return default if found is None else found


@endpoint()
def account_playing(request):
    """The token's player's games in play, the most urgent first: theirs to move, then by
    the time they have left."""
    most = _how_many(request, MOST_PLAYING, 9)
    playing = api_games.now_playing(request.user)
    return JsonResponse({"nowPlaying": playing[:most],
                         "nbMyTurn": sum(g["isMyTurn"] for g in playing)})  # fmt: skip


def _player(username: str):
    """The player of that name, in any case, or Refused (404): an anonymous player's account
    is named nowhere, as on the pages."""
    found = get_user_model().objects.filter(username__iexact=username[:150], is_active=True)
    found = found.exclude(username__istartswith=GUEST_PREFIX)
    found = found.first()
    if found is None:
        raise Refused("There is no such player.", 404)
    return found


@endpoint(token=False)
def user(request, username):
    return JsonResponse(users.extended(_player(username), request))


@endpoint(token=False)
def explorer(request):
    """lichess's opening explorer (its `/lichess`), over the site's finished rated games."""
    return JsonResponse(openings.statistics(Params(request)))


MOST_BOTS = 512  # listed in one answer, as lichess's


@endpoint(token=False)
def bots_online(request):
    """The bot accounts whose engines are listening (an event stream open), as NDJSON."""
    most = _how_many(request, MOST_BOTS, 100)
    lines = [json.dumps(users.shown(bot)) + "\n" for bot in users.bots_online(most)]
    return HttpResponse("".join(lines), content_type=f"{NDJSON}; charset=utf-8")


@endpoint(token=False, methods=("POST",))
def token_test(request):
    """lichess's token test: the tokens sent (the body, separated by commas), each with its
    player and scopes, or null."""
    if len(request.body) > MOST_TESTED_BYTES:
        raise Refused(f"Send at most {MOST_TESTED_BYTES} bytes of tokens.", 413)
    try:
        sent = request.body.decode()
    except UnicodeDecodeError:
        raise Refused("Send the tokens as text, separated by commas.") from None
    secrets = [s.strip() for s in sent.split(",") if s.strip()]
    return JsonResponse(tokens.tested(secrets))


MOST_TESTED_BYTES = tokens.MOST_TESTED * 128


# Playing: the board API (a person's client) and the bot API (an engine), one view each for
# both, at /api/board/… and /api/bot/…; and a bot account made.

OK = {"ok": True}


def _acting(request, api, public_id):
    require(request.api_token, boards.SCOPES[api])
    return boards.game_for(public_id, request.user, api), Params(request)


@endpoint(methods=("POST",))
def board_move(request, api, public_id, move):
    require(request.api_token, boards.SCOPES[api])
    boards.move(public_id, request.user, api, move, Params(request))
    return JsonResponse(OK)


@endpoint(methods=("POST",))
def board_setup(request, api, public_id):
    game, params = _acting(request, api, public_id)
    boards.arrange(game, request.user, params)
    return JsonResponse(OK)


@endpoint(methods=("POST",))
def board_abort(request, api, public_id):
    games.abort(_acting(request, api, public_id)[0], request.user)
    return JsonResponse(OK)


@endpoint(methods=("POST",))
def board_resign(request, api, public_id):
    games.resign(_acting(request, api, public_id)[0], request.user)
    return JsonResponse(OK)


@endpoint(methods=("GET", "POST"))
def board_chat(request, api, public_id):
    """The players' chat: its history (GET), or a line written in it (POST)."""
    game, params = _acting(request, api, public_id)
    if request.method == "GET":
        return JsonResponse(boards.chat_history(game), safe=False)
    limits.count("chat", request.user, limits.client_address(request))
    boards.post_chat(game, request.user, params)
    return JsonResponse(OK)


@endpoint(methods=("POST",))
def board_offer(request, api, public_id, what, choice):
    game, _ = _acting(request, api, public_id)
    boards.answer(game, request.user, what, choice)
    return JsonResponse(OK)


@endpoint(scopes=["bot:play"], methods=("POST",))
def bot_upgrade(request):
    # Its games as a parameter, or in a header as a client that cannot send a body does.
    declared = Params(request).text("variants", most=200) or request.headers.get("Variants", "")
    if len(declared) > 200:
        raise Refused("Malformed request: Variants must be 200 characters at most.")
    bots.upgrade(request.user, declared.split(","))
    return JsonResponse(OK)


# Challenges: listed, sent, accepted, declined, cancelled.


@endpoint(scopes=["challenge:read"])
def challenge_list(request):
    found = challenges.pending(request.user).order_by("-created_at")
    shown = [challenges.shown(g, request, request.user) for g in found[:MOST_CHALLENGES]]
    return JsonResponse({"in": [c for c in shown if c["direction"] == "in"],
                         "out": [c for c in shown if c["direction"] == "out"]})  # fmt: skip


@endpoint(scopes=["challenge:write"], methods=("POST",))
def challenge_create(request, username):
    limits.count("challenge", request.user, limits.client_address(request))
    game = challenges.create(request.user, _player(username), Params(request))
    return JsonResponse(challenges.shown(game, request, request.user))


@endpoint(scopes=["challenge:write"], methods=("POST",))
def challenge_open(request):
    """lichess's open challenge: an invitation link, for whoever opens it first."""
    limits.count("challenge", request.user, limits.client_address(request))
    game = challenges.create_link(request.user, Params(request))
    return JsonResponse(challenges.shown(game, request))


@endpoint(scopes=["challenge:read"])
def challenge_show(request, public_id):
    game = challenges.seen_by(public_id, request.user)
    return JsonResponse(challenges.shown(game, request, request.user))


ANSWERING = ("challenge:write", "bot:play", "board:play")  # lichess's, for an answer


@endpoint(scopes=ANSWERING, methods=("POST",))
def challenge_accept(request, public_id):
    games.join(challenges.open_challenge(public_id), request.user)
    return JsonResponse(OK)


@endpoint(scopes=ANSWERING, methods=("POST",))
def challenge_decline(request, public_id):
    reason = challenges.decline_reason(Params(request).text("reason", "generic", most=20))
    games.decline(challenges.open_challenge(public_id), request.user, reason)
    return JsonResponse(OK)


@endpoint(scopes=ANSWERING, methods=("POST",))
def challenge_cancel(request, public_id):
    challenges.cancel(challenges.open_challenge(public_id), request.user)
    return JsonResponse(OK)


# The settings page's part: a player's tokens, made and revoked (with their session).


@login_required
@require_http_methods(["GET", "POST"])
def tokens_page(request):
    """The player's tokens: each one's scopes and last use, a form for a new one (whose
    secret is shown on the answer, once), a button to revoke."""
    made = refusal = None
    if request.method == "POST":
        try:
            limits.check("challenge", request)
            made = tokens.create(request.user, request.POST.get("description", "")[:200],
                                 request.POST.getlist("scopes")[: len(tokens.SCOPES) + 1])  # fmt: skip
        except Refused as exc:
            refusal = exc
    context = {
        "tokens": ApiToken.objects.filter(user=request.user, revoked_at=None),
        "scopes": tokens.SCOPES,
        "made": made and made[0],
        "secret": made and made[1],
        "refusal": refusal and refusal.message,
    }
    page = render(request, "play/api_tokens.html", context)
    return limits.answer(page, refusal) if refusal else page


@login_required
@require_POST
def revoke(request, token_id):
    try:
        revoked = tokens.revoke(request.user, token_id)
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"The token “{revoked.description}” is revoked.")
    return redirect("api-tokens")


# Games: one, or a player's, as JSON (NDJSON for many) or as the games' own records.

NDJSON = "application/x-ndjson"
MOST_GAMES = 1000  # a player's games in one export
MOST_CHALLENGES = 200  # open challenges listed


def _wants(request, media_type: str) -> bool:
    return media_type in request.META.get("HTTP_ACCEPT", "")


@endpoint(token=False)
def game_export(request, public_id):
    game = Game.objects.filter(public_id=public_id[:12], imported=False).first()
    if game is None or game.status == Game.Status.OPEN:
        raise Refused("There is no such game.", 404)
    evals = Params(request).flag("evals", True)  # lichess's: the analysis, where there is one
    if _wants(request, "application/json"):
        return JsonResponse(api_games.shown(game, request, evals=evals))
    shown_moves = api_games.exported_moves(game, list(game.moves.values_list("text", flat=True)))
    site = request.build_absolute_uri(game.get_absolute_url())
    # A finished game's whole record carries its review (records.export): its moves not given.
    whole = game.is_over and evals
    text, _, media_type = records.export(game, site, None if whole else shown_moves)
    return HttpResponse(text, content_type=f"{media_type}; charset=utf-8")


@endpoint(token=False)
def user_games(request, username):
    """A player's finished games, latest first: NDJSON, or their records one after another."""
    player = _player(username)
    params = Params(request)
    most = params.number("max", MOST_GAMES, least=1) or MOST_GAMES
    found = Game.objects.filter(seats__user=player, status=Game.Status.FINISHED, imported=False)
    if (rated := params.flag("rated", None)) is not None:
        found = found.filter(rated=rated)
    moves = Prefetch("moves", Move.objects.only("game_id", "ply", "text"), to_attr="move_rows")
    found = found.order_by("-finished_at", "-pk").prefetch_related("seats__user", moves)[:most]
    as_json = _wants(request, NDJSON) or _wants(request, "application/json")
    evals = params.flag("evals", False)
    site = request.build_absolute_uri("/")[:-1]

    def lines():
        for game in found.iterator(chunk_size=100):
            if as_json:
                game.api_moves = [m.text for m in sorted(game.move_rows, key=lambda m: m.ply)]
                yield json.dumps(api_games.shown(game, request, evals=evals)) + "\n"
            else:
                yield records.export(game, site + game.get_absolute_url())[0] + "\n\n"

    media_type = NDJSON if as_json else "text/plain"
    return StreamingHttpResponse(lines(), content_type=f"{media_type}; charset=utf-8")


# The description: OpenAPI's JSON, and a page to read it.


@require_GET
def openapi(request):
    return JsonResponse(schema.description())


@require_GET
def reference(request):
    return render(request, "play/api_reference.html", {"operations": schema.operations(),
                                                       "info": schema.description()["info"]})  # fmt: skip


# Errors outside any call, answered as the calls answer theirs under /api/, and as pages
# elsewhere: an address that is no call, a request Django cannot read, a failure.


def _api_or_page(page, status: int, message: str):
    def answer(request, *args, **kwargs):
        if request.path.startswith("/api/"):
            return error(status, message)
        worded = {name: _worded(value) for name, value in kwargs.items()}
        return page(request, *map(_worded, args), **worded)

    return answer


def _worded(exception):
    """An exception whose message is translated lazily (gettext_lazy), worded now: Django's
    pages say only a str message, else the exception's name."""
    if (
        isinstance(exception, Exception)
        and exception.args
        and isinstance(exception.args[0], Promise)
    ):
        exception.args = (str(exception.args[0]), *exception.args[1:])
    return exception


not_found = _api_or_page(
    defaults.page_not_found, 404, "There is no such call: the calls are listed at /api/."
)
bad_request = _api_or_page(defaults.bad_request, 400, "Malformed request: it cannot be read.")
server_error = _api_or_page(defaults.server_error, 500,
                            "The server failed on this call: try it again later.")  # fmt: skip
