"""Correspondence play: the opponent moves, and the player's header counts a turn and a
notification without a reload; the dashboard lists the game under "Your turn"."""

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import start_game, type_move

pytestmark = pytest.mark.e2e


def test_your_turn_and_the_bell_without_reload(browser, server):
    white, black = start_game(browser, server, "empire-chess", "sal", "tia", clock="days")
    expect(white.locator(".clock.running")).to_contain_text("2 days 23 h")  # and ticking
    expect(white.locator(".deadline")).to_contain_text("move by")

    black.goto(server + "/")  # the dashboard
    black.evaluate("window.notReloaded = true")
    expect(black.locator("#turn-count .badge-count")).to_have_text("0")
    unread = int(black.locator("#bell .badge-count").inner_text())
    type_move(white, "d3d4")
    # A correspondence move is shown first, and sent on "Confirm" (the default setting).
    expect(white.locator(".confirm")).to_contain_text("Play Sd4?")
    assert black.locator("#turn-count .badge-count").inner_text() == "0"
    white.click(".confirm button:has-text('Confirm')")
    # Pushed over the player's own socket: no reload.
    expect(black.locator("#turn-count .badge-count")).to_have_text("1")
    expect(black.locator("#bell .badge-count")).to_have_text(str(unread + 1))
    assert black.evaluate("window.notReloaded") is True
    black.reload()
    expect(black.locator("section", has_text="Your turn").first).to_contain_text("against sal")
    black.click("#bell")
    expect(black.locator(".notes")).to_contain_text("Your turn against sal (Empire Chess).")
