"""The computer as an opponent: its players (one per level), a game begun against one, its
arrangement in a setup phase, and a player's takeback. Its moves are the worker's
(play/computer/turns.py)."""

from __future__ import annotations

import zlib

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.utils.translation import gettext as _

import bots
import rules
from play.common import clocks
from play.common.errors import Refused
from play.games import games, lifecycle, setup
from play.models import Computer, Game
from play.push.live import broadcast


def name(level: int) -> str:
    return f"Imperia level {level}"


def player(level: int):
    """The user who plays at this level, made the first time it is asked for. It has no
    password anyone can log in with."""
    if level not in bots.levels():
        raise Refused(_("Choose a level from 1 to %(most)s.") % {"most": bots.levels()[-1]})
    found = Computer.objects.select_related("user").filter(level=level).first()
    if found is not None:
        return found.user
    with transaction.atomic():
        user = get_user_model().objects.get_or_create(
            username=name(level), defaults={"password": make_password(None)}
        )[0]
        Computer.objects.get_or_create(level=level, defaults={"user": user})
    return Computer.objects.select_related("user").get(level=level).user


def levels() -> list[dict]:
    """Each level: its player's name, and for each game how it plays and its rating as
    measured (None where it has not been measured yet), for the pages."""
    return [
        {
            "level": level,
            "name": name(level),
            "games": [
                {
                    "name": g.name,
                    "how": bots.describe(g.slug, level),
                    "measured": bots.measured(g.slug, level),
                }
                for g in rules.games()
            ],
        }
        for level in bots.levels()
    ]


def measured(slug: str) -> dict[int, bots.Measured]:
    """The levels measured in a game, by level: their ratings on one scale."""
    return {level: m for level in bots.levels() if (m := bots.measured(slug, level))}


def anchor() -> tuple[int, int]:
    """The level the measured scale hangs from, and its rating."""
    return bots.anchor()


def level_of(user) -> int | None:
    """The level a user plays at, if it is the computer."""
    if not getattr(user, "pk", None):
        return None
    return Computer.objects.filter(user_id=user.pk).values_list("level", flat=True).first()


def chooser(game: Game):
    """The computer's player in this game: its level, a seed of its own, and its engine or,
    after the engine failed too often, its own search."""
    return bots.get(
        game.game_slug,
        level=level_of(game.player(game.computer_seat)),
        seed=zlib.crc32(game.public_id.encode()),
        own_search=game.computer_own_search,
    )


def start(user, slug: str, level: int, side: str, options=None, time_control=None) -> Game:
    """A game against the computer at `level`, begun at once (the player's side, options and
    clock as for any game). It is private: nobody else can join it."""
    computer = player(level)
    with transaction.atomic():
        game = games.create(user, slug, side, Game.Listing.INVITE, options, time_control)
        game = games.join(game, computer)
    if game.status == Game.Status.SETUP and game.computer_seat == 0:
        # The first player arranges at once, before the page is drawn.
        arrange(game, chooser(game))
        game.refresh_from_db()
    return game


def arrange(game: Game, bot) -> None:
    """The computer's arrangement in a setup phase, chosen and submitted."""
    computer = game.player(game.computer_seat)
    mine = next(s for s in game.seats.all() if s.user_id == computer.pk)
    other = next(s for s in game.seats.all() if s.pk != mine.pk)
    submitted = other.arrangement if other.submitted_at else None
    board = bot.choose(bots.Arranging(game.options, mine.index, submitted))
    setup.load(game, computer, board)
    setup.submit(game, computer)


def take_back(game: Game, user) -> Game:
    """Against the computer, a player takes back their last move (and the computer's answer,
    if it has answered): the moves leave the log, kept as archived moves; the clocks go back
    as they stood; a worker still thinking on the old position finds its move refused."""
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(user, _("Only the players may take back a move."))
        if game.computer_seat is None:
            raise Refused(_("Moves are taken back only in games against the computer."), 409)
        if game.status != Game.Status.ACTIVE:
            raise Refused(_("This game is not in play."), 409)
        lifecycle.take_back(game, seat.index, clocks.now())
        game.computer_claim, game.computer_claimed_until = "", None
        game.revision += 1
        game.save()
        transaction.on_commit(lambda: broadcast(game))
    return game
