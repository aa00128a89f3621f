"""The computer's review in the browser: a player asks for it from a finished game's page, the
evaluations' worker beside the server reviews it while its progress is pushed, and both that
page and a spectator's show the chart, each side's accuracy and every move; a point of the
chart opens the board after its ply; the card, and the page to learn from the mistakes it
marked, pass axe."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import no_violations, start_game, type_move

pytestmark = pytest.mark.e2e


def test_a_finished_game_is_reviewed_and_shown_to_everyone_on_it(browser, server):
    white, black = start_game(browser, server, "empire-chess", "rev-ash", "rev-bea")
    for page, other, move in ((white, black, "d3d4"), (black, white, "e7e5")):
        type_move(page, move)
        expect(other.locator("#status")).to_have_text("Your turn.")
    white.once("dialog", lambda dialog: dialog.accept())
    white.click("button:has-text('Resign')")
    expect(black.locator("#status")).to_contain_text("wins")
    spectator = browser.new_context().new_page()
    spectator.goto(white.url.split("?")[0])
    expect(spectator.locator("#review")).to_contain_text("Log in to ask for the computer")
    black.reload()  # the card is drawn with a finished game's page
    black.get_by_role("button", name="Ask for the computer's review").click()
    card = black.locator("#review")
    expect(card.locator(".review-chart")).to_be_visible(timeout=60_000)
    sides = card.locator(".review-sides tbody tr")
    expect(sides).to_have_count(2)
    expect(sides.nth(0)).to_contain_text(re.compile(r"White \(rev-ash\)\s*\d+(\.\d)? %"))
    expect(spectator.locator("#review .review-chart")).to_be_visible()  # pushed to it too
    points = card.locator(".review-chart a")
    expect(points).to_have_count(2)
    points.nth(0).focus()
    black.keyboard.press("Enter")  # keyboard reachable: the board after ply 1
    expect(black.locator("#status")).to_contain_text("after ply 1")
    expect(black).to_have_url(re.compile(r"\?ply=1$"))
    card.locator("summary").click()
    expect(card.locator(".review-moves tbody tr")).to_have_count(2)
    no_violations(black)
    card.get_by_role("link", name="Learn from your mistakes").click()
    expect(black.get_by_role("heading", name="Learn from your mistakes")).to_be_visible()
    no_violations(black)
