"""A player's rating over time, drawn by the server as an SVG (no charting script)."""

from __future__ import annotations

from django.utils.dateformat import format as date_format
from django.utils.html import escape
from django.utils.translation import ngettext

WIDTH, HEIGHT = 560, 180
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28
MOST_POINTS = 400  # a long history is thinned to this many points; its last is always kept


def svg(points: list[tuple], title: str) -> str:
    """`points`: (when, rating) in time order, at least one. The picture's title says where
    the rating began and ended, for those who cannot see it."""
    if len(points) > MOST_POINTS:
        step = len(points) / MOST_POINTS
        points = [points[int(i * step)] for i in range(MOST_POINTS - 1)] + [points[-1]]
    times = [at.timestamp() for at, _ in points]
    values = [r for _, r in points]
    low = (min(values) - 25) // 50 * 50
    high = max(low + 100, -(-(max(values) + 25) // 50) * 50)
    first, last = times[0], max(times[-1], times[0] + 1)

    def x(t):
        return LEFT + (t - first) / (last - first) * (WIDTH - LEFT - RIGHT)

    def y(v):
        return TOP + (high - v) / (high - low) * (HEIGHT - TOP - BOTTOM)

    line = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in zip(times, values, strict=True))
    (start, begun), (end, now) = points[0], points[-1]
    words = ngettext(
        "%(title)s: from %(begun)s on %(start)s to %(now)s on %(end)s, %(count)s change",
        "%(title)s: from %(begun)s on %(start)s to %(now)s on %(end)s, %(count)s changes",
        len(values),
    ) % {
        "title": title,
        "begun": f"{begun:.0f}",
        "start": _day(start),
        "now": f"{now:.0f}",
        "end": _day(end),
        "count": len(values),
    }
    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(words)}"><title>{escape(words)}</title>'
    ]
    for value in (low, (low + high) / 2, high):
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
            f'y2="{y(value):.1f}"/><text class="axis" x="{LEFT - 6}" y="{y(value) + 4:.1f}" '
            f'text-anchor="end">{value:.0f}</text>'
        )
    for at, anchor in ((points[0][0], "start"), (points[-1][0], "end")):
        parts.append(
            f'<text class="axis" x="{x(at.timestamp()) if anchor == "start" else WIDTH - RIGHT:.1f}" '
            f'y="{HEIGHT - 8}" text-anchor="{anchor}">{_day(at)}</text>'
        )
    parts.append(f'<polyline class="rating-line" points="{line}"/>')
    if len(values) == 1:
        parts.append(
            f'<circle class="rating-dot" cx="{x(times[0]):.1f}" cy="{y(values[0]):.1f}" r="3"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _day(at) -> str:
    """A day as the reader's language writes it: 3 Mar 2026 in English."""
    return date_format(at, "j M Y")
