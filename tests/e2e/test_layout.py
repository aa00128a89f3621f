"""The page frame measured in Chromium at a desktop's 1280 px and a phone's 390 px: the menu on
one line, on two in a language of longer words but never wider than the page, or behind a
button on a phone; a lesson's board within an 800 px-high screen; the
settings' and tokens' pages as wide as their content wants, a new token copied by a button;
form controls in their labels' size; the home cards' buttons of one height; a championship
group's table keeping its players in view as it scrolls sideways."""

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def within_the_window(page) -> None:
    """Nothing scrolls sideways, and the header is at most two lines high."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width
    assert page.locator("header.top").bounding_box()["height"] <= 72


def one_line(page) -> None:
    """Every part of the header sits on one line, and the header is a line high."""
    within_the_window(page)
    tops = page.locator("header.top").evaluate(
        """header => [...header.querySelectorAll("a, summary, button")]
            .filter(e => e.checkVisibility({ visibilityProperty: true }))
            .map(e => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2))"""
    )
    assert len(tops) >= 8 and max(tops) - min(tops) <= 4, tops
    assert page.locator("header.top").bounding_box()["height"] <= 56


def test_the_menu_is_one_line_on_a_desktop_in_english(browser, server):
    visitor = browser.new_context(viewport=DESKTOP).new_page()
    visitor.goto(server + "/")
    one_line(visitor)
    # An anonymous player (a game against the computer begun) has the longest header: on two
    # lines, within the window.
    visitor.goto(server + "/computer/?game=empress")
    visitor.click("main form button:has-text('Play the computer')")
    expect(visitor.locator("#status")).to_be_visible()
    within_the_window(visitor)
    expect(visitor.get_by_role("link", name="Sign up to keep your games")).to_be_visible()
    player = browser.new_context(viewport=DESKTOP).new_page()
    sign_up(player, server, "mira-k")
    one_line(player)
    # A long name (cut at 11rem) takes the header to two lines, within the window.
    player = browser.new_context(viewport=DESKTOP).new_page()
    sign_up(player, server, "a-rather-long-name-x")
    within_the_window(player)
    expect(player.locator("header.top .account-menu summary")).to_be_visible()
    expect(player.locator("header.top .account-menu summary")).to_have_text("a-rather-long-name-x")


def test_no_language_widens_a_desktop_page(browser, server):
    """The header of a player with a long name, in each language, within 1280 px: where its
    words are long it takes two lines, never a sideways scroll."""
    player = browser.new_context(viewport=DESKTOP).new_page()
    sign_up(player, server, "a-rather-long-name-y")
    for code, _name in settings.LANGUAGES:
        player.select_option("#language-choice", code)
        player.click(".language-chooser button")
        expect(player.locator("html")).to_have_attribute("lang", code)
        within_the_window(player)


def test_a_phone_has_a_compact_menu_opened_by_keyboard(browser, server):
    page = browser.new_context(viewport=PHONE).new_page()
    sign_up(page, server, "on-a-phone")
    header = page.locator("header.top")
    assert header.bounding_box()["height"] <= 60
    lessons = page.get_by_role("link", name="Learn", exact=True)
    expect(lessons).to_be_hidden()
    expect(page.locator("#turn-count")).to_be_visible()  # the counts stay in view
    menu = page.get_by_text("Menu", exact=True)
    menu.focus()
    page.keyboard.press("Enter")
    expect(lessons).to_be_visible()
    # The open menu lies over the page and leaves the header as it was.
    assert header.bounding_box()["height"] <= 60
    nav = page.get_by_role("navigation", name="Main")
    for name in ("Lobby", "Puzzles", "Championships", "Tournaments", "Leaderboards"):
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    nav.locator(".account-menu summary").click()
    expect(nav.get_by_role("button", name="Log out")).to_be_visible()
    lessons.click()
    expect(page).to_have_url(server + "/learn/")
    expect(lessons).to_be_hidden()  # a new page, the menu closed


@pytest.mark.parametrize("width", [390, 360, 320])
def test_a_phones_header_with_every_count_at_two_digits_stays_in_the_window(browser, server, width):
    run_django("from play.webpush import keys; keys.make()")  # as `make install` makes them
    page = browser.new_context(viewport={"width": width, "height": 740}).new_page()
    sign_up(page, server, f"busy-{width}")
    expect(page.locator("header .push-device")).to_be_visible()  # the devices' button too
    # A busy player's counts, as their socket would set them: two digits each.
    page.evaluate(
        "document.querySelectorAll('header .badge-count').forEach(c => c.textContent = '88')"
    )
    within_the_window(page)
    expect(page.locator("#bell")).to_be_in_viewport(ratio=1)


def test_the_empire_lessons_board_fits_an_800_px_screen(browser, server):
    page = browser.new_context(viewport=DESKTOP).new_page()
    for path in ("/learn/empire/placing/1/", "/learn/empress/field/1/"):
        page.goto(server + path)
        board = page.locator("#lesson .board-wrap svg").bounding_box()
        assert board["y"] >= 0 and board["y"] + board["height"] <= DESKTOP["height"], (path, board)
        assert board["width"] >= 400, (path, board)  # not shrunk to nothing


def test_settings_and_tokens_use_the_width_and_a_new_token_is_copied(browser, server):
    context = browser.new_context(viewport=DESKTOP)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    sign_up(page, server, "wide-pages")
    for path in ("/settings/", "/settings/tokens/"):
        page.goto(server + path)
        assert page.locator("main section.card").first.bounding_box()["width"] >= 700, path
    page.fill("#description", "my bot")
    page.click("text=Make the token")
    secret = page.locator("#new-token").input_value()
    assert secret.startswith("imp_")
    copy = page.locator("button[data-copy=new-token]")
    expect(copy).to_have_accessible_name("Copy the token")
    copy.click()
    expect(copy).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == secret


@pytest.mark.parametrize(
    "path, control",
    [("/settings/", "#id_digest_hours"), ("/settings/", "#id_confirm_moves"),
     ("/", "#computer_level"), ("/settings/tokens/", "#description")],
)  # fmt: skip
def test_form_controls_use_their_labels_size(browser, server, path, control):
    page = browser.new_context(viewport=DESKTOP).new_page()
    sign_up(page, server, "fonts-" + control.lstrip("#").removeprefix("id_").replace("_", "-"))
    page.goto(server + path)
    sizes = page.evaluate(
        """control => {
            const field = document.querySelector(control);
            const label = document.querySelector(`label[for="${field.id}"]`);
            return [getComputedStyle(field).fontSize, getComputedStyle(label).fontSize];
        }""",
        control,
    )
    assert sizes[0] == sizes[1], sizes


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE, {"width": 1024, "height": 800}])
def test_the_home_cards_buttons_are_of_one_height(browser, server, viewport):
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(server + "/")
    heights = page.locator(".game-card .card-actions a.button").evaluate_all(
        "buttons => buttons.map(b => Math.round(b.getBoundingClientRect().height))"
    )
    assert len(heights) == 15 and max(heights) - min(heights) <= 1, heights
    wide = page.locator(".game-card").evaluate_all(
        "cards => cards.filter(c => c.scrollWidth > c.clientWidth).length"
    )
    assert wide == 0  # nothing sticks out of its card


def test_a_groups_table_keeps_its_players_in_view_on_a_phone(browser, server):
    names = [f"cross-{n}" for n in range(6)]
    run_django(
        "from django.contrib.auth import get_user_model\n"
        "from play.common import clocks\n"
        "from play.leagues import championships\n"
        "from play.models import Championship\n"
        "league = Championship.objects.create(slug='empire-wide', name='Wide league',"
        " game_slug='empire', time_control={'kind': 'days', 'days': 3}, group_min=2,"
        " group_max=6, width=1, promoted=1, relegated=1, relegated_full=1, rest_days=7,"
        " first_edition_at=clocks.now())\n"
        f"for name in {names!r}:\n"
        "    championships.join(league, get_user_model().objects.create(username=name))\n"
        "championships.start_due(clocks.now())"
    )
    group = run_django(
        "from play.models import LeagueGroup\n"
        "print(LeagueGroup.objects.get(edition__championship__slug='empire-wide')"
        ".get_absolute_url())"
    ).strip()
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(server + group)
    table = page.locator("#standings")
    expect(page.locator(".scroll-hint")).to_be_visible()
    assert table.evaluate("box => box.scrollWidth > box.clientWidth + 100")
    name = page.locator("#standings tbody th").first
    before = name.bounding_box()["x"]
    table.evaluate("box => box.scrollBy(400, 0)")
    page.wait_for_function("document.querySelector('#standings').scrollLeft > 300")
    after = name.bounding_box()
    assert abs(after["x"] - before) <= 1 and after["x"] + after["width"] <= PHONE["width"]
    # What scrolled under the name is hidden by it, not drawn over it.
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('th') !== null",
        [after["x"] + after["width"] / 2, after["y"] + after["height"] / 2],
    )
    assert hit
