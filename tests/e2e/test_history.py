"""Looking back in the browser: the arrow keys, Home and End, a click in the move list, a move
that arrives meanwhile (the board stays, the list grows, a line says so), the way back, the
address of the board at a ply, and turning the board over."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import start_game, type_move

pytestmark = pytest.mark.e2e


def key(page, name):
    """A key pressed on the page, not in the move box the last move was typed in."""
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press(name)


def test_stepping_back_and_forth_while_the_game_goes_on(browser, server):
    white, black = start_game(browser, server, "empire-chess", "ash", "bea")
    for page, other, move in (
        (white, black, "d3d4"),
        (black, white, "e7e5"),
        (white, black, "d4d5"),
    ):
        type_move(page, move)
        expect(other.locator("#status")).to_have_text("Your turn.")  # the move has arrived
    key(black, "ArrowLeft")
    expect(black.locator("#status")).to_contain_text("Looking back: the board after ply 2")
    expect(black).to_have_url(re.compile(r"\?ply=2$"))
    key(black, "Home")
    expect(black.locator("#status")).to_contain_text("the board at the start")
    key(black, "ArrowRight")
    expect(black.locator("#status")).to_contain_text("after ply 1")
    black.click(".moves a[data-ply='2']")
    expect(black.locator(".moves [aria-current]")).to_have_attribute("data-ply", "2")
    key(black, "End")
    expect(black.locator("#status")).to_have_text("Your turn.")

    # White looks back while Black moves: White's board stays, its list grows, a line says so.
    key(white, "ArrowLeft")
    expect(white.locator("#status")).to_contain_text("after ply 2")
    type_move(black, "a7a6")
    expect(white.locator(".moved-on")).to_be_visible()
    expect(white.locator("#status")).to_contain_text("after ply 2")
    expect(white.locator(".moves a")).to_have_count(4)
    expect(white.locator(".moves [aria-current]")).to_have_attribute("data-ply", "2")
    white.click(".moves a[data-ply='4']")  # the new move, from the list it joined
    expect(white.locator("#status")).to_have_text("Your turn.")
    assert white.evaluate("window.notReloaded") is True


def test_the_board_at_a_ply_has_an_address_and_turns_over(browser, server):
    white, black = start_game(browser, server, "empire-chess", "cal", "dot")
    type_move(white, "d3d4")
    expect(black.locator("#status")).to_have_text("Your turn.")
    page = browser.new_context().new_page()  # a spectator, from the address alone
    page.goto(white.url.split("?")[0] + "?ply=0")
    expect(page.locator("#status")).to_contain_text("the board at the start (of 1)")
    expect(page.locator("svg.board").first).to_have_attribute(
        "aria-label", re.compile("White at the bottom")
    )
    page.click("text=⇅ Flip")
    expect(page.locator("svg.board").first).to_have_attribute(
        "aria-label", re.compile("Black at the bottom")
    )
    key(page, "End")
    expect(page.locator("svg.board").first).to_have_attribute(
        "aria-label", re.compile("Black at the bottom")
    )


def test_a_look_back_asked_for_before_the_socket_is_in_is_shown(browser, server):
    """A move is made between the page's drawing and its socket's opening, so the socket's first
    message replaces the board while the answer to a click in the move list is on its way: the
    answer is shown on the new board, not lost with the old one."""
    white, black = start_game(browser, server, "empire-chess", "pia", "tad")
    for page, other, move in ((white, black, "d3d4"), (black, white, "e7e5")):
        type_move(page, move)
        expect(other.locator("#status")).to_have_text("Your turn.")
    page = browser.new_context().new_page()
    sockets, socket_messages, answers = [], [], []
    page.route_web_socket(re.compile(r"/ws/g/"), lambda ws: sockets.append(ws))  # held, unconnected
    page.route(re.compile(r"/live/\?ply=1$"), lambda route: answers.append(route))
    page.goto(white.url.split("?")[0])
    wait_until(page, lambda: sockets)
    type_move(white, "d4d5")  # the page is now a move behind
    expect(black.locator("#status")).to_have_text("Your turn.")
    page_side = sockets[0]
    server_side = page_side.connect_to_server()
    server_side.on_message(lambda message: socket_messages.append(message))
    wait_until(page, lambda: socket_messages)
    page.click(".moves a[data-ply='1']")
    wait_until(page, lambda: answers)
    page.evaluate("document.getElementById('live').dataset.asked = 'yes'")
    page_side.send(socket_messages[0])
    expect(page.locator("#live")).not_to_have_attribute("data-asked", "yes")  # replaced
    expect(page.locator(".moves a")).to_have_count(3)
    answers[0].continue_()
    expect(page.locator("#status")).to_contain_text("Looking back: the board after ply 1")


def wait_until(page, condition, tries=500):
    """Let the page's events run until `condition()` holds (what a route or socket caught)."""
    for _ in range(tries):
        if condition():
            return
        page.wait_for_timeout(20)
    raise AssertionError("the page never got there")
