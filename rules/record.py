"""A game's record as text: PGN-style tag pairs and numbered moves as players read them
(`display`): real PGN for Empire Chess, the same shape for the other games."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.results import IllegalMove, Outcome
from rules.said import said

if TYPE_CHECKING:  # the base imports this module: its names are only hints here
    from rules.base import Game, State


def result_token(outcome: Outcome | None) -> str:
    if outcome is None:
        return "*"
    if outcome.winner is None:
        return "1/2-1/2"
    return "1-0" if outcome.winner == 0 else "0-1"


# A move's mark as PGN's numeric annotation glyphs write it.
NAGS = {"?!": "$6", "?": "$2", "??": "$4"}


def export(
    game: Game, start: State, moves: list[str], headers: dict[str, str], outcome=None,
    notes: list[tuple[str, str]] | None = None,
) -> str:  # fmt: skip
    """The record of a game played from `start`.

    `outcome` may come from outside the rules (resignation, timeout, agreement). `notes`, one
    a move: its mark ("", "?!", "?", "??"), written as a glyph, and a comment after it ("" for
    none), as a review annotates a game.
    """
    state = start
    start = game.format(state)
    tokens = []
    for ply, move in enumerate(moves):
        if ply % 2 == 0:
            tokens.append(f"{ply // 2 + 1}.")
        tokens.append(game.display(state, move))
        if notes:
            mark, comment = notes[ply]
            tokens += [NAGS[mark]] if mark else []
            tokens += ["{", *comment.replace("}", ")").split(), "}"] if comment else []
        state = game.play(state, move)
    outcome = outcome or game.outcome(state)
    result = result_token(outcome)
    tags = {**headers, "Result": result, **game.record_tags(start)}
    if outcome is not None:
        tags.setdefault("Termination", outcome.reason)
    lines = [f'[{key} "{_escape(str(value))}"]' for key, value in tags.items()]
    body, line = [], ""
    for token in [*tokens, result]:
        if len(line) + len(token) + 1 > 79:
            body.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


# A tag's name may hold spaces: the seats of some games are "First player", "Second player".
TAG_NAME = re.compile(r"\w[\w ]*")
TAG_VALUE = re.compile(r'(?:[^"\\]|\\.)*')
# The body's pieces, each matched once where it starts, so that reading is linear in the
# text: a comment (an unclosed one runs to the end), a line comment, an annotation glyph, a
# variation's bracket, a token.
PIECE = re.compile(r"\{[^}]*\}?|;[^\n]*|\$\d+|[()]|[^\s{}();$]+|[$]")
MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$|^\d+\.\.\.$")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
DEEPEST = 32  # variations nested in variations: far past what any record holds


@dataclass(frozen=True)
class Read:
    """A record read back: where it starts, its moves (canonical), names, result, options."""

    options: dict
    start: str
    moves: list[str]
    names: tuple[str, str]
    outcome: Outcome | None


def read(game: Game, text: str) -> Read:
    """A record as `export` writes it (and as pychess writes Empire Chess's PGN): tag pairs,
    then numbered moves as players read them, replayed to find each canonical move. Raises
    ValueError naming the first move that cannot be read or played."""
    tags, body = _tags(text)
    tokens = [t for t in _main_line(body) if not MOVE_NUMBER.match(t)]
    result = tokens.pop() if tokens and tokens[-1] in RESULTS else tags.get("Result", "*")
    tokens = [re.sub(r"^\d+\.(\.\.)?", "", t) for t in tokens]  # "1.e4" written together
    options = game.validate_options(read_options(tags.get("Options", "")))
    start = tags.get("Position") or tags.get("FEN") or game.format(game.start(options))
    state = game.with_options(game.parse(start), options)
    moves = []
    for ply, token in enumerate(t for t in tokens if t):
        move = _canonical(game, state, token)
        if move is None:
            raise IllegalMove(
                said(
                    "move {number} ({move}) cannot be read or played here",
                    number=ply + 1,
                    move=token,
                )
            )
        moves.append(move)
        state = game.play(state, move)
    names = (tags.get(game.seats[0], "?"), tags.get(game.seats[1], "?"))
    outcome = None
    if result in ("1-0", "0-1"):
        outcome = Outcome(0 if result == "1-0" else 1, _reason(tags.get("Termination", "")))
    elif result == "1/2-1/2":
        outcome = Outcome(None, _reason(tags.get("Termination", "")))
    return Read(options, start, moves, names, outcome)


def _tags(text: str) -> tuple[dict[str, str], str]:
    """The tag pairs (`[Name "value"]` lines) and the rest of the text, the moves. Each line
    is looked at once, and a tag by splitting, so that no line costs more than its length."""
    tags, body = {}, []
    for line in text.splitlines():
        inner = line.strip()
        if inner.startswith("[") and inner.endswith("]"):
            name, quote, value = inner[1:-1].partition('"')
            name = name.strip()
            if (
                quote
                and value.endswith('"')
                and TAG_NAME.fullmatch(name)
                and TAG_VALUE.fullmatch(value[:-1])
            ):
                tags[name] = _unescape(value[:-1])
                continue
        body.append(line)
    return tags, "\n".join(body)


def _main_line(body: str) -> list[str]:
    """The main line's tokens: comments, annotation glyphs and variations left out, in one
    pass; ValueError for an unclosed comment or variation, a stray ), or variations nested
    past DEEPEST."""
    tokens, depth = [], 0
    for match in PIECE.finditer(body):
        piece = match[0]
        if piece == "(":
            depth += 1
            if depth > DEEPEST:
                raise ValueError(
                    said("Variations are nested more than {count} deep.", count=DEEPEST)
                )
        elif piece == ")":
            if depth == 0:
                raise ValueError(said("A ) closes no variation."))
            depth -= 1
        elif piece[0] == "{":
            if not piece.endswith("}"):
                raise ValueError(said("A comment opened with { is not closed."))
        elif depth == 0 and piece[0] not in ";$":
            tokens.append(piece)
    if depth:
        raise ValueError(said("A variation opened with ( is not closed."))
    return tokens


def _canonical(game: Game, state: State, token: str) -> str | None:
    """The canonical move a token stands for: as typed (SAN, UCI) or as the game shows it."""
    try:
        move = game.normalize(state, token)
        game.play(state, move)
        return move
    except ValueError:
        pass
    shown = {game.display(state, m): m for m in game.legal_moves(state)}
    return shown.get(token)


def _reason(termination: str) -> str:
    """A result's reason as the record names it (the rules' own words: resign, campmate, …),
    or "imported" for words of other programs."""
    termination = termination.strip().lower()
    return termination if re.fullmatch(r"[a-z][a-z-]{0,31}", termination) else "imported"


def options_tag(options: dict) -> str:
    """A game's options as one tag value: key=value; key=value."""
    return "; ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()
    )


def read_options(text: str) -> dict:
    """Options as `options_tag` writes them. Numbers are ASCII digits, and short: anything
    else stays text ('²', '٣٢', five thousand digits), for the game to refuse."""
    out = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        key, _, value = part.partition("=")
        value = value.strip()
        out[key.strip()] = (
            value == "true"
            if value in ("true", "false")
            else int(value)
            if value.isascii() and value.isdigit() and len(value) <= 9
            else value  # no number: the game's options refuse it, saying what they take
        )
    return out


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)
