"""A review's chart: the first seat's chance to win after each ply, as an SVG whose every point
is a link to the board after that ply (as the move list's links are), named in words for a
screen reader, and marked with its move's ?!, ? or ?? in text, not colour alone."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from bots.review import Review

WIDTH, HEIGHT, MARGIN = 600, 120, 6  # the drawing's own units; it is as wide as its card
MARKED = ' class="marked"'


def chart(review: Review, moves: list[str], live_url: str, first_seat: str) -> SafeString:
    """The chart of `review` (of a game whose moves are `moves`), each point opening the board
    after its ply through `live_url` (the game's #live fragment)."""
    plies = len(review.chances) - 1
    step = (WIDTH - 2 * MARGIN) / max(1, plies)

    def x(ply: int) -> float:
        return round(MARGIN + ply * step, 1)

    def y(chance: float) -> float:
        return round(MARGIN + (100 - chance) * (HEIGHT - 2 * MARGIN) / 100, 1)

    line = " ".join(f"{x(p)},{y(c)}" for p, c in enumerate(review.chances))
    bottom = HEIGHT - MARGIN
    area = f"{x(0)},{bottom} {line} {x(plies)},{bottom}"
    # Translators: a point of the review's chart, as a screen reader names it: the ply, the
    # move played there with its mark (?!, ?, ??), and the first side's chance to win after it.
    said = _("ply %(ply)s: %(move)s%(mark)s, %(side)s %(chance)s%%")
    points = []
    for ply in range(1, plies + 1):
        judged = review.moves[ply - 1]
        chance = review.chances[ply]
        label = said % {
            "ply": ply,
            "move": moves[ply - 1],
            "mark": judged.mark,
            "side": first_seat,
            "chance": round(chance),
        }
        mark = (
            f'<text x="{x(ply)}" y="{y(chance) - 6}" class="review-mark">{escape(judged.mark)}</text>'
            if judged.mark
            else ""
        )
        points.append(
            f'<a href="?ply={ply}" hx-get="{live_url}?ply={ply}" hx-target="#live" '
            f'hx-swap="outerHTML" hx-push-url="?ply={ply}" aria-label="{escape(label)}">'
            f'<circle cx="{x(ply)}" cy="{y(chance)}" r="{4 if judged.mark else 2.5}"'
            f"{MARKED if judged.mark else ''}/>{mark}</a>"
        )
    name = _("%(side)s's chance to win, move by move") % {"side": first_seat}
    return mark_safe(
        f'<svg class="review-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="group" '
        f'aria-label="{escape(name)}">'
        f'<polygon points="{area}" class="area"/>'
        f'<line x1="{MARGIN}" x2="{WIDTH - MARGIN}" y1="{y(50)}" y2="{y(50)}" class="even"/>'
        f'<polyline points="{line}" class="line"/>'
        f"{''.join(points)}</svg>"
    )
