"""A report of a player, from their profile or a chat line of theirs."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from play.accounts import accounts
from play.common import limits, numbers
from play.common.errors import Refused
from play.models import ChatMessage
from play.moderation import reports
from play.moderation.forms import ReportForm


@login_required
@limits.limited("report")
def report(request, username):
    reported = accounts.player_named(username)
    line_id = numbers.optional(request.GET.get("line"), gettext("the chat line"), numbers.MOST_IDS)
    line = ChatMessage.objects.filter(pk=line_id, user=reported).first() if line_id else None
    letter_id = numbers.optional(
        request.GET.get("letter"), gettext("the message"), numbers.MOST_IDS
    )
    letter = reports.reported_letter(request.user, reported, letter_id) if letter_id else None
    form = ReportForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                reports.file(
                    request.user, reported, data["reason"], data["text"], line_id, letter_id
                )
            except Refused as exc:
                form.add_error(None, exc.message)
                status = exc.status
            else:
                messages.success(
                    request, gettext("Thank you: your report waits for the moderators.")
                )
                return redirect("profile", reported.username)
        else:
            status = 400
    context = {"reported": reported, "form": form, "line": line, "letter": letter}
    return render(request, "moderation/report.html", context, status=status)
