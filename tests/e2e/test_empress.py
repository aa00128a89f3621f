"""Empress in two browsers: the opening placements from the reserve, play, and a capture."""

import pytest
from playwright.sync_api import expect

import rules
from tests.e2e.helpers import play_through, start_game

pytestmark = pytest.mark.e2e
GAME = ["Q@a1", "Q@a8", "Q@h1", "Q@h8", "Q@c3", "Q@f6", "E@b7", "E@g2", "c3f6"]


def test_opening_into_play_and_a_capture(browser, server):
    game = rules.get("empress")
    white, black = start_game(browser, server, "empress", "ida", "jon")
    pages = (white, black)
    expect(white.locator(".phase")).to_contain_text("Opening: White places Queen 1 of 3")
    play_through(game, pages, GAME[:6], typed=lambda ply: ply in (2, 5))
    expect(white.locator(".phase")).to_contain_text("Opening: White places the Empress")
    play_through(game, pages, GAME[6:8], played=GAME[:6])
    expect(white.locator(".phase")).to_contain_text("Play: move a Queen")
    # The capture, by two clicks: the Queen on c3 takes the one on f6 across the board.
    play_through(game, pages, GAME[8:], played=GAME[:8], typed=lambda ply: False)
    for page in pages:
        expect(page.locator('.captured [title="Black Queen"]')).to_have_count(1)
        assert page.evaluate("window.notReloaded") is True
    expect(black.locator("#status")).to_have_text("Your turn.")
