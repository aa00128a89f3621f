"""A report of a player, from their profile, a chat line or a message of theirs; a player's
moderation log and their appeal (a closed account's, with its name and password)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from play.accounts import accounts, standing
from play.common import limits, numbers
from play.common.errors import Refused
from play.models import ChatMessage, Post, Profile
from play.moderation import appeals, reports, sanctions
from play.moderation.forms import AppealForm, ClosedAppealForm, ReportForm


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
    post_id = numbers.optional(request.GET.get("post"), gettext("the post"), numbers.MOST_IDS)
    post = Post.objects.filter(pk=post_id, author=reported).first() if post_id else None
    form = ReportForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                reports.file(request.user, reported, data["reason"], data["text"], line_id,
                             letter_id, post_id)  # fmt: skip
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
    context = {"reported": reported, "form": form, "line": line, "letter": letter, "post": post}
    return render(request, "moderation/report.html", context, status=status)


@login_required
@limits.limited("report")
def moderation_log(request):
    """What the moderators did about the player and why, with their appeals and the answers;
    an appeal where there is something to appeal."""
    return _log_page(request, request.user, AppealForm)


@limits.limited("report")
def closed_appeal(request):
    """A closed account, which cannot log in, reads its log and appeals with its name and
    password."""
    if request.user.is_authenticated:
        return redirect("moderation-log")
    form = ClosedAppealForm(request.POST if request.method == "POST" else None)
    if request.method != "POST" or not form.is_valid():
        status = 400 if request.method == "POST" else 200
        return render(request, "moderation/closed.html", {"form": form}, status=status)
    data = form.cleaned_data
    player = get_user_model().objects.filter(username=data["username"], is_active=False).first()
    if (
        player is None
        or not player.has_usable_password()
        or not player.check_password(data["password"])
    ):
        form.add_error(None, gettext("No closed account has this name and password."))
        return render(request, "moderation/closed.html", {"form": form}, status=403)
    return _log_page(request, player, ClosedAppealForm, appealed=bool(data["text"].strip()))


def _log_page(request, player, form_class, appealed: bool | None = None):
    """The log's page for `player`; on a POST with words, their appeal filed first."""
    posted = request.method == "POST" and appealed is not False
    form = form_class(request.POST if posted else None)
    status = 200
    if posted and form.is_valid():
        try:
            appeals.file(player, form.cleaned_data["text"])
        except Refused as exc:
            form.add_error(None, exc.message)
            status = exc.status
        else:
            messages.success(request, gettext("Your appeal waits for the moderators."))
            if request.user.is_authenticated:
                return redirect("moderation-log")
            form = form_class()
    elif posted:
        status = 400
    profile = Profile.objects.filter(user=player).first()
    context = {
        "player": player,
        "log": sanctions.log(player),
        "appeals": player.appeals.order_by("-created_at", "-pk"),
        "muted_until": standing.muted_until(player),
        "mark": profile.get_mark_display() if profile and profile.mark else "",
        "appealable": appeals.appealable(player),
        "form": form,
    }
    return render(request, "moderation/log.html", context, status=status)
