"""A player's private notes on a game: kept with the game, read by no one else."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.common import clocks
from play.common.errors import Refused
from play.models import Game, Note

LENGTH = 4000


def of(game: Game, user) -> str:
    found = Note.objects.filter(game=game, user=user).first()
    return found.text if found else ""


def save(game: Game, user, text: str) -> str:
    if game.seat_of(user) is None:
        raise Refused(_("Only the players of a game keep notes on it."), 403)
    if len(text) > LENGTH:
        raise Refused(
            ngettext(
                "Keep your notes under %(count)s character.",
                "Keep your notes under %(count)s characters.",
                LENGTH,
            )
            % {"count": LENGTH}
        )
    Note.objects.update_or_create(
        game=game, user=user, defaults={"text": text, "updated_at": clocks.now()}
    )
    return text
