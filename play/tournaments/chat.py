"""A tournament's chat: its players and its organiser write, everyone reads; each message is
drawn once and pushed to every page open on the tournament."""

from __future__ import annotations

from django.db import transaction
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from play.accounts import guests, standing
from play.common import clocks
from play.common.errors import Refused
from play.models import Participant, Tournament, TournamentMessage
from play.push import live
from play.relations import relations
from play.round.chat import checked
from play.tournaments import standings

SHOWN = 50  # the latest messages shown


def may_write(tournament: Tournament, user) -> bool:
    """Its organiser and its players write (the site's own has no organiser)."""
    if not user.is_authenticated:
        return False
    if tournament.created_by_id is not None and user.pk == tournament.created_by_id:
        return True
    return tournament.players.filter(user=user).exists()


def post(tournament: Tournament, user, text: str) -> TournamentMessage:
    guests.refuse(user, "write in a tournament's chat")
    if not may_write(tournament, user):
        raise Refused(_("Join the tournament to write in its chat."), 403)
    standing.refuse_muted(user)
    message = TournamentMessage.objects.create(
        tournament=tournament, user=user, text=checked(text), created_at=clocks.now()
    )
    transaction.on_commit(
        lambda: live.send(
            standings.channel(tournament.public_id),
            standings.pushed("chat.update", html(tournament, oob=True), f"chat-{message.pk}"),
        )
    )
    return message


def hidden_authors(tournament: Tournament, user) -> list[int]:
    """The players of the tournament (and its organiser) whom `user` blocks: the page hides
    their lines (the chat is drawn once for every reader)."""
    blocked = relations.blocked_ids(user)
    if not blocked:
        return []
    writers = set(
        Participant.objects.filter(tournament=tournament, user_id__in=blocked).values_list(
            "user_id", flat=True
        )
    )
    if tournament.created_by_id in blocked:
        writers.add(tournament.created_by_id)
    return sorted(writers)


def html(tournament: Tournament, *, oob: bool = False, notice: str | None = None) -> str:
    latest = tournament.messages.select_related("user").order_by("-created_at", "-pk")[:SHOWN]
    context = {"messages": reversed(list(latest)), "oob": oob, "notice": notice}
    return render_to_string("tournaments/partials/chat.html", context)
