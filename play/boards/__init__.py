"""Board renderers: a game's position -> an SVG picture. They know nothing of requests;
whatever makes a square clickable is handed to them as plain attributes."""

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
