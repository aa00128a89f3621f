"""Two players in two browsers: sign up, create and accept a seek, and play Empire Chess
to checkmate, each seeing the other's moves appear without reloading."""

import pytest
from playwright.sync_api import expect

import rules

pytestmark = pytest.mark.e2e
PASSWORD = "a-long-passphrase"
# A short game in which White mates: the Tower slides like a queen, the Cardinal mates.
GAME = ["f3f4", "b7b6", "h1d5", "c7c5", "c1b2", "d8c7", "f4f5", "a7a5",
        "d1g4", "g8h6", "d5c5", "c7g3", "b2f2", "g3f4", "c5c8"]  # fmt: skip


def sign_up(page, server, name):
    page.goto(server + "/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main button[type=submit]")
    expect(page).to_have_url(server + "/")


def click_move(page, move):
    page.click(f'[data-square="{move[:2]}"]')
    page.locator(f'g.selected[data-square="{move[:2]}"]').wait_for()
    page.click(f'g.target[data-square="{move[2:4]}"]')


def type_move(page, text):
    page.fill("#move-input", text)
    page.press("#move-input", "Enter")


def test_two_players_play_to_checkmate(browser, server):
    ann, bob = browser.new_context().new_page(), browser.new_context().new_page()
    sign_up(ann, server, "ann")
    sign_up(bob, server, "bob")

    ann.select_option("#id_game", "empire-chess")
    ann.check("input[name=side][value=white]")
    ann.check("input[name=listing][value=seek]")
    ann.click("text=Create game")
    expect(ann.locator("#status")).to_have_text("Waiting for an opponent.")
    game_url = ann.url

    bob.goto(server + "/")
    bob.click("button:has-text('Accept')")
    expect(bob).to_have_url(game_url)
    # Ann's page learns of the join over the socket, without a reload.
    expect(ann.locator("#status")).to_have_text("Your turn.")
    for page in (ann, bob):
        page.evaluate("window.notReloaded = true")

    game, state = rules.get("empire-chess"), rules.get("empire-chess").initial()
    for ply, move in enumerate(GAME):
        mover, watcher = (ann, bob) if ply % 2 == 0 else (bob, ann)
        expect(mover.locator("#live")).to_have_attribute("data-ply", str(ply))
        san = game.display(state, move)
        if ply % 3 == 2:
            type_move(mover, san if ply % 2 else move)  # SAN for Black, UCI for White
        else:
            click_move(mover, move)
        state = game.play(state, move)
        # The other player sees the move arrive.
        expect(watcher.locator("#live")).to_have_attribute("data-ply", str(ply + 1))
        expect(watcher.locator(".moves")).to_contain_text(san)

    for page in (ann, bob):
        expect(page.locator("#status")).to_have_text("White wins (checkmate).")
        assert page.evaluate("window.notReloaded") is True
    pgn = ann.request.get(game_url + "pgn/").text()
    assert '[Variant "Empire"]' in pgn and pgn.rstrip().endswith("1-0")


def test_an_illegal_typed_move_is_explained_and_kept(browser, server):
    page = browser.new_context().new_page()
    sign_up(page, server, "cid")
    page.check("input[name=side][value=white]")
    page.check("input[name=listing][value=invite]")
    page.click("text=Create game")
    invite = page.locator(".invite-link").input_value()
    other = browser.new_context().new_page()
    sign_up(other, server, "dee")
    other.goto(invite)
    other.click("text=Accept and play")
    expect(page.locator("#status")).to_have_text("Your turn.")
    type_move(page, "a1a5")
    expect(page.locator("#live .notice")).to_have_text("The Tower on a1 cannot move to a5.")
    expect(page.locator("#move-input")).to_have_value("a1a5")
    expect(page.locator("#live")).to_have_attribute("data-ply", "0")


def test_a_dropped_server_is_announced_and_the_typed_move_kept(browser, server):
    page = browser.new_context().new_page()
    sign_up(page, server, "gus")
    page.check("input[name=side][value=white]")
    page.click("text=Create game")
    expect(page.locator("#status")).to_have_text("Waiting for an opponent.")
    page.context.set_offline(True)
    type_move(page, "d3d4")
    expect(page.locator("#connection")).to_contain_text("nothing was played")
    expect(page.locator("#move-input")).to_have_value("d3d4")
