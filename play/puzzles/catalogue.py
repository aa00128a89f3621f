"""The puzzles of each game, as data: play/puzzles/data/<game>.jsonl, a puzzle a line, made by
`manage.py make_puzzles` from the computer's games against itself (bots/tactics.py) and
shipped with the project. Read once per process."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from django.utils.translation import ngettext, pgettext_lazy

import rules

DATA = Path(__file__).parent / "data"
SELF_PLAY = re.compile(r"self-play seed (\d+), after (\d+) plies")  # make_puzzles's source


# The themes bots/tactics.py names a puzzle by (English in the data), as players read them.
THEMES = {
    "mate": pgettext_lazy("puzzle theme", "mate"),
    "campmate": pgettext_lazy("puzzle theme", "campmate"),
    "stalemate": pgettext_lazy("puzzle theme", "stalemate"),
    "blockade": pgettext_lazy("puzzle theme", "blockade"),
    "last Queen": pgettext_lazy("puzzle theme", "last Queen"),
    "last Imperial": pgettext_lazy("puzzle theme", "last Imperial"),
    "enclosure": pgettext_lazy("puzzle theme", "enclosure"),
    "capture": pgettext_lazy("puzzle theme", "capture"),
    "revival": pgettext_lazy("puzzle theme", "revival"),
    "ride": pgettext_lazy("puzzle theme", "ride"),
    "catapult": pgettext_lazy("puzzle theme", "catapult"),
    "replacement": pgettext_lazy("puzzle theme", "replacement"),
    "charge": pgettext_lazy("puzzle theme", "charge"),
    "one move": pgettext_lazy("puzzle theme", "one move"),
    "two moves": pgettext_lazy("puzzle theme", "two moves"),
}


@dataclass(frozen=True)
class Puzzle:
    slug: str
    id: str
    position: str
    options: dict
    line: tuple[str, ...]  # the solver's moves, and the defence between them
    themes: tuple[str, ...]
    source: str  # where it was found: the self-play game and its ply

    @property
    def solver_moves(self) -> int:
        return (len(self.line) + 1) // 2

    @property
    def themes_shown(self) -> list[str]:
        """The themes in the reader's language (a theme the list does not know, as it is)."""
        return [str(THEMES.get(theme, theme)) for theme in self.themes]

    @property
    def source_shown(self) -> str:
        """Where it was found, in the reader's language."""
        found = SELF_PLAY.fullmatch(self.source)
        if found is None:
            return self.source
        seed, plies = int(found[1]), int(found[2])
        return ngettext(
            "self-play seed %(seed)s, after %(count)s ply",
            "self-play seed %(seed)s, after %(count)s plies",
            plies,
        ) % {"seed": seed, "count": plies}


def puzzles(slug: str) -> tuple[Puzzle, ...]:
    """The game's puzzles, in the order they were made."""
    return _read(slug)


def puzzle(slug: str, puzzle_id: str) -> Puzzle | None:
    return _by_id(slug).get(puzzle_id)


def of_the_day(slug: str, day: date) -> Puzzle | None:
    """The same puzzle all day for everyone, a different one each day."""
    found = puzzles(slug)
    return found[day.toordinal() % len(found)] if found else None


def identify(position: str, line) -> str:
    """A puzzle's id: its position and line, hashed (the same puzzle found twice is one)."""
    return hashlib.sha256(f"{position}|{' '.join(line)}".encode()).hexdigest()[:10]


def append(slug: str, position: str, options: dict, line, themes, source: str) -> Puzzle | None:
    """Add a found puzzle to the game's file; None when it is there already."""
    made = Puzzle(slug, identify(position, line), position, options, tuple(line), tuple(themes),
                  source)  # fmt: skip
    if made.id in _by_id(slug):
        return None
    record = {"id": made.id, "position": position, "options": options, "line": list(line),
              "themes": list(themes), "source": source}  # fmt: skip
    with (DATA / f"{slug}.jsonl").open("a") as out:
        out.write(json.dumps(record) + "\n")
    _read.cache_clear()
    _by_id.cache_clear()
    return made


@cache
def _read(slug: str) -> tuple[Puzzle, ...]:
    rules.get(slug)  # a game there is
    path = DATA / f"{slug}.jsonl"
    if not path.exists():
        return ()
    read = []
    for text in path.read_text().splitlines():
        if text.strip():
            row = json.loads(text)
            read.append(Puzzle(slug, row["id"], row["position"], row.get("options", {}),
                               tuple(row["line"]), tuple(row["themes"]), row["source"]))  # fmt: skip
    return tuple(read)


@cache
def _by_id(slug: str) -> dict[str, Puzzle]:
    return {p.id: p for p in _read(slug)}
