"""The themes and the boards' colours in Chromium: every theme (light, dark, high contrast,
and dark as the device says with no choice made) and every board colouring passes axe-core on
the home page, a game of each kind, the settings and a lesson; zen mode leaves a player the
board, the clocks, whose turn it is and the move box, and is kept for the browser."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import rules
from play.learn import lessons
from tests.e2e import helpers
from tests.e2e.helpers import sign_up, start_game, type_move

pytestmark = pytest.mark.e2e
SLUGS = [g.slug for g in rules.games()]
DARK_PAPER = "rgb(23, 20, 16)"  # themes.css's dark --paper


@pytest.fixture(scope="module")
def games_in_play(server):
    """A game of each kind in play, a few moves in, on a live clock: their addresses."""
    return {
        slug: f"/g/{public_id}/"
        for slug, public_id in helpers.games_in_play(
            "looks-ann", "looks-bob", {"kind": "live", "minutes": 30, "increment": 0}
        ).items()
    }


def pages(games_in_play) -> list[str]:
    return [
        "/", "/settings/", f"/learn/empress/{lessons.keys('empress')[0]}/",
        *(games_in_play[slug] for slug in SLUGS),
    ]  # fmt: skip


def survey(browser, server, paths, theme, board, **device) -> list[str]:
    """axe-core's violations on each page, in a theme and a board colouring chosen in this
    browser's cookies (theme "": none chosen)."""
    context = browser.new_context(**device)
    page = context.new_page()
    sign_up(page, server, f"looks-{theme or 'device'}-{board}"[:20])
    chosen = {"theme": theme, "board-colours": board}
    context.add_cookies(
        [{"name": name, "value": value, "url": server} for name, value in chosen.items() if value]
    )
    axe, found = Axe(), []
    for path in paths:
        page.goto(server + path)
        expect(page.locator("main")).to_be_visible()
        if board != "wood":  # the boards' own colours, unmarked
            expect(page.locator("html")).to_have_attribute("data-board", board)
        if theme:
            expect(page.locator("html")).to_have_attribute("data-theme", theme)
        for violation in axe.run(page).response["violations"]:
            targets = [node["target"] for node in violation["nodes"]][:3]
            found.append(f"{theme or 'device'}/{board} {path}: {violation['id']} {targets}")
    context.close()
    return found


@pytest.mark.parametrize("theme", ["light", "dark", "contrast"])
def test_each_theme_passes_axe(browser, server, games_in_play, theme):
    found = survey(browser, server, pages(games_in_play), theme, "wood")
    assert not found, "\n".join(found)


def test_dark_follows_the_device_until_the_reader_chooses_and_passes_axe(
    browser, server, games_in_play
):
    found = survey(browser, server, pages(games_in_play), "", "wood", color_scheme="dark")
    assert not found, "\n".join(found)
    page = browser.new_context(color_scheme="dark").new_page()
    page.goto(server + "/")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK_PAPER
    page.select_option("#theme-choice", "light")  # chosen: the device no longer decides
    page.click(".looks-chooser button")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != DARK_PAPER


@pytest.mark.parametrize("board", ["blue", "green"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_each_board_colouring_passes_axe_on_every_board(
    browser, server, games_in_play, theme, board
):
    paths = [games_in_play[slug] for slug in SLUGS]
    found = survey(browser, server, paths, theme, board)
    assert not found, "\n".join(found)


def test_zen_mode_leaves_the_board_the_clocks_and_the_move_box(browser, server):
    white, black = start_game(browser, server, "empire-chess", "zen-w", "zen-b", clock="live")
    hidden = ["header.top", ".site-footer", ".chat", "ol.moves", ".steps"]
    kept = ["#board-wrap svg", ".clock.running", "#status", ".move-box", "#zen-switch button"]
    for selector in hidden:
        expect(white.locator(selector).first).to_be_visible()
    white.keyboard.press("z")
    expect(white.locator("html")).to_have_attribute("data-zen", "")
    for selector in hidden:
        expect(white.locator(selector).first).to_be_hidden()
    for selector in kept:
        expect(white.locator(selector).first).to_be_visible()
    expect(white.locator("#zen-switch button")).to_have_attribute("aria-pressed", "true")
    type_move(white, "d3d4")  # a move made in zen
    expect(black.locator("#live")).to_have_attribute("data-ply", "1")
    white.fill("#move-input", "z")  # typed in the move box, z is a letter
    expect(white.locator("html")).to_have_attribute("data-zen", "")
    white.fill("#move-input", "")
    white.reload()  # kept for this browser, drawn so by the server
    expect(white.locator("html")).to_have_attribute("data-zen", "")
    expect(white.locator("header.top")).to_be_hidden()
    expect(black.locator("header.top")).to_be_visible()  # another browser's own
    white.click("#zen-switch button")
    expect(white.locator("header.top")).to_be_visible()
    expect(white.locator("#zen-switch button")).to_have_attribute("aria-pressed", "false")
