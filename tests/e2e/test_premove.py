"""Premove in a live game, in two browsers: chosen by clicks while the opponent thinks, shown
pending on its player's page alone (and accessible), cancelled by its button, by Escape and by
a click on the board, and played by the server the moment the opponent's move is stored."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.helpers import click_move, start_game

pytestmark = pytest.mark.e2e


def premove(page, origin, target):
    click_move(page, origin, target)
    expect(page.locator("#live .premove")).to_contain_text("Premove: Sd5")


def test_a_premove_is_shown_cancelled_and_played_at_once(browser, server):
    white, black = start_game(browser, server, "empire-chess", "pre-ann", "pre-bob", clock="live")
    posts = []
    white.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    click_move(white, "d3", "d4")
    expect(black.locator("#status")).to_have_text("Your turn.")
    expect(white.locator("#status")).to_have_text("Waiting for Black.")

    premove(white, "d4", "d5")
    expect(white.locator('[data-square="d5"]')).to_have_attribute(
        "aria-label", re.compile("your premove")
    )
    expect(black.locator(".premove")).to_have_count(0)
    expect(black.get_by_text("your premove")).to_have_count(0)
    assert Axe().run(white).response["violations"] == []
    white.get_by_role("button", name="Cancel premove").click()
    expect(white.locator("#live .premove")).to_have_count(0)

    premove(white, "d4", "d5")
    white.keyboard.press("Escape")
    expect(white.locator("#live .premove")).to_have_count(0)

    premove(white, "d4", "d5")
    white.click('[data-square="e6"]')  # an empty square that is no target: the premove goes
    expect(white.locator("#live .premove")).to_have_count(0)

    premove(white, "d4", "d5")
    assert posts == []  # every premove and cancel went over the game's socket
    click_move(black, "a7", "a6")
    for page in (white, black):
        expect(page.locator(".moves a")).to_have_count(3)
        expect(page.locator("#live")).to_have_attribute("data-ply", "3")
        assert page.evaluate("window.notReloaded")
    expect(black.locator("#status")).to_have_text("Your turn.")
    expect(white.locator("#status")).to_have_text("Waiting for Black.")
    expect(white.locator("#live .premove")).to_have_count(0)
    expect(white.locator('[data-square="d5"]')).to_have_attribute(
        "aria-label", re.compile("last move")
    )
