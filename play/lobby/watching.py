"""The home page's boards: each game's card with a game of it being played now (or, with none in
play, a position from one), and the other games moved last; small pictures, each a link that
watches its game, redrawn as the game moves (play/lobby/consumers.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, gettext_noop

import rules
from play.boards import renderer
from play.common import clocks
from play.models import Game, Move
from play.puzzles.catalogue import Puzzle, of_the_day
from play.round import pictures

SHOWN_NOW = 6  # games in "being played now", beside the five cards
LOOKED_AT = 200  # the latest moves looked through for games in play: a glance at the index

# What makes each game itself, in a sentence for its card (in the reader's language there).
SENTENCES = {
    "empress": gettext_noop(
        "Eight Queens a side and an Empress whose gaze shields her own Queens and bars "
        "the enemy's: capture all eight opposing Queens."
    ),
    "empire-chess": gettext_noop(
        "An Empire whose pieces move like queens but capture only in their own "
        "pattern, against an ordinary chess army; a king on the far rank wins at once."
    ),
    "empire": gettext_noop(
        "Place a piece a turn on a 32×32 grid and enclose the enemy's: what a ring "
        "closes goes out of play, and the most captures win."
    ),
    "imperial-shuffle": gettext_noop(
        "Each player pushes an Emperor across their own 4×4 board; a piece "
        "that comes to match its twin on the other board kills it."
    ),
    "imperial-chess": gettext_noop(
        "Thirty-six pieces a side on 12×12, with catapults, rides and charges, "
        "and no check: capture every Imperial to win."
    ),
}

# With no game of its kind in play, a card shows a position of one: these moves from the start
# (Empress starts on an empty board, every piece in hand).
SAMPLE_MOVES = {
    "empress": ["Q@c6", "Q@f3", "Q@d4", "Q@e5", "Q@b2", "Q@g7", "E@c3", "E@f6"],
    "empire-chess": ["e3e4", "e7e5", "d3d4", "b8c6"],
    "empire": ["o15", "r18", "o17", "r16"],
}


@dataclass
class Card:
    game_rules: rules.Game
    sentence: str
    game: Game | None  # one being played now, or None: a position from the sample moves
    puzzle: Puzzle | None  # the game's puzzle of the day

    @property
    def picture(self) -> str:
        return pictures.picture(self.game) if self.game else sample_picture(self.game_rules.slug)


def home() -> tuple[list[Card], list[Game]]:
    """The five games' cards, and the other games being played now: latest moved first."""
    featured, others = {}, []
    for pk, slug in now_playing():
        if slug not in featured:
            featured[slug] = pk
        elif len(others) < SHOWN_NOW:
            others.append(pk)
    games = Game.objects.filter(pk__in=[*featured.values(), *others])
    by_pk = {g.pk: g for g in games.prefetch_related("seats__user")}
    today = clocks.now().date()
    cards = [
        Card(
            g,
            gettext(SENTENCES[g.slug]),
            by_pk.get(featured.get(g.slug)),
            of_the_day(g.slug, today),
        )
        for g in rules.games()
    ]
    return cards, [by_pk[pk] for pk in others if pk in by_pk]


def now_playing() -> list[tuple[int, str]]:
    """(id, game) of the games in play whose moves were made last, latest first: read off the
    latest moves, so it costs the same with two games in play or twenty thousand; only the
    games shown are read whole."""
    latest = Move.objects.order_by("-id").values_list("game_id", flat=True)[:LOOKED_AT]
    order = list(dict.fromkeys(latest))
    in_play = Game.objects.filter(pk__in=order, status=Game.Status.ACTIVE, imported=False)
    slugs = dict(in_play.values_list("pk", "game_slug"))
    return [(pk, slugs[pk]) for pk in order if pk in slugs]


def shown(public_ids: list[str]) -> list[Game]:
    """The games of these ids that a home page may show: any in play or over, none still
    waiting for an opponent (an invitation is its link's alone)."""
    found = Game.objects.filter(public_id__in=public_ids, imported=False).exclude(
        status=Game.Status.OPEN
    )
    return list(found.prefetch_related("seats__user"))


def sample_picture(slug: str) -> str:
    """A card's picture with no game of its kind in play: a position of one, in a figure."""
    return _sample_picture(slug, get_language())


@cache  # a picture may carry words (Empire's titles): drawn once a language
def _sample_picture(slug: str, language: str) -> str:
    game_rules = rules.get(slug)
    state = game_rules.initial()
    for move in SAMPLE_MOVES.get(slug, ()):
        state = game_rules.play(state, move)
    svg = renderer(slug).picture(state)
    return format_html('<span class="mini-picture" aria-hidden="true">{}</span>', mark_safe(svg))
