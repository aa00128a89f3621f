"""A visitor in the browser: from the home page's card to a game against the computer, with no
account; then signing up, and finding that game under the new name. And the home page's small
boards, moving as their games do."""

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import PASSWORD, start_game, type_move

pytestmark = pytest.mark.e2e


def test_a_visitor_plays_the_computer_then_signs_up_and_finds_the_game(browser, server):
    page = browser.new_context().new_page()
    page.goto(server + "/")
    card = page.locator(".game-card", has=page.locator("h3", has_text="Empress"))
    card.get_by_role("link", name="Play the computer at Empress").click()
    expect(page.locator("#computer_game")).to_have_value("empress")
    page.select_option("#computer_level", "1")
    page.check("#computer-h ~ form input[name=side][value=white]")
    page.click("main form button:has-text('Play the computer')")
    expect(page.locator("#status")).to_have_text("Your turn.")
    expect(page.locator(".player-name").last).to_contain_text("Anonymous (you)")
    game_url = page.url
    type_move(page, "Q@d4")
    expect(page.locator("#live")).to_have_attribute("data-ply", "2")  # the computer answered
    page.click("text=Sign up to keep your games")
    page.fill("#id_username", "vera")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main button[type=submit]")
    expect(page).to_have_url(server + "/")
    turn = page.locator("#turn-h + *")
    expect(turn).to_contain_text("Empress")
    page.goto(game_url)
    expect(page.locator(".player-name").last).to_contain_text("vera (you)")
    expect(page.locator("#status")).to_have_text("Your turn.")


def test_the_home_pages_board_moves_with_its_game(browser, server):
    white, black = start_game(browser, server, "empress", "hana", "ivo")
    type_move(white, "Q@d4")
    expect(white.locator("#live")).to_have_attribute("data-ply", "1")
    visitor = browser.new_context().new_page()
    visitor.goto(server + "/")
    public_id = white.url.rstrip("/").rsplit("/", 1)[-1]
    board = visitor.locator(f"#mini-{public_id}")
    expect(board).to_contain_text("hana vs ivo")
    expect(board).to_contain_text("Black to move")
    visitor.evaluate("window.notReloaded = true")
    type_move(black, "Q@e5")
    expect(board).to_contain_text("White to move")  # pushed
    assert visitor.evaluate("window.notReloaded") is True
    board.click()
    expect(visitor).to_have_url(white.url)
