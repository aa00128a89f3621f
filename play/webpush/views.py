"""A device subscribed (the JSON its browser made), a device forgotten, the kinds chosen."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from play.common import numbers
from play.common.errors import Refused
from play.webpush import choices, devices
from play.webpush.forms import PushChoicesForm

MOST_BODY = 4096  # a subscription's JSON is a few hundred bytes


@require_POST
@login_required
def subscribe(request):
    """Keep this browser's subscription: 201 with its device, or a refusal's words."""
    try:
        if len(request.body) > MOST_BODY:
            raise ValueError
        subscription = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):  # JSONDecodeError is a ValueError
        return JsonResponse(
            {"error": _("The subscription is not one a browser makes.")}, status=400
        )
    try:
        device = devices.subscribe(
            request.user, subscription, request.headers.get("User-Agent", "")[:500]
        )
    except Refused as exc:
        return JsonResponse({"error": exc.message}, status=exc.status)
    return JsonResponse({"id": device.pk, "label": device.label}, status=201)


@require_POST
@login_required
def forget(request):
    """Forget a device: from the settings' list (its id), or from its own browser turning
    notifications off (its endpoint, answered 204)."""
    if endpoint := request.POST.get("endpoint", ""):
        devices.forget(request.user, endpoint=endpoint)
        return HttpResponse(status=204)
    try:
        device_id = numbers.whole(request.POST.get("device", ""), _("the device"), numbers.MOST_IDS)
    except numbers.Malformed as exc:
        messages.error(request, exc.message)
        return redirect("settings")
    if devices.forget(request.user, device_id=device_id):
        messages.success(request, _("That device is no longer notified."))
    else:
        messages.error(request, _("You have no such device."))
    return redirect("settings")


@require_POST
@login_required
def choose(request):
    form = PushChoicesForm(request.POST)
    if form.is_valid():
        choices.choose(
            request.user, form.cleaned_data["kinds"], form.cleaned_data["reminder_hours"]
        )
        messages.success(request, _("Your notifications are saved."))
    else:
        messages.error(request, _("Those notifications are not ones to choose from."))
    return redirect("settings")
