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


def test_a_visitors_invitation_is_live_by_default_and_its_link_copied(browser, server):
    """The invitation form says its clock is live unless another is chosen; the link's Copy
    button puts it on the clipboard, and where the clipboard is refused (no permission, or no
    clipboard at all) selects it for the player to copy, saying so."""
    page = browser.new_context(permissions=["clipboard-read", "clipboard-write"]).new_page()
    page.goto(server + "/")
    expect(page.locator("#id_time_control")).to_have_value("live")
    expect(page.locator("#new-h ~ form")).to_contain_text("A live clock unless you choose")
    page.click("text=Create the link")
    link = page.locator(".invite-link").input_value()
    copy = page.get_by_role("button", name="Copy the invitation link")
    copy.click()
    expect(page.locator("#invite-copied")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    errors = []
    page.on("pageerror", lambda error: errors.append(error))
    refused = "() => Promise.reject(new DOMException('Refused', 'NotAllowedError'))"
    for refusal in (
        f"() => {{ navigator.clipboard.writeText = {refused}; }}",
        "() => { Object.defineProperty(navigator, 'clipboard', {value: undefined}); }",  # http
    ):
        page.evaluate("document.getElementById('invite-copied').textContent = ''")
        page.evaluate(refusal)
        copy.click()
        expect(page.locator("#invite-copied")).to_contain_text("Selected")
        selected = page.locator(".invite-link").evaluate(
            "f => [document.activeElement === f, f.selectionStart, f.selectionEnd]"
        )
        assert selected == [True, 0, len(link)]
    assert not errors
    friend = browser.new_context().new_page()
    friend.goto(link)
    expect(friend.locator("main")).to_contain_text("5+3")
