"""The puzzles' pages: the next puzzle of a game for the player, and a puzzle, played by clicks
or typed moves; a player's first answer moves their puzzle rating and the puzzle's."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

import rules
from play.common.errors import Refused
from play.common.language import translated
from play.common.players import has_account
from play.learn import lessons, page
from play.puzzles import catalogue, solving


@require_GET
def every_game(request):
    rated = has_account(request.user)
    games = [
        {
            "game": g,
            "count": len(catalogue.puzzles(g.slug)),
            "rating": solving.rating_of(request.user, g.slug) if rated else None,
        }
        for g in rules.games()
    ]
    return render(request, "puzzles/index.html", {"games": games})


@require_GET
def next_puzzle(request, slug):
    if slug not in {g.slug for g in rules.games()}:
        raise Http404(_("There are no puzzles for that game."))
    found = solving.next_for(request, slug)
    if found is not None:
        return redirect("puzzle", slug=slug, puzzle_id=found.id)
    context = {"game": rules.get(slug), "count": len(catalogue.puzzles(slug))}
    return render(request, "puzzles/all_done.html", context)


@require_http_methods(["GET", "POST"])
def puzzle(request, slug, puzzle_id):
    """GET: the puzzle as the address's moves leave it. POST: one more move. The line found or
    missed is the answer, however it comes (an address's moves too, so that no line is tried
    for free), rated once for a player with an account."""
    found = catalogue.puzzle(slug, puzzle_id) if slug in {g.slug for g in rules.games()} else None
    if found is None:
        raise Http404(_("There is no such puzzle."))
    moves, _tries = page.read_moves(request.GET)
    exercise = solving.exercise(found)
    rated = has_account(request.user)
    earlier = solving.answered(request.user, slug, found.id) if rated else None
    result, notice, status = None, None, 200
    choice = None
    if request.method == "POST":
        moves.append(request.POST.get("move", "")[:200])
    else:
        choice = page.chosen(request.GET)
    context = page.context(request.path, slug, exercise, moves, 0, choice)
    tried = context["tried"]
    if tried.illegal or tried.slip:  # nothing is answered, the position stays
        context = page.context(request.path, slug, exercise, moves[:-1], 0)
        notice, status = translated(tried.wrong or tried.slip), 400
    elif tried.wrong or tried.done:
        result = {"solved": tried.done}
        if not rated:
            solving.keep_visitors_answer(request, slug, found.id, tried.done)
        # An answer posted again is told it is not rated; an address looked at again is not.
        elif earlier is None or request.method == "POST":
            try:
                result["answer"] = solving.answer(request.user, slug, found.id, tried.done)
            except Refused as exc:
                notice, status = exc.message, exc.status
    if not rated:
        solving.shown_to_visitor(request, slug, found.id)
    context |= {
        "puzzle": found,
        "result": result,
        "notice": notice,
        "rated": rated,
        "rating": solving.rating_of(request.user, slug) if rated else None,
        "earlier": earlier,
        "line": rules.get(slug).display_line(lessons.start(slug, exercise), found.line),
        "themes": found.themes_shown,
    }
    template = "puzzles/partials/puzzle.html" if request.htmx else "puzzles/puzzle.html"
    return render(request, template, context, status=status)
