"""Board renderers: a game's position -> an SVG picture. They know nothing of requests;
whatever makes a square clickable is handed to them as plain attributes."""

from html import escape

from play.boards.base import Marks
from play.boards.empire import EmpireBoard
from play.boards.empire_chess import EmpireChessBoard
from play.boards.empress import EmpressBoard
from play.boards.imperial_chess import ImperialChessBoard
from play.boards.imperial_shuffle import ImperialShuffleBoard

RENDERERS = {
    board.slug: board
    for board in (
        EmpireChessBoard(),
        EmpressBoard(),
        EmpireBoard(),
        ImperialShuffleBoard(),
        ImperialChessBoard(),
    )
}


def renderer(slug: str):
    return RENDERERS[slug]


def figure(slug: str, state, *, marks: Marks | None = None, caption: str = "") -> str:
    """A position shown in a page's text (a rules page's diagram, a post's): the game's board
    with `caption`, plain text, under it and in the board's title, which names it to a screen
    reader."""
    board = renderer(slug).render(
        state, marks=marks or Marks(), caption=f": {caption}" if caption else ""
    )
    return f"<figure>{board}<figcaption>{escape(caption)}</figcaption></figure>"
