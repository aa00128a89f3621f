"""The analysis board in the browser: a game opened at a ply, a variation played beside the
main line, the arrow keys through it, the variation promoted, and the address that holds it."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import sign_up, start_game, type_move

pytestmark = pytest.mark.e2e


def test_a_variation_from_a_game(browser, server):
    white, black = start_game(browser, server, "empire-chess", "hal", "ivy")
    type_move(white, "d3d4")
    expect(black.locator("#status")).to_have_text("Your turn.")
    type_move(black, "e7e5")
    expect(white.locator("#status")).to_have_text("Your turn.")
    white.click("text=Analyse")
    # From the live position: the game's last ply, whichever it is then.
    expect(white).to_have_url(re.compile(r"/analysis/empire-chess/\?game=\w+$"))
    tree = white.locator(".tree")
    expect(tree.locator("[role=listitem]")).to_have_count(2)
    expect(tree.locator("[aria-current]")).to_have_text("e5")
    white.evaluate("document.activeElement.blur()")
    white.keyboard.press("ArrowLeft")  # back to after 1. Sd4
    expect(tree.locator("[aria-current]")).to_have_text("1. Sd4")
    white.fill("#analysis-move", "e6")
    white.press("#analysis-move", "Enter")
    expect(tree).to_contain_text("e5 (1… e6 )")
    expect(tree.locator("[aria-current]")).to_have_text("1… e6")
    expect(white).to_have_url(re.compile(r"tree=d3d4\+e7e5\+%28e7e6%29"))
    white.click("text=Promote this variation")
    expect(tree).to_contain_text("e6 (1… e5 )")
    # The address holds it all: another browser sees the same tree, at the same place.
    other = browser.new_context().new_page()
    other.goto(white.url)
    expect(other.locator(".tree [aria-current]")).to_have_text("e6")  # now the main line
    expect(other.locator(".tree")).to_contain_text("e6 (1… e5 )")


def test_an_evaluation_is_answered_on_the_page(browser, server):
    """Asked for, the evaluation runs in its worker and its answer is pushed into the page."""
    page = browser.new_context().new_page()
    sign_up(page, server, "eve-eval")
    # Three drops in, where no other test's game stands within a ply (the engine refuses
    # those; every new Empress game in play, as other tests leave them, is at the start).
    page.goto(server + "/analysis/empress/?tree=Q%40b6+Q%40g3+Q%40c7&at=0.0.0")
    page.click("text=Evaluate")
    expect(page.locator(".engine")).to_contain_text("The computer is thinking")
    # Its worker answers in about a second; the push shows it without the page asking.
    expect(page.locator(".engine")).to_contain_text("expected line", timeout=30_000)
    expect(page.locator(".engine strong")).to_have_text(re.compile(r"^[+-]\d+\.\d\d$|wins|loses"))
