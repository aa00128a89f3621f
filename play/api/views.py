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
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from play.api import games as api_games
from play.api import schema, tokens, users
from play.api.auth import endpoint
from play.common import limits, numbers
from play.common.errors import Refused
from play.models import ApiToken, Game, Move
from play.review import records


@endpoint()
def account(request):
    """The token's player."""
    return JsonResponse(users.shown(request.user, request))


def _player(username: str):
    """The player of that name, in any case, or Refused (404)."""
    found = get_user_model().objects.filter(username__iexact=username[:150], is_active=True)
    found = found.first()
    if found is None:
        raise Refused("There is no such player.", 404)
    return found


@endpoint(token=False)
def user(request, username):
    return JsonResponse(users.shown(_player(username), request))


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
    return render(request, "play/api_tokens.html", context,
                  status=refusal.status if refusal else 200)  # fmt: skip


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


def _wants(request, media_type: str) -> bool:
    return media_type in request.META.get("HTTP_ACCEPT", "")


@endpoint(token=False)
def game_export(request, public_id):
    game = Game.objects.filter(public_id=public_id[:12], imported=False).first()
    if game is None or game.status == Game.Status.OPEN:
        raise Refused("There is no such game.", 404)
    if _wants(request, "application/json"):
        return JsonResponse(api_games.shown(game, request))
    text, _, media_type = records.export(game, request.build_absolute_uri(game.get_absolute_url()))
    return HttpResponse(text, content_type=f"{media_type}; charset=utf-8")


@endpoint(token=False)
def user_games(request, username):
    """A player's finished games, latest first: NDJSON, or their records one after another."""
    player = _player(username)
    most = numbers.optional(request.GET.get("max"), "max", MOST_GAMES) or MOST_GAMES
    found = Game.objects.filter(seats__user=player, status=Game.Status.FINISHED, imported=False)
    if request.GET.get("rated") in ("true", "false"):
        found = found.filter(rated=request.GET["rated"] == "true")
    moves = Prefetch("moves", Move.objects.only("game_id", "ply", "text"), to_attr="move_rows")
    found = found.order_by("-finished_at", "-pk").prefetch_related("seats__user", moves)[:most]
    as_json = _wants(request, NDJSON) or _wants(request, "application/json")
    site = request.build_absolute_uri("/")[:-1]

    def lines():
        for game in found.iterator(chunk_size=100):
            if as_json:
                game.api_moves = [m.text for m in sorted(game.move_rows, key=lambda m: m.ply)]
                yield json.dumps(api_games.shown(game, request)) + "\n"
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
