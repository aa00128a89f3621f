"""The chat beside each game: the two players talk; spectators read once the game is over."""

from __future__ import annotations

from django.db import transaction
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.accounts import standing
from play.common import clocks, language
from play.common.errors import Refused
from play.common.players import has_account
from play.models import ChatMessage, Game
from play.push import live
from play.relations import relations
from play.webpush import outbox

LIMIT = 500


def checked(text: str) -> str:
    """A message as it is kept (its spaces tidied), or Refused saying what is wrong."""
    text = " ".join(text.split())
    if "\x00" in text:  # no browser sends one, and PostgreSQL cannot store it
        raise Refused(_("A message cannot contain null characters."))
    if not text:
        raise Refused(_("Write something first."))
    if len(text) > LIMIT:
        raise Refused(
            ngettext(
                "Keep it under %(count)s character.", "Keep it under %(count)s characters.", LIMIT
            )
            % {"count": LIMIT}
        )
    return text


def post(game: Game, user, text: str) -> ChatMessage:
    seat = game.seat_of_player(user, _("Only the two players write in a game's chat."))
    standing.refuse_muted(user)
    text = checked(text)
    message = ChatMessage.objects.create(game=game, user=user, text=text, created_at=clocks.now())
    if (opponent := game.player(1 - seat.index)) is not None:
        with language.for_user(opponent):
            title = _("Message from %(name)s") % {"name": game.player_name(seat.index)}
        outbox.queue(opponent, outbox.Kind.MESSAGE, title, text, game=game)
    transaction.on_commit(
        lambda: live.send(live.group_name(game.public_id), {"type": "chat.update"})
    )
    return message


def visible(game: Game, user) -> bool:
    return game.seat_of(user) is not None or game.is_over


def html(game: Game, user, oob=False, notice: str | None = None) -> str:
    """The chat beside the game as `user` reads it: players read and write, spectators read
    finished games, and no one reads the lines of a player they block. `notice`: why the last
    message was not posted; a muted player reads that they are, and until when."""
    shown = visible(game, user)
    if notice is None and game.seat_of(user) is not None:
        until = standing.muted_until(user)
        notice = standing.muted_words(until) if until is not None else None
    lines = game.messages.select_related("user").exclude(user__in=relations.blocked_ids(user))
    context = {"game": game, "oob": oob, "notice": notice, "visible": shown}
    context["reporter"] = has_account(user) and user.pk  # who may report a line
    return render_to_string(
        "play/partials/chat.html", context | {"messages": lines if shown else []}
    )
