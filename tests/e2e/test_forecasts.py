"""Conditional moves in the browser: a line left while the opponent is to move is played the
moment they make its first move, marked in both move lists."""

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import start_game, type_move

pytestmark = pytest.mark.e2e


def test_a_conditional_line_is_played_when_the_opponent_moves(browser, server):
    white, black = start_game(browser, server, "empire-chess", "fay", "gil", clock="days")
    type_move(white, "d3d4")
    white.click(".confirm button:has-text('Confirm')")  # correspondence: shown, then sent
    expect(white.locator("#forecast textarea")).to_be_visible()  # redrawn: Black is to move
    white.fill("#forecast-input", "e5 Sd5\ne6 Sc4")
    white.click("text=Save the lines")
    expect(white.locator("#forecast")).to_contain_text("Saved: 2 lines.")
    expect(white.locator(".forecast-lines li")).to_have_count(2)

    expect(black.locator("#status")).to_have_text("Your turn.")
    type_move(black, "e7e5")
    black.click(".confirm button:has-text('Confirm')")
    for page in (white, black):
        expect(page.locator(".moves a[data-ply='3']")).to_contain_text("Sd5")
        expect(page.locator(".moves a[data-ply='3'] .conditional")).to_have_count(1)
    expect(black.locator("#status")).to_have_text("Your turn.")
    expect(white.locator("#forecast")).to_contain_text("None.")
