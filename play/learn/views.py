"""The lessons' pages: every game's map of lessons with the stars earned, and an exercise,
played by clicks or typed moves."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

import rules
from play.learn import lessons, page, progress


@require_GET
def every_game(request):
    games = [
        {"game": g, "done": len(progress.earned(request, g.slug)), "of": len(lessons.keys(g.slug))}
        for g in rules.games()
    ]
    return render(request, "learn/index.html", {"games": games})


@require_GET
def lesson_map(request, slug):
    if slug not in lessons.GAMES:
        raise Http404(_("There are no lessons for that game."))
    earned = progress.earned(request, slug)
    return render(
        request,
        "learn/map.html",
        {"game": rules.get(slug), "lessons": lessons.lessons(slug), "earned": earned},
    )


@require_http_methods(["GET", "POST"])
def exercise(request, slug, lesson, number):
    """GET: the exercise as the address's moves leave it (a square selected, a target
    picked). POST: one more move, then the same; a finished exercise keeps its stars."""
    found = page.exercise_or_404(slug, lesson, number)
    moves, tries = page.read_moves(request.GET)
    if request.method == "POST":
        moves.append(request.POST.get("move", "")[:200])
    choice = page.chosen(request.GET) if request.method == "GET" else None
    context = page.context(request.path, slug, found, moves, tries, choice)
    if request.method == "POST" and context["tried"].done:
        progress.record(request, slug, found.key, context["tried"].stars)
    context |= _around(slug, found)
    template = "learn/partials/exercise.html" if request.htmx else "learn/exercise.html"
    return render(request, template, context, status=400 if context["tried"].slip else 200)


def _around(slug: str, found) -> dict:
    """Where the exercise stands among the game's: its lesson, and the next one."""
    keys = lessons.keys(slug)
    at = keys.index(found.key)
    following = lessons.exercise(slug, keys[at + 1]) if at + 1 < len(keys) else None
    return {"lesson": lessons.lesson(slug, found.lesson), "following": following}
