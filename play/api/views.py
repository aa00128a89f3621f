"""The open API's calls, at lichess's paths (docs/api.md): each parses, calls one service,
answers JSON."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from play.api import tokens, users
from play.api.auth import endpoint
from play.common import limits
from play.common.errors import Refused
from play.models import ApiToken


@endpoint()
def account(request):
    """The token's player."""
    return JsonResponse(users.shown(request.user, request))


@endpoint(token=False)
def user(request, username):
    found = get_user_model().objects.filter(username__iexact=username[:150], is_active=True)
    found = found.first()
    if found is None:
        raise Refused("There is no such player.", 404)
    return JsonResponse(users.shown(found, request))


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
