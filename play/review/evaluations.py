"""The computer's evaluation on the analysis board.

Asked for by a logged-in player, it is queued (an Evaluation row) and run by an evaluations
worker (`manage.py evaluations`, beside the server and the computer's worker, at a lower
priority than both), never in a web server's thread: a search is about a second of CPU, and
an engine that hangs or crashes there would hold or fail the request. At most AT_ONCE run at
a time across every worker; one not answered within PATIENCE reads "not available now", as
does every failure of the engine. The answer is pushed to the asking player's own socket
(the page looks again every five seconds too, in case a push is lost).

No evaluation is given for a position that stands in a game in play, for anyone, nor for one
a ply from it (a player's candidate move, or the position the opponent's move leads to):
positions are compared on what matters to the game (rules' position_key), not the counters.
The check runs in the worker, against every game in play of that game, each game's nearby
positions kept per revision."""

from __future__ import annotations

import logging
import re
from datetime import timedelta

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

import bots
import rules
from play.common import claims, clocks
from play.common.language import for_user, translated
from play.common.lru import LRU
from play.models import Evaluation, Game
from play.notify.notify import user_group
from play.push import live

log = logging.getLogger("imperia.evaluations")

SECONDS = 1.0  # the search's own time
AT_ONCE = 2  # evaluations running at once, across every worker
QUEUED = 50  # waiting at once: past it, a request reads "not available now"
PATIENCE = timedelta(seconds=20)  # from the request to the answer, at the most
LEASE = timedelta(seconds=10)  # a claim's hold: the search, the check and room to spare
LINE_LENGTH = Evaluation._meta.get_field("line").max_length
# Kept in English on the evaluation (its message), shown in the reader's language.
NOT_AVAILABLE = gettext_noop("The engine is not available now: try again in a while.")
IN_A_GAME = gettext_noop("No engine help in a game in play: it is offered once the game ends.")
IN_YOUR_GAME = gettext_noop("No engine help in your own game in play: the board is yours.")
MATE = re.compile(r"(wins|loses) in (\d+)")  # bots/analyse.py's words for a forced result

_NEAR = LRU(20_000)  # (game pk, revision) -> (its position's key, the keys a ply from it)


def ask(user, slug: str, state, options: dict) -> Evaluation:
    """Queue an evaluation of `state` for `user` (logged in: the view sees to it)."""
    game_rules = rules.get(slug)
    now = clocks.now()
    waiting = Evaluation.objects.filter(status=Evaluation.Status.WAITING)
    full = waiting.filter(created_at__gte=now - PATIENCE).count() >= QUEUED
    return Evaluation.objects.create(
        requested_by=user,
        game_slug=slug,
        options=options,
        position=game_rules.format(state),
        created_at=now,
        **({"status": Evaluation.Status.FAILED, "message": NOT_AVAILABLE} if full else {}),
    )


def answer(evaluation: Evaluation) -> Evaluation:
    """The evaluation as its page shows it: one not answered in time is not available."""
    late = clocks.now() - evaluation.created_at > PATIENCE
    if evaluation.status in (Evaluation.Status.WAITING, Evaluation.Status.RUNNING) and late:
        Evaluation.objects.filter(pk=evaluation.pk, status=evaluation.status).update(
            status=Evaluation.Status.FAILED, message=NOT_AVAILABLE, finished_at=clocks.now()
        )
        evaluation.refresh_from_db()
    return evaluation


def refusal(user, slug: str, state) -> str | None:
    """Why the engine may not speak of `state`: it stands in a game in play, or a ply from
    one (the user's own, or anyone's). None when it may."""
    game_rules = rules.get(slug)
    key, ahead = _around(game_rules, state)
    games = Game.objects.filter(status__in=Game.IN_PLAY, game_slug=slug)
    for pk, revision, position, options in games.values_list(
        "pk", "revision", "position", "options"
    ):
        there, around = _near(game_rules, pk, revision, position, options)
        if key == there or key in around or there in ahead:
            mine = user.is_authenticated and Game.objects.filter(pk=pk, seats__user=user).exists()
            return IN_YOUR_GAME if mine else IN_A_GAME
    return None


def _near(game_rules, pk, revision, position, options) -> tuple[str, frozenset[str]]:
    def make():
        try:
            state = game_rules.with_options(game_rules.parse(position), options)
        except ValueError:  # a setup not yet arranged: no position to speak of
            return ("", frozenset())
        return _around(game_rules, state)

    return _NEAR.remembered((pk, revision), make)


def _around(game_rules, state) -> tuple[str, frozenset[str]]:
    """A position's key, and the keys of the positions a ply from it."""
    after = (game_rules.play(state, m) for m in game_rules.legal_moves(state))
    return game_rules.position_key(state), frozenset(map(game_rules.position_key, after))


# The worker's side.


def claim(now=None) -> tuple[int, str] | None:
    """Claim the oldest waiting evaluation, if fewer than AT_ONCE run: (its pk, the token)."""
    now = now or clocks.now()
    running = Evaluation.objects.filter(status=Evaluation.Status.RUNNING, claimed_until__gt=now)
    waiting = Evaluation.objects.filter(
        status=Evaluation.Status.WAITING, created_at__gte=now - PATIENCE
    ).order_by("pk")
    return claims.claim_first(waiting, running, AT_ONCE, LEASE, now)


def run(pk: int, token: str) -> str:
    """Evaluate a claimed request: refused, done or failed, in a word."""
    evaluation = Evaluation.objects.select_related("requested_by").get(pk=pk)
    game_rules = rules.get(evaluation.game_slug)
    state = game_rules.with_options(game_rules.parse(evaluation.position), evaluation.options)
    reply: dict = {"status": Evaluation.Status.FAILED, "message": NOT_AVAILABLE}
    why = refusal(evaluation.requested_by, evaluation.game_slug, state)
    if why:
        reply = {"status": Evaluation.Status.REFUSED, "message": why}
    else:
        try:
            opinion = bots.analyse(evaluation.game_slug, state, SECONDS)
            line = _within(game_rules.display_line(state, opinion.line), LINE_LENGTH)
            reply = {"status": Evaluation.Status.DONE, "words": opinion.words, "line": line}
        except Exception:  # noqa: BLE001 - whatever the engine did, the page says the same
            log.exception("evaluation %s failed", pk)
    answered = Evaluation.objects.filter(pk=pk, claim=token).update(
        **reply, claim="", claimed_until=None, finished_at=clocks.now()
    )
    if answered:  # to the asking page at once, over the player's own socket
        evaluation.refresh_from_db()
        with for_user(evaluation.requested_by):
            context = {**shown(evaluation), "oob": True}
            html = render_to_string("play/partials/evaluation.html", context)
        live.send(
            user_group(evaluation.requested_by_id), {"type": "evaluation.ready", "html": html}
        )
    return str(reply["status"])


def shown(evaluation: Evaluation) -> dict:
    """What the page shows of an evaluation, in the reader's language: waiting, or its answer
    for the side to move."""
    if evaluation.status in (Evaluation.Status.WAITING, Evaluation.Status.RUNNING):
        return {"evaluation": evaluation, "pending": True}
    game_rules = rules.get(evaluation.game_slug)
    to_move = game_rules.to_move(game_rules.parse(evaluation.position))
    unit = (
        _("pawns, Fairy-Stockfish")
        if game_rules.slug == "empire-chess"
        else _("the computer's points")
    )
    return {
        "evaluation": evaluation,
        "to_move_name": translated(game_rules.seats[to_move]) if to_move is not None else "",
        "unit": unit,
        "words": _words(evaluation.words),
        "message": translated(evaluation.message),
    }


def _words(words: str) -> str:
    """The computer's opinion as the page says it: a score, or a result it sees coming."""
    mate = MATE.fullmatch(words)
    if mate is None:
        return words
    moves = int(mate[2])
    if mate[1] == "wins":
        # Translators: the computer's opinion of a position: the side to move wins in so many
        # moves, whatever the defence (and below, loses).
        sentence = ngettext("wins in %(count)s", "wins in %(count)s", moves)
    else:
        sentence = ngettext("loses in %(count)s", "loses in %(count)s", moves)
    return sentence % {"count": moves}


def _within(moves: list[str], length: int) -> str:
    """The line's first moves, as many as its field holds."""
    text = ""
    for move in moves:
        longer = f"{text} {move}".strip()
        if len(longer) > length:
            break
        text = longer
    return text


def work(now=None) -> str | None:
    """One evaluation claimed and run, or None when none waits (or AT_ONCE run)."""
    claimed = claim(now)
    if claimed is None:
        return None
    return run(*claimed)
