"""Solving puzzles: a puzzle played as an exercise of the lessons' engine (its line the one to
find, the defence scripted), the next puzzle for a player, and a rated answer, shaped like the
move service: one transaction, the player's rating row locked first, the answer checked to be
their first, then both ratings moved as Glicko-2 moves them (the puzzle wins when a player
fails it, as lichess rates them). A visitor's first answers (or an anonymous player's) are kept
in their session, and rated for the account they sign up or log in to, in the order given, as
the lessons' stars move to it."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from bots import tactics
from play.common.errors import Refused
from play.common.players import has_account
from play.learn.lessons import Exercise, Goal
from play.models import PuzzleAttempt, PuzzleRating, PuzzleScore
from play.puzzles import catalogue
from play.ratings import glicko

SEEN = (
    "puzzles_seen"  # a visitor's session: the puzzles shown, by game, that they need not see again
)
SLUGS = frozenset(g.slug for g in rules.games())
ANSWERS = "puzzle_answers"  # a visitor's session: {game slug: {puzzle id: solved}}, first answers


def exercise(puzzle: catalogue.Puzzle) -> Exercise:
    """The puzzle as the lessons' engine plays it: each of the solver's moves must be the
    line's, but the last, which may be any move that takes the gain."""
    solver, defence = puzzle.line[::2], puzzle.line[1::2]
    return Exercise(
        lesson="puzzle",
        number=1,
        goal_text=goal_words(puzzle),
        position=puzzle.position,
        goal=Goal(puzzle=True),
        par=len(solver),
        solution=solver,
        replies=defence,
        also={str(len(solver) - 1): ["*"]} if len(solver) > 1 else {},
        strict=True,
        options=puzzle.options,
        rule=_("That is not the move that wins here."),
    )


def goal_words(puzzle: catalogue.Puzzle) -> str:
    """What the puzzle asks, in the reader's language: one sentence for each gain."""
    moves = puzzle.solver_moves
    if puzzle.slug == "empress":
        sentence = ngettext(
            "Find the move that wins a Queen or the game, whatever the defence (one move).",
            "Find the move that wins a Queen or the game, whatever the defence (%(count)s moves).",
            moves,
        )
    elif puzzle.slug == "empire":
        sentence = ngettext(
            "Find the move that wins a piece, by enclosing it, or the game, whatever the defence "
            "(one move).",
            "Find the move that wins a piece, by enclosing it, or the game, whatever the defence "
            "(%(count)s moves).",
            moves,
        )
    elif puzzle.slug == "imperial-shuffle":
        sentence = ngettext(
            "Find the move that wins material (two Commoners' worth, or a Noble) or the game, "
            "whatever the defence (one move).",
            "Find the move that wins material (two Commoners' worth, or a Noble) or the game, "
            "whatever the defence (%(count)s moves).",
            moves,
        )
    else:
        sentence = ngettext(
            "Find the move that wins material worth %(gain)s pawns or more or the game, "
            "whatever the defence (one move).",
            "Find the move that wins material worth %(gain)s pawns or more or the game, "
            "whatever the defence (%(count)s moves).",
            moves,
        )
    return sentence % {"count": moves, "gain": tactics.gain(puzzle.slug)}


def rating_of(user, slug: str) -> PuzzleRating:
    """The player's puzzle rating in a game (a new player's starts at 1500 ± 350)."""
    found = PuzzleRating.objects.filter(user=user, game_slug=slug).first()
    return found or PuzzleRating(user=user, game_slug=slug)


def answered(user, slug: str, puzzle_id: str) -> PuzzleAttempt | None:
    if not has_account(user):
        return None
    return PuzzleAttempt.objects.filter(user=user, game_slug=slug, puzzle=puzzle_id).first()


def next_for(request, slug: str) -> catalogue.Puzzle | None:
    """The next puzzle: for a player, the one not yet answered whose rating is nearest theirs;
    for a visitor or an anonymous player, the next they have not been shown."""
    every = catalogue.puzzles(slug)
    if has_account(request.user):
        done = set(PuzzleAttempt.objects.filter(user=request.user, game_slug=slug)
                   .values_list("puzzle", flat=True))  # fmt: skip
        scores = dict(PuzzleScore.objects.filter(game_slug=slug).values_list("puzzle", "rating"))
        mine = rating_of(request.user, slug).rating
        left = [p for p in every if p.id not in done]
        return min(left, key=lambda p: abs(scores.get(p.id, 1500.0) - mine), default=None)
    seen = set(request.session.get(SEEN, {}).get(slug, []))
    return next((p for p in every if p.id not in seen), None)


def shown_to_visitor(request, slug: str, puzzle_id: str) -> None:
    kept = request.session.get(SEEN, {})
    seen = kept.setdefault(slug, [])
    if puzzle_id not in seen and len(seen) < len(catalogue.puzzles(slug)):
        seen.append(puzzle_id)
        request.session[SEEN] = kept


def keep_visitors_answer(request, slug: str, puzzle_id: str, solved: bool) -> None:
    """A visitor's answer to a puzzle of the catalogue, kept if it is their first."""
    kept = request.session.get(ANSWERS, {})
    answers = kept.setdefault(slug, {})
    if puzzle_id not in answers:
        answers[puzzle_id] = solved
        request.session[ANSWERS] = kept


@receiver(user_logged_in)
def _rate_a_visitors_answers(sender, request, user, **kwargs):
    """A visitor who signs up or logs in has their first answers rated, in the order given; a
    puzzle the account answered before keeps that answer. (An anonymous player made for a
    visitor logs in too: theirs wait for the account.)"""
    if request is None or not hasattr(request, "session") or not has_account(user):
        return
    for slug, answers in (request.session.pop(ANSWERS, None) or {}).items():
        for puzzle_id, solved in answers.items():
            if slug in SLUGS and isinstance(solved, bool) and catalogue.puzzle(slug, puzzle_id):
                try:
                    answer(user, slug, puzzle_id, solved)
                except Refused:
                    continue  # answered with the account before


@dataclass(frozen=True)
class Answer:
    solved: bool
    rating_before: float
    rating_after: float
    puzzle_before: float
    puzzle_after: float


def answer(user, slug: str, puzzle_id: str, solved: bool) -> Answer:
    """The player's rated answer to a puzzle; Refused (409) if they answered it before, and
    then nothing changes."""
    if catalogue.puzzle(slug, puzzle_id) is None:
        raise Refused(_("There is no such puzzle."), 404)
    with transaction.atomic():
        mine = PuzzleRating.objects.select_for_update().get_or_create(user=user, game_slug=slug)[0]
        if PuzzleAttempt.objects.filter(user=user, game_slug=slug, puzzle=puzzle_id).exists():
            raise Refused(_("You answered this puzzle already: only the first answer is rated, "
                            "and nothing changed now."), 409)  # fmt: skip
        score = PuzzleScore.objects.select_for_update().get_or_create(
            game_slug=slug, puzzle=puzzle_id
        )[0]
        player = glicko.Rating(mine.rating, mine.rd, mine.volatility)
        puzzle = glicko.Rating(score.rating, score.rd, score.volatility)
        won = 1.0 if solved else 0.0
        new_player = glicko.update(player, [(puzzle, won)])
        new_puzzle = glicko.update(puzzle, [(player, 1.0 - won)])
        done = Answer(solved, mine.rating, new_player.rating, score.rating, new_puzzle.rating)
        for row, new in ((mine, new_player), (score, new_puzzle)):
            row.rating, row.rd, row.volatility = new.rating, new.rd, new.volatility
            row.plays += 1
            row.save()
        PuzzleAttempt.objects.create(
            user=user, game_slug=slug, puzzle=puzzle_id, solved=solved,
            rating_before=done.rating_before, rating_after=done.rating_after,
            puzzle_rating_before=done.puzzle_before, puzzle_rating_after=done.puzzle_after,
        )  # fmt: skip
    return done
