"""Everything a moderator needs on one page about a player: the report being worked (if any),
how the player stands (closed, muted, marked), their recent games, chat lines and private
messages, the other reports about them, their appeals, and the moderation log with who did
what; and the form to act."""

from __future__ import annotations

from django.utils.translation import gettext as _

from play.accounts import standing
from play.models import ChatMessage, Game, Letter, Profile, Report, Sanction
from play.moderation.forms import ActionForm

RECENT = 20  # of each: games, chat lines, messages


def context(request, admin_site, player, report: Report | None = None) -> dict:
    profile = Profile.objects.filter(user=player).first()
    games = (
        Game.objects.filter(seats__user=player)
        .exclude(status=Game.Status.OPEN)
        .prefetch_related("seats__user")
        .order_by("-seats__game_id")[:RECENT]
    )
    title = (
        _("Report %(number)s: %(name)s") % {"number": report.pk, "name": player.username}
        if report is not None
        else _("The moderators' desk: %(name)s") % {"name": player.username}
    )
    return {
        **admin_site.each_context(request),
        "title": title,
        "player": player,
        "report": report,
        "muted_until": standing.muted_until(player),
        "mark": profile.get_mark_display() if profile and profile.mark else "",
        "games": games,
        "lines": ChatMessage.objects.filter(user=player)
        .select_related("game")
        .order_by("-created_at", "-pk")[:RECENT],
        "letters": Letter.objects.filter(sender=player).order_by("-id")[:RECENT],
        "reports": Report.objects.filter(reported=player)
        .select_related("reporter")
        .order_by("-created_at", "-pk")[:RECENT],
        "appeals": player.appeals.order_by("-created_at", "-pk")[:RECENT],
        "log": Sanction.objects.filter(player=player).select_related("moderator", "report"),
        "form": ActionForm(),
        "may_act": request.user.has_perm("play.moderate"),
    }
