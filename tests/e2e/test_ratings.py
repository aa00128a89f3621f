"""Ratings in the browser: a rated game played to its end shows both sides' changes, pushed to
the page that did not act; quick pairing opens one game on both waiting pages at once."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import sign_up, start_game, type_move

pytestmark = pytest.mark.e2e


def test_a_rated_game_to_its_end_shows_both_changes(browser, server):
    white, black = start_game(browser, server, "empire-chess", "rae", "sid", clock="live")
    expect(white.locator(".live .small", has_text="Rated")).to_have_text("Rated · live")
    expect(white.locator(".player .rating")).to_have_text(["1500?", "1500?"])
    type_move(white, "d3d4")
    expect(black.locator("#status")).to_have_text("Your turn.")
    type_move(black, "e7e5")
    expect(white.locator("#status")).to_have_text("Your turn.")
    black.once("dialog", lambda dialog: dialog.accept())
    black.click("button:has-text('Resign')")
    for page in (white, black):  # the winner's page learns it over the socket
        changes = page.locator(".rating-change")
        expect(changes).to_have_count(2)
        texts = changes.all_inner_texts()
        assert any(re.fullmatch(r"\+\d+", t) for t in texts), texts
        assert any(re.fullmatch(r"−\d+", t) for t in texts), texts
    assert white.evaluate("window.notReloaded") is True
    white.goto(server + "/@/rae/")
    expect(white.locator("svg.rating-chart")).to_have_count(1)
    expect(white.locator("main")).to_contain_text("1 / 0 / 0")


def test_quick_pairing_opens_the_game_for_both_at_once(browser, server):
    first, second = browser.new_context().new_page(), browser.new_context().new_page()
    sign_up(first, server, "yul")
    sign_up(second, server, "zoe")
    first.goto(server + "/pool/")
    first.click("button[aria-label='Empress, 5+3']")
    expect(first.locator("#pool-status")).to_contain_text("Looking for an opponent in Empress, 5+3")
    second.goto(server + "/pool/")
    second.click("button[aria-label='Empress, 5+3']")
    for page in (first, second):
        expect(page).to_have_url(re.compile(r"/g/\w+/$"))
    assert first.url == second.url
    expect(first.locator(".live .small", has_text="Rated")).to_have_text("Rated · live")
