"""The board in words, read off a picture's labels (the lessons', the puzzles' and the game
page's): every square or point with something on it, and each board named where there are
two; and what stands on one square or point, asked by its name."""

from __future__ import annotations

import re
from html import unescape

from django.utils.translation import pgettext

LABEL = re.compile(r'<g[^>]*aria-label="([^"]+)"|<text class="board-name"[^>]*>([^<]+)')


def described(svg: str) -> list[str]:
    """Every labelled square with a piece (an empty one says so in its label), every area a
    picture labels (Empire's), each board named where there are two."""
    empty = ", " + pgettext("square", "empty")
    words = []
    for label, board_name in LABEL.findall(svg):
        if board_name:
            words.append(unescape(board_name) + ":")
        elif ", " in label and empty not in label:
            words.append(unescape(label))
    return words


def standing_on(words: list[str], name: str) -> list[str]:
    """What the words say stands on the square or point `name`, on each board: "e4, White
    Knight", or "Your board: a1, High Priest" where there are two; [] where nothing does."""
    found, board_name = [], ""
    for word in words:
        if word.endswith(":") and ", " not in word:
            board_name = word
        elif word.startswith(name + ", "):
            found.append(f"{board_name} {word}" if board_name else word)
    return found
