"""The worker's turn in games against the computer: claim a game where the computer is to
act, choose with the `bots` package, and move through the move service like a person.

A claim is a token with a lease on the game row, taken under the row lock (SKIP LOCKED on
PostgreSQL, so several workers pass each other by) and by a compare-and-set that holds on
SQLite too. A worker that dies mid-think leaves a claim that lapses: the next one takes the
game up. Whatever happened meanwhile, the move carries the ply and revision it was chosen
for, so it is played once, on the position it was chosen for, or not at all."""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta

from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q

import bots
from play.common import clocks
from play.common.errors import Refused
from play.computer import opponents
from play.games.lifecycle import moves_and_state
from play.models import Game, Seat
from play.push.live import broadcast
from play.round import moves

log = logging.getLogger("imperia.computer")

# How long a claim holds: longer than any think (the bots hold every move to 1.8 s), short
# enough that a game whose worker died waits little for the next.
LEASE = timedelta(seconds=30)
# What a live clock keeps back: the hop from the worker to the database and a margin.
RESERVE_MS = 300
# Fairy-Stockfish's failures in one game before the computer plays it with its own search.
ENGINE_FAILURES = 3


class CouldNotAct(Exception):
    """The computer could not act in a game: what the worker reports."""

    def __init__(self, game: str, reason: str):
        super().__init__(f"could not act in {game}: {reason}")
        self.game, self.reason = game, reason


def due(now=None):
    """Games where the computer is to act and no live claim holds: its turn in play, or its
    arrangement in a setup (at once when it is the first player; else once the player has
    submitted theirs, so the side a player chose is the side that moves first)."""
    now = now or clocks.now()
    seats = Seat.objects.filter(game=OuterRef("pk"))
    computer_to_arrange = Exists(
        seats.filter(index=OuterRef("computer_seat"), submitted_at__isnull=True)
    )
    player_submitted = Exists(
        seats.exclude(index=OuterRef("computer_seat")).filter(submitted_at__isnull=False)
    )
    arranging = Q(status=Game.Status.SETUP) & computer_to_arrange
    arranging &= Q(computer_seat=0) | player_submitted
    return (
        Game.objects.filter(computer_seat__isnull=False)
        .filter(Q(status=Game.Status.ACTIVE, turn=F("computer_seat")) | arranging)
        .filter(Q(computer_claimed_until__isnull=True) | Q(computer_claimed_until__lt=now))
    )


def claim(now=None) -> tuple[int, str] | None:
    """Claim the most pressing game where the computer is to act: (its pk, the token), or
    None. Looked for without a lock first, so an idle worker never waits for the writer."""
    now = now or clocks.now()
    waiting = due(now).order_by(F("deadline").asc(nulls_last=True), "pk")
    if not waiting.exists():
        return None
    with transaction.atomic():
        found = waiting.select_for_update(skip_locked=True, of=("self",)).values_list("pk")[:1]
        pk = next(iter(found), (None,))[0]
        if pk is None:
            return None
        token = secrets.token_hex(16)
        free = Q(computer_claimed_until__isnull=True) | Q(computer_claimed_until__lt=now)
        taken = Game.objects.filter(free, pk=pk).update(
            computer_claim=token, computer_claimed_until=now + LEASE
        )
    return (pk, token) if taken else None


def release(pk: int, token: str) -> None:
    Game.objects.filter(pk=pk, computer_claim=token).update(
        computer_claim="", computer_claimed_until=None
    )


def act(pk: int) -> str:
    """The computer's move (or arrangement) in a game it has claimed, through the services a
    player's request goes through. What it did, in a word. When its engine fails, the failure
    is counted on the game (after ENGINE_FAILURES, it plays on with its own search) and
    CouldNotAct raised."""
    game = Game.objects.prefetch_related("seats__user").get(pk=pk)
    computer = game.player(game.computer_seat)
    chooser = opponents.chooser(game)
    try:
        if game.status == Game.Status.SETUP:
            opponents.arrange(game, chooser)
            return "arranged"
        if game.status != Game.Status.ACTIVE or game.turn != game.computer_seat:
            return "nothing"
        _, state = moves_and_state(game)
        move = chooser.choose(state, budget_ms=budget_ms(game))
        moves.submit(game.public_id, computer, move, game.ply, game.revision)
    except Refused as exc:  # the game moved on while it thought: it looks again
        log.info("%s: %s", game, exc.message)
        return "stale"
    except bots.EngineFailure as exc:
        _engine_failed(game)
        raise CouldNotAct(str(game), str(exc)) from exc
    return "moved"


def _engine_failed(game: Game) -> None:
    """Count the engine's failure in this game; at ENGINE_FAILURES, the computer's own search
    takes over the game, and its page says so."""
    with transaction.atomic():
        game = Game.locked(game.pk, related=())
        game.computer_failures += 1
        if game.computer_failures >= ENGINE_FAILURES and not game.computer_own_search:
            game.computer_own_search = True
            game.revision += 1
            transaction.on_commit(lambda: broadcast(game))
        game.save(update_fields=["computer_failures", "computer_own_search", "revision"])


def budget_ms(game: Game) -> int | None:
    """How long the computer may think on this move beyond its level's own budget: on a live
    clock a share of what is left (a thirtieth, and most of the increment), never the last
    RESERVE_MS of it; otherwise no more than the level's own."""
    if game.clocks is None or clocks.is_correspondence(game.time_control):
        return None
    left_ms = 1000 * clocks.left(game, game.computer_seat, clocks.now())
    share = left_ms / 30 + 800 * game.time_control.get("increment", 0)
    return int(max(20, min(share, left_ms - RESERVE_MS)))


def work(now=None) -> str | None:
    """One turn of a worker: claim a game, act in it, release it. What it did, or None when
    the computer has nothing to do; CouldNotAct when it failed (an engine's failure releases
    the game at once, to be tried again; any other leaves its claim to lapse, after LEASE)."""
    claimed = claim(now)
    if claimed is None:
        return None
    pk, token = claimed
    try:
        done = act(pk)
    except CouldNotAct:
        release(pk, token)
        raise
    except Exception as exc:
        log.exception("the computer failed in game %s; its claim lapses after %s", pk, LEASE)
        raise CouldNotAct(f"game {pk}", repr(exc)) from exc
    release(pk, token)
    return done
