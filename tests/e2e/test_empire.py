"""Empire in two browsers on a small board: placements by clicking intersections, a capture,
and the end by two passes."""

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import click_point, sign_up

pytestmark = pytest.mark.e2e
# Circles ring the cross on c3; then both pass.
GAME = ["c2", "h8", "d3", "h7", "c4", "c3", "b3"]


def test_a_small_empire_game_to_a_capture_and_the_end(browser, server):
    circles, crosses = browser.new_context().new_page(), browser.new_context().new_page()
    sign_up(circles, server, "kim")
    sign_up(crosses, server, "lou")
    circles.select_option("#id_game", "empire")
    circles.fill("#id_width", "8")
    circles.fill("#id_height", "8")
    circles.check("form[action='/new/'] input[name=side][value=white]")
    circles.select_option("#id_time_control", "none")  # casual, no clock: moves sent at once
    circles.uncheck("#id_rated")
    circles.click("text=Create game")
    expect(circles.locator("#status")).to_have_text("Waiting for an opponent.")
    crosses.goto(server + "/")
    crosses.click("button:has-text('Accept')")
    expect(circles.locator("#status")).to_have_text("Your turn.")
    pages = (circles, crosses)
    for ply, point in enumerate(GAME):
        mover, watcher = pages[ply % 2], pages[1 - ply % 2]
        expect(mover.locator("#live")).to_have_attribute("data-ply", str(ply))
        if ply == 3:
            mover.fill("#move-input", point)
            mover.press("#move-input", "Enter")
        else:
            click_point(mover, point)
        expect(watcher.locator("#live")).to_have_attribute("data-ply", str(ply + 1))
        expect(watcher.locator(".moves")).to_contain_text(point)
    for page in pages:
        expect(page.locator('[aria-label="c3, captured cross"]')).to_have_count(1)
        expect(page.locator(".area-circles")).to_have_count(1)
        expect(page.locator(".player.seat-0 .score")).to_contain_text("Captures: 1")
    crosses.click("button:has-text('Pass')")
    expect(circles.locator("#live")).to_have_attribute("data-ply", "8")
    circles.click("button:has-text('Pass')")
    for page in pages:
        expect(page.locator("#status")).to_have_text("Circles wins (more captures).")
    sgf = circles.request.get(circles.url + "record/").text()
    assert "GM[40]" in sgf and "RE[B+1]" in sgf
