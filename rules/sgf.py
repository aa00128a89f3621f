"""SGF for Empire, the way Dots programs write it: `GM[40]`, `SZ[w:h]`, circles are `B`
(the first player), crosses `W`; points are column then row letters from the top-left,
a-z then A-Z; a pass is an empty value. Pure text in, text out."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.base import Outcome
from rules.grid import column_name
from rules.said import said

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
COLOURS = ("B", "W")


@dataclass(frozen=True)
class Record:
    """A game read from SGF: everything needed to replay and judge it."""

    options: dict
    start: str  # position text of the first position
    moves: list[str]
    names: tuple[str, str]
    result: str  # the RE value, "" when absent

    @property
    def outcome(self) -> Outcome | None:
        return outcome_of(self.result)


# A move's mark as SGF's move annotations write it: doubtful, bad, very bad.
MARKS = {"?!": "DO[]", "?": "BM[1]", "??": "BM[2]"}


def export(
    game, start, moves: list[str], headers: dict, outcome: Outcome | None, notes=None
) -> str:
    """SGF of a game from position `start` (the rules' state, not text); `notes`, a mark and a
    comment a move (as record.export), as move annotations and C[]."""
    w, h = start.width, start.height
    size = str(w) if w == h else f"{w}:{h}"
    root = {
        "FF": "4",
        "GM": "40",
        "CA": "UTF-8",
        "AP": "Imperia",
        "SZ": size,
        "RU": start.mode,
        "PB": headers.get(game.seats[0], ""),
        "PW": headers.get(game.seats[1], ""),
        "DT": headers.get("Date", "").replace(".", "-"),
        "PC": headers.get("Site", ""),
        "EV": headers.get("Event", ""),
    }
    body, state = [], start
    for ply, move in enumerate(moves):
        value = "" if move == "pass" else _point(game.point(state, move), w)
        body.append(f"\n;{COLOURS[state.turn]}[{value}]")
        if notes:
            mark, comment = notes[ply]
            body.append(MARKS[mark] if mark else "")
            body.append(f"C[{_escape(comment)}]" if comment else "")
        state = game.play(state, move)
    if outcome is not None:
        root["RE"] = result_value(outcome, game.score(state))
    text = ["(;" + "".join(f"{k}[{_escape(v)}]" for k, v in root.items() if v)]
    for colour, symbol in (("AB", "O"), ("AW", "X")):
        points = [i for i, c in enumerate(start.board) if c == symbol]
        if points:
            text.append(colour + "".join(f"[{_point(i, w)}]" for i in points))
    return "".join(text + body) + ")\n"


def result_value(outcome: Outcome, scores: tuple[int, int]) -> str:
    if outcome.winner is None:
        return "0"
    suffix = {"resign": "R", "timeout": "T"}.get(outcome.reason)
    return f"{COLOURS[outcome.winner]}+{suffix or abs(scores[0] - scores[1])}"


def read(game, text: str) -> Record:
    """Read the main line of an SGF game record; ValueError says what is wrong."""
    nodes = _nodes(text)
    if not nodes:
        raise ValueError(said("No SGF game found: it starts with '(;'."))
    root = nodes[0]
    if root.get("GM", ["40"])[0] != "40":
        raise ValueError(said("GM[{game}] is not a Dots game (GM[40]).", game=root["GM"][0]))
    if "SZ" not in root:
        raise ValueError(said("The record needs the board size, SZ[width:height]."))
    size = root["SZ"][0]
    # ASCII digits, at most two: \d would take other scripts' digits, and int() refuses a
    # number of 4,301 digits in words of its own.
    m = re.fullmatch(r"([0-9]{1,2})(?::([0-9]{1,2}))?", size)
    if not m:
        shown = size if len(size) <= 12 else size[:12] + "…"
        raise ValueError(
            said(
                "The board size SZ[{size}] is not one: write SZ[32], or SZ[40:32] for width "
                "and height, each from 8 to 40.",
                size=shown,
            )
        )
    width, height = int(m[1]), int(m[2] or m[1])
    mode = root.get("RU", ["dots"])[0].lower()
    options = game.validate_options(
        {"width": width, "height": height, "mode": mode if mode in ("empire", "dots") else "dots"}
    )
    board = ["."] * (width * height)
    for prop, symbol in (("AB", "O"), ("AW", "X")):
        for value in root.get(prop, []):
            x, y = _coords(value, width, height)
            board[y * width + x] = symbol
    moves, colours = [], []
    for node in nodes:
        for colour in COLOURS:
            for value in node.get(colour, []):
                colours.append(COLOURS.index(colour))
                # FF[3] wrote a pass as tt, which is a point on boards wider than 19.
                is_pass = value == "" or (value == "tt" and max(width, height) <= 19)
                moves.append("pass" if is_pass else _name(value, width, height))
    first = root.get("PL", [COLOURS[colours[0]] if colours else "B"])[0]
    if first not in COLOURS:
        raise ValueError(
            said("PL[{player}] names no player: B (circles) or W (crosses).", player=first[:12])
        )
    first = COLOURS.index(first)
    for ply, colour in enumerate(colours):
        if colour != (first + ply) % 2:
            raise ValueError(
                said(
                    "Move {number} is by {colour} out of turn.",
                    number=ply + 1,
                    colour=COLOURS[colour],
                )
            )
    rows = "/".join(
        re.sub(r"\.{2,}", lambda r: str(len(r[0])), "".join(board[y * width : (y + 1) * width]))
        for y in range(height)
    )
    tail = " dots" if options["mode"] == "dots" else ""
    start = f"{width}x{height} {'OX'[first]} {rows} 0 1{tail}"
    names = (root.get("PB", [""])[0], root.get("PW", [""])[0])
    return Record(options, start, moves, names, root.get("RE", [""])[0])


def outcome_of(result: str) -> Outcome | None:
    """What an RE value says, for a game the rules themselves did not end."""
    result = result.strip()
    if result in ("0", "Draw", "Jigo"):
        return Outcome(None, "agreement")
    m = re.fullmatch(r"([BW])\+(.*)", result)
    if not m:
        return None
    reason = {"R": "resign", "Resign": "resign", "T": "timeout", "Time": "timeout"}.get(
        m[2], "imported"
    )
    return Outcome(COLOURS.index(m[1]), reason)


def _nodes(text: str) -> list[dict[str, list[str]]]:
    """The nodes of the first game's main line (the first variation at every branch)."""
    start = text.find("(")
    if start < 0:
        return []
    nodes: list[dict[str, list[str]]] = []
    i, prop = start + 1, None
    while i < len(text):
        c = text[i]
        if c == ")":
            break  # the end of the main line
        if c == ";":
            nodes.append({})
            prop = None
        elif c.isalpha() and c.isupper():
            j = i
            while j < len(text) and text[j].isalpha():
                j += 1
            prop = "".join(ch for ch in text[i:j] if ch.isupper())
            i = j
            continue
        elif c == "[":
            if not nodes or prop is None:
                raise ValueError(said("A property value appears outside a node."))
            j, value = i + 1, []
            while j < len(text) and text[j] != "]":
                if text[j] == "\\" and j + 1 < len(text):
                    j += 1
                value.append(text[j])
                j += 1
            if j >= len(text):
                raise ValueError(said("A property value is not closed with ']'."))
            nodes[-1].setdefault(prop, []).append("".join(value))
            i = j
        i += 1
    return nodes


def _coords(value: str, width: int, height: int) -> tuple[int, int]:
    if len(value) != 2 or any(c not in LETTERS for c in value):
        raise ValueError(said("[{value}] is not an SGF point.", value=value))
    x, y = LETTERS.index(value[0]), LETTERS.index(value[1])
    if x >= width or y >= height:
        raise ValueError(
            said(
                "[{value}] lies off the {width}×{height} board.",
                value=value,
                width=width,
                height=height,
            )
        )
    return x, y


def _name(value, width, height) -> str:
    x, y = _coords(value, width, height)
    return column_name(x) + str(y + 1)


def _point(i: int, width: int) -> str:
    return LETTERS[i % width] + LETTERS[i // width]


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")
