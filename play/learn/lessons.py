"""Lessons, as lichess's /learn has them: each game's are data (play/learn/data/<game>.toml),
read by this one engine. A lesson teaches a section of the game's rules in a few short
exercises on a real board: a position, a goal, a par number of moves, hints, and the
opponent's scripted replies where there are any.

An exercise is played from the learner's moves alone (the page keeps them in its address), so
any request can be checked by playing them again:

- with scripted replies, each move must be the one the line needs (or another it accepts);
  the opponent then answers as scripted;
- without, any legal move will do, and the opponent passes: the turn comes straight back, as
  lichess's lessons have the learner's pieces move alone.

A wrong move (illegal, or legal but not the one the line needs) is explained in the rule's own
words and the exercise starts again; a move that meets the goal finishes it, with one to three
stars for the moves it took and the tries before. A move the rules cannot read at all (a typo:
`zz9`) is no try: it is said why, and the exercise goes on from where it stood.

The lessons' texts stay in English here, as the TOML writes them: each is a message of the
catalogues (imperia_site/catalogues.py extracts them), and the pages show it translated, as
they show why a move does not do (`translated`, play/common/language.py)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

from django.utils.translation import ngettext

import rules
from bots import tactics
from rules import IllegalMove, UnreadableMove

DATA = Path(__file__).parent / "data"
GAMES = frozenset(path.stem for path in DATA.glob("*.toml"))
MOST_MOVES = 60  # moves of one try: every exercise takes far fewer
MOST_MISTAKES = 99


@dataclass(frozen=True)
class Goal:
    """What finishes an exercise; every part given must hold."""

    reach: tuple[str, ...] = ()  # squares the learner's moves land on, each at least once
    capture: int = 0  # pieces the opponent loses (in Empire: pieces the learner captures)
    win: str = ""  # the game won by the learner, for this reason ("any": for any)
    play: tuple[str, ...] = ()  # one of these moves played
    charge: bool = False  # a charge played (Imperial Chess)
    puzzle: bool = False  # a puzzle's gain taken, or the game won (bots/tactics.py)


@dataclass(frozen=True)
class Exercise:
    lesson: str
    number: int
    goal_text: str
    position: str
    goal: Goal
    par: int
    solution: tuple[str, ...]
    replies: tuple[str, ...] = ()
    also: dict = field(default_factory=dict)  # move index -> other moves the line accepts
    hints: tuple[str, ...] = ()
    wrong: dict = field(default_factory=dict)  # a move -> why it does not do
    options: dict = field(default_factory=dict)
    strict: bool = False  # each move must be the line's, though the opponent has no reply
    rule: str = ""  # the rule in its own words: why a move that misses does not do

    @property
    def key(self) -> str:
        return f"{self.lesson}/{self.number}"

    @property
    def scripted(self) -> bool:
        return self.strict or bool(self.replies)


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: str
    sections: tuple[str, ...]  # the sections of the game's rules document it teaches
    intro: str
    rule: str  # the rule in its own words: why a move that misses does not do
    exercises: tuple[Exercise, ...]


@dataclass
class Attempt:
    """An exercise as the learner's moves leave it."""

    state: object
    learner: int
    moves: list[str]  # everyone's, in order: the learner's and the scripted replies
    last: str = ""  # the last move played, for the board's marks
    done: bool = False
    stars: int = 0
    wrong: str = ""  # why the last move does not do (the page translates it): it starts again
    illegal: bool = False  # the last move was not legal at all
    slip: str = ""  # why the last move could not be read: unplayed, the try goes on
    finished_by: str = ""  # the move that met the goal


def lessons(slug: str) -> tuple[Lesson, ...]:
    """The game's lessons in order, read once."""
    return _read(slug)


def sections(slug: str) -> tuple[list[str], dict[str, str]]:
    """The sections of the game's rules document, in order, and those no lesson teaches with
    the reason (a checklist for the engine's tests is not a rule of play)."""
    data = _data(slug)
    return list(data["sections"]), dict(data.get("not_taught", {}))


def lesson(slug: str, lesson_slug: str) -> Lesson | None:
    return next((item for item in lessons(slug) if item.slug == lesson_slug), None)


def exercise(slug: str, key: str) -> Exercise | None:
    """An exercise by its key, `lesson/number`."""
    lesson_slug, _, number = key.partition("/")
    found = lesson(slug, lesson_slug)
    if found is None or not number.isdigit():
        return None
    index = int(number) - 1
    return found.exercises[index] if 0 <= index < len(found.exercises) else None


def keys(slug: str) -> list[str]:
    return [e.key for item in lessons(slug) for e in item.exercises]


def start(slug: str, exercise_: Exercise):
    game = rules.get(slug)
    if exercise_.position == "start":
        return game.initial(exercise_.options or None)
    return game.with_options(game.parse(exercise_.position), exercise_.options)


def attempt(slug: str, exercise_: Exercise, learner_moves: list[str], mistakes: int = 0):
    """Play the learner's moves (and the replies) from the exercise's start."""
    game = rules.get(slug)
    state = start(slug, exercise_)
    first = state
    learner = game.to_move(state)
    tried = Attempt(state, learner, [])
    landed: set[str] = set()
    played: list[str] = []
    rule = exercise_.rule
    for index, text in enumerate(learner_moves[:MOST_MOVES]):
        try:
            move = game.normalize(state, text.strip())
            after = game.play(state, move)
        except UnreadableMove as exc:
            tried.slip = _said(exc)
            return tried
        except IllegalMove as exc:
            return _wrong(tried, first, _said(exc), illegal=True)
        if exercise_.scripted and not _matches(move, _accepted(exercise_, index)):
            return _wrong(tried, first, exercise_.wrong.get(move) or rule)
        played.append(move)
        landed.update(game.move_squares(move)[-1:])
        tried.moves.append(move)
        tried.state, tried.last = after, move
        if met(game, exercise_.goal, first, after, learner, played, landed):
            tried.done, tried.finished_by = True, move
            tried.stars = stars(len(played), exercise_.par, mistakes)
            return tried
        if game.outcome(after):
            return _wrong(tried, first, exercise_.wrong.get(move) or rule)
        if exercise_.scripted:
            if index >= len(exercise_.replies):
                return _wrong(tried, first, exercise_.wrong.get(move) or rule)
            reply = exercise_.replies[index]
            if not game.is_legal(after, reply):  # another move the line accepts took its place
                reply = game.legal_moves(after)[0]
            state = game.play(after, reply)
            tried.moves.append(reply)
            tried.state, tried.last = state, reply
        else:
            state = hand_back(game, after, first)
            tried.state = state
    if len(learner_moves) > MOST_MOVES:
        most = ngettext("A try has at most %(count)s move.", "A try has at most %(count)s moves.",
                        MOST_MOVES) % {"count": MOST_MOVES}  # fmt: skip
        return _wrong(tried, first, most)
    return tried


def _said(exc: IllegalMove) -> str:
    """The rules' words for a refused move, as they said them (a `said` sentence keeps what its
    translation needs; str(exc) would not)."""
    return exc.args[0] if exc.args else str(exc)


def _accepted(exercise_: Exercise, index: int) -> set[str]:
    own = {exercise_.solution[index]} if index < len(exercise_.solution) else set()
    return own | set(exercise_.also.get(str(index), ()))


def _matches(move: str, patterns) -> bool:
    """Whether a move is one of these, written as moves or as patterns (`Q@*`: any Queen
    placed)."""
    return any(fnmatchcase(move, pattern) for pattern in patterns)


def _wrong(tried: Attempt, first, why: str, illegal=False) -> Attempt:
    """The exercise starts again, saying why."""
    return Attempt(first, tried.learner, [], wrong=why, illegal=illegal)


def met(game, goal: Goal, first, state, learner: int, played, landed) -> bool:
    """Whether every part of the goal holds."""
    if goal.reach and not set(goal.reach) <= landed:
        return False
    if goal.capture and gained(game, first, state, learner) < goal.capture:
        return False
    if goal.win:
        outcome = game.outcome(state)
        if outcome is None or outcome.winner != learner:
            return False
        if goal.win != "any" and outcome.reason != goal.win:
            return False
    if goal.play and not any(_matches(move, goal.play) for move in played):
        return False
    if goal.puzzle and not tactics.solved(game, first, state, learner):
        return False
    return not goal.charge or any("," in move for move in played)


def gained(game, first, state, learner: int) -> int:
    """What the learner took since the start: the opponent's lost pieces, or in a game that
    keeps score (Empire), the learner's captures."""
    score = game.score(state)
    if score is not None:
        return score[learner] - game.score(first)[learner]
    opponent = 1 - learner
    return len(game.captured(state)[opponent]) - len(game.captured(first)[opponent])


def stars(moves: int, par: int, mistakes: int) -> int:
    """Three within par, two within two moves more, else one; each try before costs one."""
    earned = 3 if moves <= par else 2 if moves <= par + 2 else 1
    return max(1, earned - mistakes)


def hand_back(game, state, first):
    """The position with the learner to move again: the opponent passes. Every game's position
    text says whose move it is in its second word; an en passant square (chess) is the
    passer's no longer."""
    words = game.format(state).split(" ")
    words[1] = game.format(first).split(" ")[1]
    if game.slug == "empire-chess":
        words[3] = "-"
    return game.extend(state, [" ".join(words)])


@cache
def _data(slug: str) -> dict:
    return tomllib.loads((DATA / f"{slug}.toml").read_text())


@cache
def _read(slug: str) -> tuple[Lesson, ...]:
    data = _data(slug)
    read = []
    for item in data["lesson"]:
        exercises = tuple(
            Exercise(
                lesson=item["slug"],
                number=number,
                goal_text=entry["goal"],
                position=entry.get("position", "start"),
                goal=Goal(
                    **{k: tuple(v) if isinstance(v, list) else v for k, v in entry["check"].items()}
                ),  # fmt: skip
                par=entry.get("par", len(entry["solution"])),
                solution=tuple(entry["solution"]),
                replies=tuple(entry.get("replies", ())),
                also=entry.get("also", {}),
                hints=tuple(entry.get("hints", ())),
                wrong=entry.get("wrong", {}),
                options=entry.get("options", {}),
                strict=entry.get("strict", False),
                rule=item["rule"],
            )
            for number, entry in enumerate(item["exercise"], 1)
        )
        read.append(
            Lesson(
                slug=item["slug"],
                title=item["title"],
                sections=tuple(item["sections"]),
                intro=item["intro"],
                rule=item["rule"],
                exercises=exercises,
            )
        )
    return tuple(read)
