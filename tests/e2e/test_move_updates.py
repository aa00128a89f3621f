"""A move's update in the browser: a click's move goes over the socket, the page's board is
changed in place (not swapped for a new one), the list grows by the move, and a page that
missed a change asks for the whole board."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import start_game, type_move

pytestmark = pytest.mark.e2e


def mark(page):
    """Tag the page's #live element: the tag survives only as long as the element does."""
    page.evaluate("document.getElementById('live').dataset.kept = 'yes'")


def test_moves_change_the_board_in_place_and_a_page_that_missed_one_catches_up(browser, server):
    white, black = start_game(browser, server, "empire-chess", "ula", "vin")
    posts = []
    white.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    mark(black)
    white.click('[data-square="d3"]')  # a selection draws the whole board, with its targets
    white.locator('g.selected[data-square="d3"]').wait_for()
    mark(white)
    white.click('g.target[data-square="d4"]')  # the answer to a click
    expect(black.locator("#status")).to_have_text("Your turn.")  # the push
    expect(black.locator(".moves a")).to_have_count(1)
    assert posts == []  # the click went over the game's socket
    type_move(black, "e7e6")  # the answer to the move box
    expect(white.locator("#status")).to_have_text("Your turn.")
    for page in (white, black):
        expect(page.locator(".moves a")).to_have_count(2)
        expect(page.locator("#live")).to_have_attribute("data-kept", "yes")
        expect(page.locator("#live")).to_have_attribute("data-ply", "2")
        expect(page.locator(".moves [aria-current]")).to_have_attribute("data-ply", "2")
        expect(page.locator('[data-square="e6"]')).to_have_attribute(
            "aria-label", re.compile("^e6, Kingdom Pawn, last move")
        )
    # Black's page pretends to be a revision behind: the next update does not fit it, so it
    # asks for the whole board, which replaces its #live.
    black.evaluate("const live = document.getElementById('live'); live.dataset.revision -= 1")
    type_move(white, "a3a4")
    expect(black.locator("#status")).to_have_text("Your turn.")
    expect(black.locator("#live")).not_to_have_attribute("data-kept", "yes")
    expect(black.locator(".moves a")).to_have_count(3)
    expect(white.locator("#live")).to_have_attribute("data-kept", "yes")
    assert black.evaluate("window.notReloaded") and white.evaluate("window.notReloaded")


def test_an_answer_that_arrives_after_an_update_replaced_its_button_still_replaces_the_board(
    browser, server
):
    """A step back asked for as the opponent moves: the update swaps in new steps, so the
    button that asked is gone when its answer comes. The answer still replaces the board (it
    once went inside it: two boards, one in the other)."""
    white, black = start_game(browser, server, "empire-chess", "ysa", "zor")
    type_move(white, "d3d4")
    expect(black.locator("#status")).to_have_text("Your turn.")
    held = []
    white.route("**/live/?ply=*", lambda route: held.append(route))
    white.click('[data-nav="back"]')
    for _ in range(200):  # the step's request, held on its way
        if held:
            break
        white.wait_for_timeout(50)
    assert held
    type_move(black, "e7e6")
    expect(white.locator("#live")).to_have_attribute("data-ply", "2")  # the update, in place
    held[0].continue_()
    expect(white.locator("#live")).to_have_attribute("data-history", "0")
    expect(white.locator("#live")).to_have_count(1)
    expect(white.locator("#live #live")).to_have_count(0)
