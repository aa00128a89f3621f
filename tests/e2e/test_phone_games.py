"""Every game on a 390×844 phone, by touch alone: the board from edge to edge with the clocks
and the player's controls in view without scrolling, live and by correspondence; and a whole
game of each kind played to its end by taps, each move stored once and as meant, with taps
between two targets or on a square's edge sending nothing."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import rules
from play.boards.imperial_shuffle import PIECE_NAMES
from rules.imperial_shuffle import DIRECTIONS
from tests.e2e.helpers import start_game
from tests.e2e.touch import (
    BOARD,
    PHONE,
    TARGET,
    between,
    centre,
    confirm,
    log_sent,
    magnified,
    magnifier_shows_choice,
    point_at,
    sent,
    sent_at_least,
    square_box,
    square_on_screen,
    stored_moves,
    tap,
    tap_magnified,
    wait_turn,
)

pytestmark = pytest.mark.e2e
HEIGHT = PHONE["viewport"]["height"]
WIDTH = PHONE["viewport"]["width"]
ARRANGING = "Arrange your pieces"
GAMES = ["empress", "empire-chess", "empire", "imperial-shuffle", "imperial-chess"]


def in_view(locator):
    """The element shows whole within the phone's screen, the page not scrolled."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH + 0.5, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT + 0.5, box
    return box


def submit_arrangements(pages):
    for page in pages:
        page.get_by_role("button", name="Submit arrangement").tap()
        expect(page.locator("#status")).not_to_contain_text(ARRANGING)
    wait_turn(pages[0], 0)
    expect(pages[0].locator("#status")).to_have_text("Your turn.")


@pytest.mark.parametrize("clock", ["live", "days"])
@pytest.mark.parametrize("slug", GAMES)
def test_the_board_clocks_and_controls_show_without_scrolling(browser, server, slug, clock):
    begun = ARRANGING if slug == "imperial-shuffle" else "Your turn."
    short = slug.replace("imperial-", "i").replace("empire-", "e")[:9]
    pages = start_game(
        browser, server, slug, f"fit-{short}-{clock}", f"fat-{short}-{clock}", clock, begun, **PHONE
    )
    if slug == "imperial-shuffle":
        submit_arrangements(pages)
    page = pages[0]
    board = in_view(page.locator(BOARD))
    assert board["x"] == 0 and abs(board["width"] - WIDTH) < 1, board  # from edge to edge
    expect(page.locator(".clock")).to_have_count(2)
    for clock_shown in page.locator(".clock").all():
        in_view(clock_shown)
    controls = [
        page.locator("#move-input"),
        page.locator(".move-box").get_by_role("button", name="Play"),
        page.get_by_role("button", name="Resign"),
        page.get_by_role("button", name="Offer draw"),
    ]
    if slug == "empire":
        controls.append(page.locator(".choices").get_by_role("button", name="Pass"))
    for control in controls:
        assert in_view(control)["height"] >= TARGET
    assert page.evaluate("window.scrollY") == 0
    assert Axe().run(page).response["violations"] == []


def piece_named(code: str) -> str:
    """An Imperial Shuffle piece's name, as its square's label says it."""
    return PIECE_NAMES[code[0] if code[0] in "HE" else code[:2]]


def arranged(text: str) -> dict[str, str]:
    """An Imperial Shuffle arrangement (ranks 4 to 1, files a to d): square -> piece."""
    return {
        f"{'abcd'[f]}{4 - r}": piece.strip()
        for r, rank in enumerate(text.split("|"))
        for f, piece in enumerate(rank.split(","))
    }


def arrange_by_taps(page, wanted: str) -> None:
    """Swap squares by taps in the magnifier until the board is `wanted`."""
    board = arranged(page.locator("#arrangement-input").get_attribute("placeholder"))
    goal = arranged(wanted)
    assert sorted(board.values()) == sorted(goal.values())
    for square in goal:
        if board[square] == goal[square]:
            continue
        other = next(o for o in goal if board[o] == goal[square] and board[o] != goal[o])
        tap(page, square_on_screen(page, square, own=True))
        tap(page, centre(magnified(page, f"square:{square}")))
        expect(page.locator(f'{BOARD} .own g.selected[data-square="{square}"]')).to_be_visible()
        magnifier_shows_choice(page, square, own=True)
        tap_magnified(page, f"square:{other}", square_on_screen(page, other, own=True))
        board[square], board[other] = board[other], board[square]
        for name in (square, other):
            expect(page.locator(f'{BOARD} .own [data-square="{name}"]')).to_have_attribute(
                "aria-label", re.compile(f"^{name}, {piece_named(board[name])}")
            )
        expect(page.locator(".magnifier")).to_have_count(0)


def tap_move(page, game, state, move, fine, mistap) -> list[str]:
    """Play `move` by taps, as a player would, `mistap` first missing a target (between two
    in the magnifier, then the board tapped again, as a player looks again: two taps a moment
    apart in one place make a double tap; on a square's edge on a board without it): what
    the page should have sent, in order."""
    squares, shown = game.move_squares(move), game.display(state, move)
    if not squares:  # Empire's pass: a button
        tap(page, centre(page.locator(".choices").get_by_role("button", name="Pass")))
        return [f"post /move/ {move} confirmed"]
    origin = squares[0]
    if game.slug == "empire":
        tap(page, point_at(page, origin))
        if mistap:
            tap(page, between(page, origin))
            tap(page, point_at(page, origin))
        tap_magnified(page, origin, point_at(page, origin))
        confirm(page, shown)
        return [f"post /move/ {move} tapped", f"post /move/ {move} confirmed"]
    if origin in DIRECTIONS:  # Imperial Shuffle's push: an arrow round the Emperor
        emperor = page.locator(f'{BOARD} .own [data-square][aria-label*="Emperor"]')
        spot = square_on_screen(page, emperor.get_attribute("data-square"), own=True)
        tap(page, spot)
        if mistap:
            tap(page, between(page, f"direction:{origin}"))
            tap(page, spot)
        tap_magnified(page, f"direction:{origin}", spot)
        confirm(page, shown)
        return [f"post /move/ {move} tapped", f"post /move/ {move} confirmed"]
    target = squares[1]
    if origin.endswith("@"):  # Empress's reserve: a button beside the board
        tap(page, centre(page.locator(f'button.in-hand[hx-get*="select={origin[0]}%40"]')))
        expect(page.locator("button.in-hand.selected")).to_be_visible()
        chosen = [f"get /live/?select={origin[0]}%40"]
    elif fine:
        tap(page, square_on_screen(page, origin))
        if mistap:
            tap(page, between(page, f"square:{origin}"))
            tap(page, square_on_screen(page, origin))
        tap(page, centre(magnified(page, f"square:{origin}")))
        chosen = [f"get /live/?select={origin}"]
    else:
        if mistap:
            x, y, w, h = square_box(page, origin)
            tap(page, (x + w - 2, y + h / 2))  # on its edge with the next square
        tap(page, square_on_screen(page, origin))
        chosen = [f"get /live/?select={origin}"]
    if not origin.endswith("@"):
        expect(page.locator(f'{BOARD} g.selected[data-square="{origin}"]')).to_be_visible()
    if fine:
        magnifier_shows_choice(page, origin)
        tap_magnified(page, f"square:{target}", square_on_screen(page, target))
        confirm(page, shown)
        return [*chosen, f"post /move/ {move} tapped", f"post /move/ {move} confirmed"]
    tap(page, square_on_screen(page, target))
    return [*chosen, f"post /move/ {move} confirmed"]


def play_by_taps(game, pages, line, state, fine):
    """Play `line` from `state` by taps on pages[0] and pages[1] in turn, the first move of
    each missed once first; each page sends what its taps meant and nothing more."""
    for ply, move in enumerate(line):
        mover, watcher = pages[ply % 2], pages[1 - ply % 2]
        wait_turn(mover, ply)
        before = len(sent(mover))
        meant = tap_move(mover, game, state, move, fine, mistap=ply < 2)
        assert sent_at_least(mover, before + len(meant))[before:] == meant, (ply, move)
        wait_turn(watcher, ply + 1)
        state = game.play(state, move)
    assert game.outcome(state)
    for page in pages:
        expect(page.locator("#live")).to_have_attribute("data-over", "")
    assert stored_moves(pages[0]) == line  # each move once, as meant


def square_side(page) -> float:
    return square_box(page, "a1", own=page.locator(".own").count() > 0)[2]


def test_empress_to_a_draw_by_repetition(browser, server):
    pages = start_game(browser, server, "empress", "tip-ava", "tip-bo", **PHONE)
    assert square_side(pages[0]) >= TARGET  # the whole width: a finger's size
    log_sent(*pages)
    line = ["Q@a1", "Q@a8", "Q@h1", "Q@h8", "Q@c3", "Q@f6", "E@b7", "E@g2",
            *["a1b1", "f6c6", "b1a1", "c6f6"] * 2]  # fmt: skip
    game = rules.get("empress")
    play_by_taps(game, pages, line, game.initial(), fine=False)
    expect(pages[0].locator("#status")).to_contain_text("repetition")


def test_empire_chess_to_checkmate(browser, server):
    pages = start_game(browser, server, "empire-chess", "tip-cy", "tip-di", **PHONE)
    assert square_side(pages[0]) >= TARGET
    log_sent(*pages)
    line = ["f3f4", "b7b6", "h1d5", "c7c5", "c1b2", "d8c7", "f4f5", "a7a5",
            "d1g4", "g8h6", "d5c5", "c7g3", "b2f2", "g3f4", "c5c8"]  # fmt: skip
    game = rules.get("empire-chess")
    play_by_taps(game, pages, line, game.initial(), fine=False)
    expect(pages[1].locator("#status")).to_have_text("White wins (checkmate).")


def test_empire_on_32_by_32_to_two_passes(browser, server):
    pages = start_game(browser, server, "empire", "tip-ed", "tip-fe", **PHONE)
    log_sent(*pages)
    game = rules.get("empire")
    play_by_taps(
        game, pages, ["e5", "f6", "pass", "pass"], game.initial({"width": 32, "height": 32}), True
    )
    # A tap on the board itself sent nothing: only the magnifier's points and the buttons did.
    expect(pages[0].locator("#status")).to_contain_text(re.compile("draw", re.I))


def test_imperial_shuffle_arranged_and_played_to_a_blocked_emperor(browser, server):
    pages = start_game(browser, server, "imperial-shuffle", "tip-gi", "tip-hu", begun=ARRANGING, **PHONE)  # fmt: skip
    assert square_side(pages[0]) < TARGET  # two boards side by side: magnified
    log_sent(*pages)
    first = "Cr,Cb,Eb,Ng|Ng,Cb,Nr,Cg|Nr,Cy,Cy,Ny|Ny,Hb,Cg,Cr"
    second = "Cy,Cg,Nr,Cr|Cb,Hr,Cb,Er|Ny,Nr,Ny,Cg|Ng,Cr,Ng,Cy"
    arrange_by_taps(pages[0], first)
    arrange_by_taps(pages[1], second)
    submit_arrangements(pages)
    tap(pages[0], square_on_screen(pages[0], "a1", own=True))  # the arrows, larger
    assert Axe().run(pages[0], context=".magnifier").response["violations"] == []
    pages[0].keyboard.press("Escape")
    game = rules.get("imperial-shuffle")
    state = game.from_setup(first, second, 0)
    play_by_taps(game, pages, ["E", "S", "S", "NW", "N", "N"], state, fine=True)
    expect(pages[1].locator("#status")).to_contain_text("wins (emperor")


def test_imperial_chess_to_a_draw_by_repetition(browser, server):
    pages = start_game(browser, server, "imperial-chess", "tip-io", "tip-jo", **PHONE)
    assert square_side(pages[0]) < TARGET  # 12 squares across 390 px: magnified
    log_sent(*pages)
    game = rules.get("imperial-chess")
    line = ["c2b4", "c11b9", "b4c2", "b9c11"] * 2
    play_by_taps(game, pages, line, game.initial(), fine=True)
    expect(pages[0].locator("#status")).to_contain_text("repetition")
