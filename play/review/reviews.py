"""The computer's review of a whole finished game: every position evaluated by the engine the
computer's strongest level uses (bots.analyse, as the analysis board), in the evaluations'
worker and never in a request; then each move judged by the chance to win its mover gave
away, through the game's own curve, and each side's accuracy, as lichess reckons them
(bots/review.py).

Any player with an account asks for it from a finished game's page. The queue is fair: a
player has one review waiting at a time and A_DAY a day; the site keeps at most QUEUED
waiting, and runs AT_ONCE across every worker. A claim evaluates CHUNK positions, saves
them, pushes the progress to the game's open pages, and puts the review back in the queue,
so that the analysis board's evaluations pass between: a worker that dies loses at most a
chunk, and its lease lapses for another to go on. Two asks for one game make one review
(the game's row locked, one review a game); a failed review is asked for again where it
stopped."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import bots
from bots import review as reckoning
from play.common import claims, clocks, jinja
from play.common.errors import Refused
from play.common.language import translated
from play.common.lru import LRU
from play.common.players import has_account
from play.games.lifecycle import moves_and_state
from play.models import Game, Review
from play.push import live
from play.review import chart
from play.round import addresses

log = logging.getLogger("imperia.evaluations")

SECONDS = 0.3  # each position's search: bench/curves.py fitted the curves with the same
AT_ONCE = 1  # reviews evaluated at once across every worker: moves and the board come first
QUEUED = 50  # reviews waiting at once: past it, asking is refused until the queue shortens
A_DAY = 20  # reviews a player asks for in a day
CHUNK = 8  # positions a claim evaluates before the review goes back in the queue
LEASE = timedelta(seconds=30)  # a claim's hold: a chunk's searches and room to spare

_SHOWN = LRU(500)  # (review pk, when it was done) -> the review as shown
_UNDER_WAY = (Review.Status.WAITING, Review.Status.RUNNING)


def refusal(user, game: Game) -> str | None:
    """Why `user` may not ask for a review of `game`, in words; None if they may."""
    if not has_account(user):
        return _("Log in to ask for the computer's review.")
    if game.status != Game.Status.FINISHED:
        return _("A game is reviewed once it has ended.")
    if game.ply == 0:
        return _("A game without a move has nothing to review.")
    return None


def ask(user, game: Game) -> Review:
    """The game's review, asked for by `user`: the one it has, or a new one in the queue."""
    now = clocks.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)  # two asks: one review
        row = Review.objects.filter(game=game).first()
        if row is not None and row.status != Review.Status.FAILED:
            row.game = game
            if row.of_game_as_it_is():
                return row
        if why := refusal(user, game):
            raise Refused(why, 403 if not has_account(user) else 409)
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()  # theirs, one
        theirs = Review.objects.filter(requested_by=user)
        if theirs.filter(status__in=_UNDER_WAY).exists():
            raise Refused(
                _("Your review of another game is under way: ask for this one once it is done."),
                409,
            )
        if theirs.filter(created_at__gt=now - timedelta(days=1)).count() >= A_DAY:
            most = ngettext(
                "You have asked for %(most)s review today, the most a day.",
                "You have asked for %(most)s reviews today, the most a day.",
                A_DAY,
            )
            raise Refused(most % {"most": A_DAY}, 429)
        if _waiting().count() >= QUEUED:
            raise Refused(_("The computer has many games to review: ask again in a while."), 429)
        review = _asked(game, row, user, now)
        transaction.on_commit(lambda: _told(game.public_id))
    return review


def _asked(game: Game, review: Review | None, user, now) -> Review:
    """The review in the queue: a new one; one that failed, going on where it stopped; or
    one of the game before a ruling changed it, begun again."""
    if review is None:
        review = Review(game=game)
    elif not review.of_game_as_it_is():
        review.evaluations = []
    review.status, review.requested_by, review.created_at = Review.Status.WAITING, user, now
    review.positions, review.ended_on = game.ply + 1, game.position
    review.scale = reckoning.curves()[game.game_slug]
    review.finished_at = None
    review.save()
    return review


def _waiting():
    return Review.objects.filter(status__in=_UNDER_WAY)


def _told(public_id: str, done: int = 0, positions: int = 0, redraw: bool = True) -> None:
    """The game's open pages told (play/round/consumers.py): to draw the review again, as each
    reader sees it (asked for, done or failed); or how far it has come."""
    event = {"type": "review.update", "redraw": redraw, "done": done, "positions": positions}
    live.send(live.group_name(public_id), event)


# The worker's side.


def claim(now=None) -> tuple[int, str] | None:
    """Claim the review waiting longest (or one whose worker's lease lapsed), if fewer than
    AT_ONCE are being evaluated: (its pk, the token)."""
    now = now or clocks.now()
    held = Review.objects.filter(status=Review.Status.RUNNING, claimed_until__gt=now)
    free = Review.objects.filter(
        Q(status=Review.Status.WAITING) | Q(status=Review.Status.RUNNING, claimed_until__lte=now)
    ).order_by("created_at", "pk")
    return claims.claim_first(free, held, AT_ONCE, LEASE, now)


def run(pk: int, token: str) -> str:
    """Evaluate a claimed review's next CHUNK positions and keep them: "done", "waiting" (more
    to come) or "failed"."""
    review = Review.objects.select_related("game").get(pk=pk)
    game = review.game
    game_rules = game.rules
    evaluated = list(review.evaluations)
    texts = positions_of(game)
    update: dict = {}
    start = len(evaluated)
    try:
        state = game_rules.resume(texts[: start + 1], game.options)
        for ply in range(start, min(len(texts), start + CHUNK)):
            if ply > start:
                state = game_rules.extend(state, [texts[ply]], game.options)
            evaluated.append(_evaluate(game_rules, state, evaluated))
    except Exception:  # noqa: BLE001 - whatever the engine did, the page says the same
        log.exception("review %s failed", pk)
        update = {"status": Review.Status.FAILED}
    if not update:
        done = len(evaluated) >= len(texts)
        update = {
            "status": Review.Status.DONE if done else Review.Status.WAITING,
            "evaluations": evaluated,
            **({"finished_at": clocks.now()} if done else {}),
        }
    kept = Review.objects.filter(pk=pk, claim=token).update(**update, claim="", claimed_until=None)
    if kept:
        redraw = update["status"] != Review.Status.WAITING
        _told(game.public_id, len(evaluated), len(texts), redraw=redraw)
    return str(update["status"])


def positions_of(game: Game) -> list[str]:
    """The game's positions as texts, its start first, the one it ended on last."""
    moves = moves_and_state(game)[0]
    return [game.initial_position, *(m.position_after for m in moves)]


def _evaluate(game_rules, state, evaluated: list) -> list:
    """[side to move, score, mate or None, best move as the game writes it] for `state`. A
    position the rules ended is certain: won, lost or drawn for the side that would move."""
    side = game_rules.to_move(state)
    if side is None:
        side = 1 - evaluated[-1][0] if evaluated else 0
    outcome = game_rules.outcome(state)
    if outcome is not None:
        mate = None if outcome.winner is None else 1 if outcome.winner == side else -1
        return [side, 0.0, mate, ""]
    opinion = bots.analyse(game_rules.slug, state, SECONDS)
    best = game_rules.display_line(state, opinion.line[:1])[0] if opinion.line else ""
    return [side, opinion.score, opinion.mate, best]


def work(now=None) -> str | None:
    """One chunk of one review claimed and evaluated, or None when none waits."""
    claimed = claim(now)
    if claimed is None:
        return None
    return run(*claimed)


# The page's side.


@dataclass
class Shown:
    """A review as a page shows it: its state, its progress, and once done the reckoning
    with the moves' own words."""

    review: Review | None
    progress: int
    reckoned: reckoning.Review | None
    moves: list[str]  # each move as the game writes it, ply 1 first


def shown(game: Game) -> Shown:
    review = Review.of(game)
    if review is None:
        return Shown(None, 0, None, [])
    done = len(review.evaluations)
    if review.status != Review.Status.DONE:
        return Shown(review, round(100 * done / max(1, review.positions)), None, [])
    key = (review.pk, review.finished_at)
    return _SHOWN.remembered(key, lambda: _reckoned(game, review))


def _reckoned(game: Game, review: Review) -> Shown:
    moves = [m.display for m in moves_and_state(game)[0]]
    return Shown(review, 100, review.reckoned(), moves)


def card(game: Game, user, csrf_token: str = "", oob: bool = False, notice: str = "") -> SafeString:
    """The review's card on a finished game's page, in the active language, for `user`; with
    `notice`, why their ask was refused."""
    if game.status != Game.Status.FINISHED:  # an aborted game too: nothing to review
        return mark_safe("")
    now = shown(game)
    review = now.review
    game_rules = game.rules
    sides = [translated(game_rules.seats[seat]) for seat in (0, 1)]
    live_url = addresses.of(game)["live"]
    context = {
        "oob": oob,
        "notice": notice,
        "public_id": game.public_id,
        "review_url": reverse("game-review", args=[game.public_id]),
        "live_url": live_url,
        "csrf_token": csrf_token,
        "refusal": refusal(user, game),
        "failed": review is not None and review.status == Review.Status.FAILED,
        "pending": review is not None and review.status in _UNDER_WAY,
        "done": len(review.evaluations) if review else 0,
        "positions": review.positions if review else 0,
        "reckoned": now.reckoned,
        "first_side": sides[0],
    }
    if now.reckoned is not None:
        reckoned = now.reckoned
        context["chart"] = chart.chart(reckoned, now.moves, live_url, sides[0])
        context["sides"] = [
            {
                "name": sides[seat],
                "player": game.player_name(seat),
                "accuracy": _rounded(reckoned.accuracy[seat]),
                "counts": reckoned.counts[seat],
            }
            for seat in (0, 1)
        ]
        context["rows"] = [
            {
                "ply": ply,
                "move": move,
                "mark": judged.mark,
                "chance": round(reckoned.chances[ply]),
                "better": judged.better or "",
            }
            for ply, (move, judged) in enumerate(zip(now.moves, reckoned.moves, strict=True), 1)
        ]
    return jinja.render("play/partials/review.html", context)


def _rounded(accuracy: float | None) -> float | None:
    return None if accuracy is None else round(accuracy, 1)


def notes_of(game: Game) -> list[tuple[str, str]] | None:
    """The game's review as its record carries it: each move's mark, and a comment with the
    evaluation after it for the first side (lichess's [%eval], #n a forced result in n) and,
    marked, what the computer would have played. None without a finished review."""
    now = shown(game)
    if now.reckoned is None:
        return None
    after = now.review.first_sides()[1:]
    notes = []
    for judged, first in zip(now.reckoned.moves, after, strict=True):
        said = f"#{first.mate}" if first.mate is not None else f"{first.score:.2f}"
        comment = f"[%eval {said}]" + (f" {reckoning.judgement(judged)}" if judged.mark else "")
        notes.append((judged.mark, comment))
    return notes
