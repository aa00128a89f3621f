"""The game's sounds in Chromium: a move and a capture sound on both players' pages as they
arrive (the mover's too), the start as the opponent joins, the end as the game ends, the low
time once as the player's own clock crosses into it; and with sounds off, or play by ear on
and sounds left as they were, nothing plays.
What plays is heard by a spy on HTMLMediaElement.play, set before the pages' scripts."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import click_move, create_game, sign_up

pytestmark = pytest.mark.e2e
SPY = """
window.heard = [];
HTMLMediaElement.prototype.play = function () {
  window.heard.push(this.src.split("/").pop().split(".")[0]);
  return Promise.resolve();
};
"""


def heard(page) -> list[str]:
    return page.evaluate("window.heard")


def hears(page, *sounds):
    """Wait until the page has played these sounds since it loaded, and no more."""
    page.wait_for_function(f"window.heard.length >= {len(sounds)}")
    assert heard(page) == list(sounds)


def players(browser, server, names, sounds=None):
    pages = []
    for name in names:
        context = browser.new_context()
        context.add_init_script(SPY)
        page = context.new_page()
        sign_up(page, server, name)
        if sounds:  # chosen at the foot of the page
            page.select_option("#sounds-choice", sounds)
            page.click(".looks-chooser button")
            expect(page.locator("#sounds-choice")).to_have_value(sounds)
        pages.append(page)
    return pages


def begin(white, black, server, created=False):
    """White's game of Empire Chess (made here unless `created`) accepted by Black, both
    pages touched (a page may play sounds from a player's touch on)."""
    if not created:
        create_game(white, "empire-chess")
    white.click("#status")
    black.goto(server + "/")
    black.click("button:has-text('Accept')")
    expect(white.locator("#status")).to_have_text("Your turn.")
    expect(black.locator("body")).to_have_attribute("data-game-socket", "open")
    black.click("#status")


def move_and_capture(white, black, sounds=lambda: None):
    """a4, b5, axb5: each played once the mover's page has the move before it; `sounds`
    checked after White's first."""
    click_move(white, "a3", "a4")
    expect(black.locator("#live")).to_have_attribute("data-ply", "1")
    sounds()
    click_move(black, "b7", "b5")
    expect(white.locator("#live")).to_have_attribute("data-ply", "2")
    click_move(white, "a4", "b5")
    for page in (white, black):
        expect(page.locator("#live")).to_have_attribute("data-ply", "3")


def test_moves_captures_the_start_and_the_end_sound_on_both_pages(browser, server):
    white, black = players(browser, server, ["sound-w", "sound-b"])
    begin(white, black, server)
    hears(white, "start")
    assert heard(black) == []  # it opened the game begun: nothing new to it
    move_and_capture(white, black, lambda: (hears(white, "start", "move"), hears(black, "move")))
    hears(white, "start", "move", "move", "capture")
    hears(black, "move", "move", "capture")
    black.on("dialog", lambda dialog: dialog.accept())
    black.click("button:has-text('Resign')")
    hears(white, "start", "move", "move", "capture", "end")
    hears(black, "move", "move", "capture", "end")


def test_with_sounds_off_nothing_plays(browser, server):
    white, black = players(browser, server, ["quiet-w", "quiet-b"], sounds="off")
    begin(white, black, server)
    move_and_capture(white, black)
    for page in (white, black):
        assert heard(page) == []


def test_by_ear_nothing_plays_unless_chosen_and_the_board_in_words_is_open(browser, server):
    white, black = players(browser, server, ["by-ear-w", "by-ear-b"])
    create_game(white, "empire-chess")
    white.click("text=Turn on play by ear")  # from the game's Play by ear card, back to it
    expect(white.locator("#board-words")).to_have_attribute("open", "")
    expect(white.locator("#board-words-list")).to_contain_text("a1")
    first = (
        "document.getElementById('ear').compareDocumentPosition(document.querySelector('.game'))"
    )
    assert white.evaluate(f"{first} & Node.DOCUMENT_POSITION_FOLLOWING")  # the card, then the board
    found = [v["id"] for v in Axe().run(white).response["violations"]]
    assert found == [], found
    begin(white, black, server, created=True)
    move_and_capture(white, black)
    hears(black, "move", "move", "capture")  # the other player's sounds, as they were
    expect(white.locator("#live")).to_have_attribute("data-ply", "3")
    expect(white.locator("#ear-said")).to_contain_text("takes")
    assert heard(white) == []


def test_low_time_sounds_once_as_the_players_clock_crosses_into_it(browser, server):
    (white,) = players(browser, server, ["hurry-w"])
    address = run_django(
        """
from django.contrib.auth import get_user_model
from play.games import games
User = get_user_model()
white = User.objects.get(username="hurry-w")
other = User.objects.get_or_create(username="hurry-b")[0]
game = games.join(games.create(white, "empire-chess", "white", "seek",
    time_control={"kind": "live", "minutes": 1, "increment": 0}), other)
print(game.get_absolute_url())
"""
    ).strip()
    # The page's time, moved by hand: low time is the last fifth of a minute, 12 s.
    white.clock.install()
    white.goto(server + address)
    white.click("#status")
    expect(white.locator(".clock.running")).to_have_attribute("data-low-time", "12000")
    white.clock.run_for(1000)  # seen above low time
    assert heard(white) == []
    left = white.evaluate("+document.querySelector('.clock.running').dataset.deadline - Date.now()")
    white.clock.fast_forward(int(left) - 11_000)  # a second into low time
    white.clock.run_for(500)
    hears(white, "low-time")
    white.clock.run_for(2000)
    assert heard(white) == ["low-time"]  # once a turn
