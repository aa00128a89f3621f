"""Imperial Shuffle in two browsers: both players set up (typing, swapping by clicks, dealing
at random), then a push that kills and a revival, each seen by the other without reload."""

import pytest
from playwright.sync_api import expect

import rules
from tests.e2e.conftest import run_django
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e
FIRST = "Cr,Cb,Eb,Ng|Ng,Cb,Nr,Cg|Nr,Cy,Cy,Ny|Ny,Hb,Cg,Cr"
SECOND = "Cy,Cg,Nr,Cr|Cb,Hr,Cb,Er|Ny,Nr,Ny,Cg|Ng,Cr,Ng,Cy"
# The first push kills; the second player's last push brings their High Priest in front of a
# piece like one they lost, and they revive it.
LINE = ["SW", "W", "NE", "W+c4"]


def arrange(page, text, a1_label):
    """Type an arrangement and wait for the board it draws (a click before would be lost)."""
    page.fill("#arrangement-input", text)
    page.click("text=Use it")
    expect(page.locator('.own [data-square="a1"]')).to_have_attribute("aria-label", a1_label)


def test_setup_a_killing_push_and_a_revival(browser, server):
    first, second = browser.new_context().new_page(), browser.new_context().new_page()
    sign_up(first, server, "mia")
    sign_up(second, server, "ned")
    first.select_option("#id_game", "imperial-shuffle")
    first.check("form[action='/new/'] input[name=side][value=white]")
    first.select_option("#id_time_control", "none")  # casual, no clock: moves sent at once
    first.uncheck("#id_rated")
    first.click("text=Create game")
    second.goto(server + "/")
    second.click("button:has-text('Accept')")
    expect(first.locator("#status")).to_contain_text("Arrange your pieces")

    # The first player types the board with a1 and b1 exchanged, then swaps them back by clicks.
    swapped = FIRST.replace("Ny,Hb,Cg,Cr", "Hb,Ny,Cg,Cr")
    arrange(first, swapped, "a1, High Priest")
    first.click('.own [data-square="a1"]')
    first.locator('.own g.selected[data-square="a1"]').wait_for()
    first.click('.own [data-square="b1"]')
    expect(first.locator('.own [data-square="a1"]')).to_have_attribute(
        "aria-label", "a1, yellow Noble"
    )
    first.click("text=Submit arrangement")
    expect(first.locator("#status")).to_contain_text("Submitted")

    # The second player sees the first board, deals at random, then types their own.
    expect(second.locator("#status")).to_contain_text("The other player has submitted")
    second.click("text=Random arrangement")
    arrange(second, SECOND, "a1, green Noble")
    second.click("text=Submit arrangement")
    for page in (first, second):
        expect(page.locator("#live")).to_have_attribute("data-ply", "0")
        expect(page.locator(".moves")).to_contain_text("No moves yet")
        page.evaluate("window.notReloaded = true")
    expect(first.locator("#status")).to_have_text("Your turn.")

    game = rules.get("imperial-shuffle")
    state = game.from_setup(FIRST, SECOND, 0)
    for ply, move in enumerate(LINE):
        mover, watcher = (first, second) if ply % 2 == 0 else (second, first)
        expect(mover.locator("#live")).to_have_attribute("data-ply", str(ply))
        direction, _, revived = move.partition("+")
        mover.click(f'[data-direction="{direction}"]')
        choices = [m for m in game.legal_moves(state) if m.startswith(direction + "+")]
        if revived:
            mover.click(f'.own g.target[data-square="{revived}"]')
        elif choices:
            mover.click("text=with no revival")
        state = game.play(state, move)
        expect(watcher.locator("#live")).to_have_attribute("data-ply", str(ply + 1))
        expect(watcher.locator(".moves")).to_contain_text(move)
        if ply == 0:
            # The kill: the dead piece lies down, and the match is marked on both boards.
            for page in (first, second):
                expect(page.locator('#board-wrap use[href$="*"]')).to_have_count(1)
                expect(page.locator(".alert-frame")).to_have_count(2)
    assert not state.boards[1][game.grid.index("c4")].endswith("*")  # revived
    for page in (first, second):
        expect(page.locator(".moves")).to_contain_text("W+c4")
        assert page.evaluate("window.notReloaded") is True


# Each board's heading and where it may run: its board and half the gap either side, in the
# picture's own units (play/boards/imperial_shuffle.py: margin 20, boards 256, gap 44).
HEADINGS_FIT = """() => [...document.querySelectorAll('.shuffle-board .board-name')].map(text => {
    const box = text.getBBox(), left = +text.getAttribute('x') - 128;
    return [text.textContent, box.x >= left - 22 && box.x + box.width <= left + 256 + 22];
})"""


def test_the_boards_headings_fit_and_the_arrangement_field_holds_one(browser, server):
    """A long name in the heading over the opponent's board is not cut, on a desktop or a
    phone; the field to type an arrangement shows a whole one."""
    page = browser.new_context().new_page()
    sign_up(page, server, "shuffle-newcomer-one")
    public_id = run_django(
        "from django.contrib.auth import get_user_model\n"
        "from play.games import games\n"
        "User = get_user_model()\n"
        "one = User.objects.get(username='shuffle-newcomer-one')\n"
        "two = User.objects.create_user('shuffle-newcomer-two')\n"
        "game = games.join(games.create(one, 'imperial-shuffle', 'white', 'seek'), two)\n"
        "print(game.public_id)"
    ).strip()
    page.goto(f"{server}/g/{public_id}/")
    for size in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        expect(page.locator("#arrangement-input")).to_be_visible()
        headings = page.evaluate(HEADINGS_FIT)
        assert any("shuffle-newcomer-two" in text for text, _ in headings)
        assert all(fits for _, fits in headings), headings
        page.fill("#arrangement-input", FIRST)
        field = page.locator("#arrangement-input")
        shown_whole = "f => f.scrollWidth <= f.clientWidth && f.scrollHeight <= f.clientHeight"
        assert field.evaluate(shown_whole), size
