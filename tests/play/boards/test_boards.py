"""The SVG renderer: labels in the game's coordinates, orientation, marks as shapes."""

import re
from html import unescape

import pytest
from django.test import override_settings
from django.utils import translation

import rules
from play.boards import renderer
from play.boards.base import Marks, actions_of, click_table
from play.boards.chessboard import LIVE, NO_NOTE, UID
from play.lobby import watching
from tests.play.pages import clicks_in

game = rules.get("empire-chess")
board = renderer("empire-chess")


def test_every_square_is_labelled_and_the_board_titled():
    svg = board.render(game.initial())
    assert svg.startswith('<svg class="board"') and "<title>Empire Chess board</title>" in svg
    assert svg.count("data-square=") == 64
    assert 'aria-label="d1, Empire Duke"' in svg and 'aria-label="d8, Kingdom Queen"' in svg
    assert 'aria-label="d4, empty"' in svg


def test_orientation_puts_the_chosen_side_at_the_bottom():
    white, black = board.render(game.initial(), bottom=0), board.render(game.initial(), bottom=1)
    order = re.findall(r'data-square="(\w+)"', white)
    assert order[:2] == ["a8", "b8"] and order[-1] == "h1"
    order = re.findall(r'data-square="(\w+)"', black)
    assert order[:2] == ["h1", "g1"] and order[-1] == "a8"


def test_marks_are_shapes_and_words_not_only_colour():
    marks = Marks(
        last_move=("e3", "e4"), check="e1", selected="d3", targets=frozenset({"d4", "d8"})
    )
    svg = board.render(game.initial(), marks=marks)
    assert svg.count('class="last-frame"') == 2 and 'class="selected-frame"' in svg
    assert 'class="check-ring"' in svg and "e1, Empire Kaiser, in check" in svg
    assert 'class="target-dot"' in svg and "d4, empty, move here" in svg
    assert 'class="capture-ring"' in svg and "d8, Kingdom Queen, capture here" in svg


def test_clicks_are_one_table_for_the_pages_script_each_alike_action_written_once():
    actions = {sq: {"hx-get": f"/x?select={sq}"} for sq in ("a2", "b2", "d3")}
    actions["e4"] = {"hx-post": "/m", "hx-vals": '{"move": "e2e4", "ply": "3"}'}
    svg = board.render(game.initial(), marks=Marks(actions=actions))
    assert clicks_in(svg) == actions
    table = re.findall(r"data-clicks='([^']*)'", svg)
    assert len(table) == 1 and unescape(table[0]).count("select=") == 1  # one entry for three
    assert 'role="button"' not in svg and svg.count('role="img"') == 64  # pictures, till read


def test_a_click_table_holds_what_its_names_are_in_and_refuses_its_own_mark():
    # A page's id may hold a square's name: that square's action is its own entry.
    actions = {
        "e4": {"hx-get": "/g/e4e4/live/?select=e4"},
        "d4": {"hx-get": "/g/e4e4/live/?select=d4"},
    }
    assert actions_of(unescape(re.search(r"'(.*)'", click_table(actions))[1])) == actions
    with pytest.raises(ValueError):
        click_table({"e4": {"hx-vals": '{"a": {}}'}})


@pytest.mark.parametrize("label", ["", "changed by the last move"])
def test_a_marked_square_is_drawn_as_its_marks_say_even_when_kept(label):
    # A marked square's picture is kept by the marks it shows: an alert with no words is
    # still an alert, however often it is drawn.
    state = game.initial()
    sq = board.grid.find("d3")
    x, y = next((x, y) for place, x, y in board._layout(0).order if place == sq)
    marks = Marks(alerts=frozenset({"d3"}), alert_label=label, last_move=("d3",))
    for _ in range(2):  # drawn, then taken from what was kept
        square = board._square(state, sq, x, y, marks, NO_NOTE).replace(UID, LIVE)
        assert square in board.render(state, marks=marks, live=True)


def test_the_shuffle_boards_headings_say_whose_board_then_the_seat():
    """Two short lines over each board, so that neither runs past it: a long name is cut, and
    whole in the heading's title."""
    shuffle = rules.get("imperial-shuffle")
    state = shuffle.from_setup(
        "Cr,Cb,Eb,Ng|Ng,Cb,Nr,Cg|Nr,Cy,Cy,Ny|Ny,Hb,Cg,Cr",
        "Cy,Cg,Nr,Cr|Cb,Hr,Cb,Er|Ny,Nr,Ny,Cg|Ng,Cr,Ng,Cy",
        0,
    )
    long_name = "a-player-with-a-very-long-name"
    svg = renderer("imperial-shuffle").render(state, bottom=1, names=(long_name, None))
    headings = re.findall(r'<text class="board-(name|seat)"[^>]*>(.*?)</text>', unescape(svg))
    assert headings == [
        ("name", "Your board"),
        ("seat", "Second player"),
        ("name", f"<title>{long_name}'s board</title>a-player-with-a-ver…'s board"),
        ("seat", "First player"),
    ]


def same(svg: str) -> str:
    """A picture less the page's own ids for its pieces and patterns."""
    return re.sub(r"(pat-[rygb]-|#|id=\")b?\d+", r"\1", svg)


TITLES = {
    "empire-chess": "Empire Chess board",
    "empress": "Empress board",
    "empire": "Empire board, 32×32 points",
    "imperial-shuffle": "Imperial Shuffle boards",
    "imperial-chess": "Imperial Chess board",
}


@pytest.mark.parametrize("slug", TITLES)
@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")])
def test_a_board_is_drawn_in_the_readers_language_and_kept_apart_by_it(slug):
    """Drawn in the pseudo-locale (its catalogue compiled from the code's), the title and the
    labels are its own; drawn in English before and after, what was kept for one language
    never shows in the other."""
    state = rules.get(slug).initial()
    english = renderer(slug).render(state)
    with translation.override("en-xa"):
        pseudo_svg = renderer(slug).render(state)
    title = re.search(r"<title>(.*?)</title>", pseudo_svg)[1]
    assert title.startswith("[") and TITLES[slug] not in pseudo_svg
    assert f"<title>{TITLES[slug]}</title>" in english
    assert same(renderer(slug).render(state)) == same(english)
    labels = re.findall(r'aria-label="[a-z]+\d+, ([^",]+)', unescape(pseudo_svg))
    assert labels and all(label.startswith("[") for label in labels)


# How each game's picture draws a piece: one of these a piece.
PIECES_DRAWN = {
    "empress": r'class="(queen|empress) ',
    "empire-chess": r'class="(empire|kingdom)"',
    "imperial-chess": r'class="badge ',
}


@pytest.mark.parametrize("slug", PIECES_DRAWN)
def test_a_small_picture_draws_every_piece_in_a_few_shapes_and_no_words(slug):
    state = rules.get(slug).initial()
    for move in watching.SAMPLE_MOVES.get(slug, ()):
        state = rules.get(slug).play(state, move)
    full, picture = renderer(slug).render(state), renderer(slug).picture(state)
    assert picture.startswith('<svg class="board picture"') and 'aria-hidden="true"' in picture
    assert len(re.findall(PIECES_DRAWN[slug], picture)) == sum(1 for p in state.board if p) > 0
    assert not re.search(r"<title|<text class=\"coord|aria-label|data-square", picture)
    assert len(re.findall("<[a-z]", picture)) * 2 < len(re.findall("<[a-z]", full))


@pytest.mark.parametrize("slug", TITLES)
@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")])
def test_a_cards_picture_is_kept_apart_by_language(slug):
    """A home page's card with no game of its kind in play shows a sample position, drawn once
    a language: the words a picture carries (Empire's, Imperial Shuffle's) are the reader's."""
    words = lambda html: re.findall(r">([^<>]+)</(?:title|text)>", html)  # noqa: E731
    with translation.override("en-xa"):
        pseudo = watching.sample_picture(slug)
    english = watching.sample_picture(slug)
    with translation.override("en-xa"):
        assert watching.sample_picture(slug) == pseudo
    assert not any(word.startswith("[") for word in words(english))
    assert all(word.startswith("[") or word.isdigit() or len(word) < 3 for word in words(pseudo))
