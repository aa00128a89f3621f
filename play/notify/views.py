"""The player's notifications, read and marked read."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from play.common import clocks, paging
from play.models import Notification
from play.notify import notify


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
