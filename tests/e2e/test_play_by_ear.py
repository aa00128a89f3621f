"""Play by ear: a whole game of each kind played by the keyboard alone (keys, typing, Enter),
the opponent's moves arriving from a second page, and what happened read only from the live
region and the board in words."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import rules
from tests.e2e.helpers import create_game, sign_up, start_game

pytestmark = pytest.mark.e2e

# Short decisive lines: Empire Chess's mate (test_play_a_game.py); Empress's eight Queens taken;
# Empire's ring (test_empire.py) and two passes; Imperial Shuffle's Emperor blocked from its
# arrangements (test_imperial_shuffle.py); Imperial Chess from both rapid deployments, with
# rides, to the last Imperial taken.
EMPIRE_CHESS = ["f3f4", "b7b6", "h1d5", "c7c5", "c1b2", "d8c7", "f4f5", "a7a5",
                "d1g4", "g8h6", "d5c5", "c7g3", "b2f2", "g3f4", "c5c8"]  # fmt: skip
EMPRESS = ["Q@g2", "Q@g1", "Q@h3", "Q@d3", "Q@a3", "Q@c2", "E@e4", "E@e5", "g2g1", "e5a5",
           "h3d3", "Q@d7", "d3c2", "Q@d1", "c2d1", "Q@b3", "a3b3", "Q@c1", "d1c1", "Q@f7",
           "b3f7", "a5a8", "f7d7"]  # fmt: skip
EMPIRE = ["c2", "h8", "d3", "h7", "c4", "c3", "b3", "pass", "pass"]
SHUFFLE_ARRANGEMENTS = (
    "Cr,Cb,Eb,Ng|Ng,Cb,Nr,Cg|Nr,Cy,Cy,Ny|Ny,Hb,Cg,Cr",
    "Cy,Cg,Nr,Cr|Cb,Hr,Cb,Er|Ny,Nr,Ny,Cg|Ng,Cr,Ng,Cy",
)
SHUFFLE = ["SW", "S", "SW", "NW", "E", "NW", "S", "W", "E"]
IMPERIAL_CHESS = [
    "deploy3", "deploy10", "k2i3", "d11b8", "j2l3", "g11f10", "i3j2", "j9j8", "j2i3", "l9l8",
    "h2h3", "h11i10", "b4b5", "i10k8", "g2e3", "i11l9", "h1h2", "k8l7", "i3j2", "k11i11",
    "h2j3", "h12g11", "k4k5", "d12d11", "j3k3", "g12i10", "b2d3", "f11h8+e11", "j2j3",
    "h8f5+g8", "e4f5", "g11f11", "h3h2", "f9f8", "h2j2", "j11h10", "d4d5", "f12g12", "b5b6",
    "i10k8", "d3b2", "k8k6", "k5k6", "f11f12", "j1k2", "l7l6", "i1h1", "g12l7", "k6l7",
    "f10g8", "g1h2", "g8f6", "f5f6",
]  # fmt: skip


def said(page):
    return page.locator("#ear-said")


def words(page):
    return page.locator("#board-words-list")


def listen(page):
    """Open the board in words by its key: from then on it follows the game."""
    key(page, "b")
    expect(page.locator("#board-words")).to_have_attribute("open", "")


def type_in_move_box(page, text):
    """The move box by its key (unless the focus is already there), the move, Enter."""
    if not page.evaluate("document.activeElement && document.activeElement.id === 'move-input'"):
        page.keyboard.press("m")
    expect(page.locator("#move-input")).to_be_focused()
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def ask(page, name, answer):
    """What is on a square or point, by the key that jumps to the field; the answer is read out."""
    page.keyboard.press("Escape")  # out of any box: the letters are keys again
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press("s")
    expect(page.locator("#ear-at")).to_be_focused()
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    expect(said(page)).to_have_text(answer)
    page.locator("#ear-at").fill("")  # the field keeps nothing for the next question
    page.evaluate("document.activeElement.blur()")


def key(page, letter):
    """A key of the page's, pressed with the focus out of any box."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press(letter)


def play_by_ear(game, pages, line, state):
    """Each move typed by the player to move; both pages read it out with its effect, and
    the board in words shows the piece arrived on its square."""
    for page in pages:
        listen(page)
    for ply, move in enumerate(line):
        mover, watcher = pages[ply % 2], pages[1 - ply % 2]
        side = game.seats[game.to_move(state)]
        heard = f"{side}: {game.display(state, move)}"
        type_in_move_box(mover, move)
        state = game.play(state, move)
        for page in (mover, watcher):
            expect(said(page)).to_contain_text(heard)
        target = (game.move_squares(move) or (None,))[-1]
        grid = getattr(game, "grid", None)
        if target and not game.strikes(move) and (grid is None or grid.is_square(target)):
            expect(words(watcher)).to_contain_text(f"{target}, ")
    return state


def check_the_page(page):
    axe = Axe()
    found = [v["id"] for v in axe.run(page).response["violations"]]
    assert found == [], found


def test_empire_chess_by_ear_to_checkmate(browser, server):
    game = rules.get("empire-chess")
    white, black = start_game(browser, server, "empire-chess", "ear-ann", "ear-bob")
    key(black, "c")
    expect(said(black)).to_have_text("This game has no clock.")
    key(black, "l")
    expect(said(black)).to_have_text("No moves yet.")
    ask(black, "E1", "e1, Empire Kaiser.")
    ask(black, "e4", "e4: nothing.")
    ask(black, "j9", "j9 is no square or point of this board: type one like a1.")
    state = play_by_ear(game, (white, black), EMPIRE_CHESS[:11], game.initial())
    # The capture: the Tower takes the pawn on c5, and the words show it there.
    expect(said(black)).to_have_text("White: Txc5, takes Kingdom Pawn on c5. Your turn.")
    expect(words(black)).to_contain_text("c5, Empire Tower")
    play_by_ear(game, (black, white), EMPIRE_CHESS[11:], state)
    for page in (white, black):
        expect(said(page)).to_contain_text(", check. Game over: White wins (checkmate).")
        assert page.evaluate("window.notReloaded") is True
    key(black, "l")
    expect(said(black)).to_have_text(re.compile(r"^ply 12: .*; ply 15: Txc8\+?#?$"))
    check_the_page(black)


def test_empress_by_ear_to_the_eighth_queen(browser, server):
    game = rules.get("empress")
    white, black = start_game(browser, server, "empress", "ear-cat", "ear-dan")
    play_by_ear(game, (white, black), EMPRESS, game.initial())
    for page in (white, black):
        expect(said(page)).to_contain_text("takes Black Queen on d7.")
        expect(said(page)).to_contain_text("Game over: White wins")
    ask(black, "d7", "d7, White Queen, last move.")
    check_the_page(white)


def test_empire_by_ear_to_the_last_pass(browser, server):
    game = rules.get("empire")
    circles = browser.new_context().new_page()
    crosses = browser.new_context().new_page()
    sign_up(circles, server, "ear-eve")
    sign_up(crosses, server, "ear-fay")
    circles.select_option("#id_game", "empire")
    circles.fill("#id_width", "8")
    circles.fill("#id_height", "8")
    create_game(circles, "empire")
    crosses.goto(server + "/")
    crosses.click("button:has-text('Accept')")
    expect(circles.locator("#status")).to_have_text("Your turn.")
    for page in (circles, crosses):
        expect(page.locator("body")).to_have_attribute("data-game-socket", "open")
    state = game.initial({"width": 8, "height": 8})
    state = play_by_ear(game, (circles, crosses), EMPIRE[:7], state)
    for page in (circles, crosses):
        expect(said(page)).to_contain_text("Circles: b3, captures 1 piece.")
        expect(words(page)).to_contain_text("c3, captured cross")
        expect(words(page)).to_contain_text("area taken by circles, 1 point")
    ask(crosses, "c3", "c3, captured cross.")
    ask(crosses, "h1", "h1: nothing.")
    play_by_ear(game, (crosses, circles), EMPIRE[7:], state)
    for page in (circles, crosses):
        expect(said(page)).to_contain_text("Game over: Circles wins (more captures).")
    check_the_page(crosses)


def arrange_by_keys(page, arrangement, a1):
    """The arrangement typed in its box (the move box's key finds it), used, then submitted:
    the button before the box, one Shift+Tab back."""
    key(page, "m")
    expect(page.locator("#arrangement-input")).to_be_focused()
    page.keyboard.type(arrangement)
    page.keyboard.press("Tab")
    # The board in words may say a1's piece already (the draft the server left): wait for the
    # answer itself, or it redraws the panel after the focus is placed in it.
    with page.expect_response(lambda answer: answer.request.method == "POST"):
        page.keyboard.press("Enter")  # "Use it"
    expect(words(page)).to_contain_text(f"a1, {a1}")
    key(page, "m")
    page.keyboard.press("Shift+Tab")
    expect(page.get_by_role("button", name="Submit arrangement")).to_be_focused()
    page.keyboard.press("Enter")


def test_imperial_shuffle_by_ear_from_the_arrangements(browser, server):
    game = rules.get("imperial-shuffle")
    first = browser.new_context().new_page()
    second = browser.new_context().new_page()
    sign_up(first, server, "ear-gil")
    sign_up(second, server, "ear-hal")
    create_game(first, "imperial-shuffle")
    second.goto(server + "/")
    second.click("button:has-text('Accept')")
    expect(first.locator("#status")).to_contain_text("Arrange your pieces")
    for page in (first, second):
        expect(page.locator("body")).to_have_attribute("data-game-socket", "open")
        listen(page)
    arrange_by_keys(first, SHUFFLE_ARRANGEMENTS[0], "yellow Noble")
    expect(said(second)).to_contain_text("The other player has submitted")
    arrange_by_keys(second, SHUFFLE_ARRANGEMENTS[1], "green Noble")
    expect(said(first)).to_have_text("Your turn.")
    expect(words(first)).to_contain_text("Your board:")
    state = game.from_setup(*SHUFFLE_ARRANGEMENTS, 0)
    play_by_ear(game, (first, second), SHUFFLE, state)
    for page in (first, second):
        expect(said(page)).to_contain_text("Game over: First player wins")
    check_the_page(second)


def test_imperial_chess_by_ear_with_deployments_and_rides(browser, server):
    game = rules.get("imperial-chess")
    white, black = start_game(browser, server, "imperial-chess", "ear-ida", "ear-jo")
    ask(black, "l12", "l12, Black Rook.")
    play_by_ear(game, (white, black), IMPERIAL_CHESS, game.initial())
    for page in (white, black):
        expect(said(page)).to_contain_text("takes Black Imperial Princess")  # the last Imperial
        expect(said(page)).to_contain_text("Game over: White wins")
    check_the_page(black)
