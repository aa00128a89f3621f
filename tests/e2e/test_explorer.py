"""The opening explorer in the browser: a rated game ends, and from its page at the start
"Openings" opens the analysis board with the explorer on it, which counts that game; a move
in it plays it on the board and the explorer follows; the page passes axe. berserk, lichess's
client, reads the same through the API."""

import re

import berserk
import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import no_violations, start_game, type_move

pytestmark = pytest.mark.e2e


def test_a_finished_rated_game_is_in_the_explorer_opened_from_its_page(browser, server):
    white, black = start_game(browser, server, "empire-chess", "exp-ada", "exp-bo", clock="days")
    for page, other, move in ((white, black, "d3d4"), (black, white, "e7e5")):
        type_move(page, move)
        page.click(".confirm button:has-text('Confirm')")  # a correspondence move, confirmed
        expect(other.locator("#status")).to_have_text("Your turn.")
    white.once("dialog", lambda dialog: dialog.accept())
    white.click("button:has-text('Resign')")
    expect(black.locator("#status")).to_contain_text("wins")
    explorer_api = berserk.Client(explorer_url=server).opening_explorer
    counted = explorer_api.get_lichess_games(variant="empire-chess", play=["d3d4"])
    assert (counted["black"], [m["san"] for m in counted["moves"]]) == (1, ["e5"])
    black.get_by_role("button", name="To the start (Home)").click()
    expect(black).to_have_url(re.compile(r"\?ply=0$"))
    black.get_by_role("link", name="Openings").click()
    explorer = black.locator(".explorer")
    expect(explorer.get_by_role("heading", name="Opening explorer")).to_be_visible()
    first = explorer.locator("tbody tr")
    expect(first).to_have_count(1)
    expect(first).to_contain_text("Sd4")
    expect(first).to_contain_text("White wins 0%, draws 0%, Black wins 100%")
    no_violations(black)
    explorer.get_by_role("link", name="Sd4").click()  # played on the board, the explorer open
    expect(black.locator("#analysis .tree [aria-current]")).to_have_text(re.compile("Sd4"))
    expect(explorer.locator("tbody tr")).to_contain_text("e5")
    explorer.get_by_role("link", name="Live").click()
    expect(explorer).to_contain_text("No finished rated game at this speed")
    explorer.get_by_role("link", name="Close").click()
    expect(black.get_by_role("link", name="Opening explorer")).to_be_visible()
