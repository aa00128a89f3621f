"""Bot accounts, as lichess's: an account with no games may become a BOT, for good, and an
outside engine then plays it through the API (play/api/). A BOT plays by challenge only (no
seeks, no pool, no tournaments or championships), rated as any, and only the games it
declares, as pychess-variants asks its bots to say; its name shows "BOT" wherever it
appears."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import rules
from play.accounts import guests
from play.common import language, players
from play.common.errors import Refused
from play.models import (
    Computer,
    CupEntry,
    Entrant,
    Participant,
    PoolEntry,
    Profile,
    Seat,
    Tournament,
)


def games_of(user) -> list[str] | None:
    """The games a BOT plays, or None for a person's account: read from its row, since what
    it may do follows it at once (the names shown may lag a few seconds: play/common/players.py)."""
    return Profile.objects.filter(user=user).values_list("bot_games", flat=True).first()


def is_bot(user) -> bool:
    return games_of(user) is not None


def checked_games(slugs) -> list[str]:
    """Game slugs, known and each once, in the games' order; every game when none is named."""
    known = [g.slug for g in rules.games()]
    slugs = [s.strip() for s in slugs if s.strip()]
    if unknown := [s for s in slugs if s not in known]:
        raise Refused(f"There is no game {unknown[0]!r}: the games are {', '.join(known)}.")
    return [s for s in known if s in slugs] if slugs else known


def upgrade(user, slugs=()) -> list[str]:
    """Make the account a BOT playing these games; a BOT may name its games again. Refused
    (400, as lichess refuses an upgrade) for an account that has played or joined a game, or
    is entered where people are paired, and the computer's players; a guest has no account
    to upgrade (403)."""
    guests.refuse(user, "become a bot")
    games = checked_games(slugs)
    with transaction.atomic():
        profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
        if profile.bot_games is None:
            if Computer.objects.filter(user=user).exists():
                raise Refused("The computer's players are not bot accounts.", 400)
            if Seat.objects.filter(user=user).exists():
                raise Refused("Only an account that has never played a game may become a "
                              "bot: make a new account for the engine.", 400)  # fmt: skip
            if where := entered_in(user):
                raise Refused(f"This account is entered in {where}, where only people are "
                              "paired: leave it first, since a bot plays by challenge only.")  # fmt: skip
        profile.bot_games = games
        profile.save(update_fields=["bot_games"])
        players.bots_changed()
        transaction.on_commit(players.bots_changed)  # and again, past a read in between
    return games


def entered_in(user) -> str | None:
    """Where the player waits to be paired, if anywhere: the pool, a tournament not over, a
    championship, a cup still in play."""
    if PoolEntry.objects.filter(user=user, game__isnull=True).exists():
        return "quick pairing's pool"
    tournaments = Participant.objects.filter(user=user, withdrawn=False)
    if tournaments.exclude(tournament__status=Tournament.Status.FINISHED).exists():
        return "a tournament"
    if Entrant.objects.filter(user=user, left_at__isnull=True).exists():
        return "a championship"
    in_play = [CupEntry.Status.WAITING, CupEntry.Status.PLAYING]
    if CupEntry.objects.filter(user=user, status__in=in_play).exists():
        return "a cup"
    return None


def people_only(entries):
    """Pairing's second guard: the entries (rows with a `user`) of players who are no BOT,
    should one have become a BOT while entered."""
    return entries.exclude(
        user_id__in=Profile.objects.filter(bot_games__isnull=False).values("user")
    )


def ids_from_database() -> list[int]:
    return list(Profile.objects.filter(bot_games__isnull=False).values_list("user_id", flat=True))


# Why a BOT is refused, by what it asked to do: whole sentences, as a translation takes them.
REFUSALS = {
    "enter the pool": _("A bot plays by challenge only: it cannot enter the pool."),
    "play in cups": _("A bot plays by challenge only: it cannot play in cups."),
    "play in championships": _("A bot plays by challenge only: it cannot play in championships."),
    "play in tournaments": _("A bot plays by challenge only: it cannot play in tournaments."),
    "open a seek in the lobby": _(
        "A bot plays by challenge only: it cannot open a seek in the lobby."
    ),
    "accept a seek": _("A bot plays by challenge only: it cannot accept a seek."),
}


def refuse(user, what: str) -> None:
    """Refused (403) when a BOT asks for what only people do: `what` names it as REFUSALS
    does."""
    if is_bot(user):
        raise Refused(str(REFUSALS[what]), 403)


def check_challenge(player, slug: str) -> None:
    """Refused when a challenge asks a BOT for a game it has not declared."""
    games = games_of(player)
    if games is not None and slug not in games:
        names = ", ".join(language.translated(rules.get(s).name) for s in games)
        declined = gettext("BOT %(name)s does not play %(game)s: it declined. It plays %(games)s.")
        game = language.translated(rules.get(slug).name)
        raise Refused(declined % {"name": player.username, "game": game, "games": names}, 400)
