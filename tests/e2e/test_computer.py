"""Playing the computer in the browser: chosen from the home page, answered by the worker
(`manage.py bots`, beside the server) on the page without a reload, a move taken back, and a
game played to its end."""

import random

import pytest
from playwright.sync_api import expect

import rules
from tests.e2e.conftest import run_django
from tests.e2e.helpers import sign_up, type_move

pytestmark = pytest.mark.e2e


def play_the_computer(page, slug, level, side):
    page.select_option("#computer_level", str(level))
    page.select_option("#computer_game", slug)
    page.check(f"#computer-h ~ form input[name=side][value={side}]")
    page.click("text=Play the computer >> nth=-1")
    expect(page.locator("#live")).to_be_visible()
    page.evaluate("window.notReloaded = true")


def position(page) -> str:
    public_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    code = (
        f"from play.models import Game; print(Game.objects.get(public_id={public_id!r}).position)"
    )
    return run_django(code).strip()


def test_a_move_answered_and_taken_back(browser, server):
    page = browser.new_context().new_page()
    sign_up(page, server, "nia")
    play_the_computer(page, "empress", 1, "white")
    expect(page.locator(".player-name").first).to_contain_text("Imperia level 1")
    expect(page.locator("#status")).to_have_text("Your turn.")
    type_move(page, "Q@d4")
    # The worker answers; the page shows it without a reload (a push, or the page's asking).
    expect(page.locator("#live")).to_have_attribute("data-ply", "2")
    expect(page.locator("#status")).to_have_text("Your turn.")
    page.click("button:has-text('Take back')")
    expect(page.locator("#live")).to_have_attribute("data-ply", "0")
    expect(page.locator(".moves")).not_to_contain_text("Q@d4")
    assert page.evaluate("window.notReloaded") is True


def test_a_game_against_the_strongest_level_played_to_its_end(browser, server):
    page = browser.new_context().new_page()
    sign_up(page, server, "lee")
    play_the_computer(page, "empire-chess", 8, "black")
    game, rng = rules.get("empire-chess"), random.Random(5)
    for ply in range(1, 400, 2):
        live = page.locator("#live")
        expect(live).to_have_attribute("data-ply", str(ply), timeout=20_000)  # the computer's
        if "wins" in (page.locator("#status").text_content() or ""):
            break
        state = game.parse(position(page))
        if game.outcome(state):
            break
        type_move(page, rng.choice(sorted(game.legal_moves(state))))
        expect(live).not_to_have_attribute("data-ply", str(ply))
        if "wins" in (page.locator("#status").text_content() or ""):
            break
    expect(page.locator("#status")).to_contain_text("White wins")
    assert page.evaluate("window.notReloaded") is True
