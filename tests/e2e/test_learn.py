"""A newcomer in the browser finishes the first lesson of each game by clicking, and one by the
keyboard alone; the stars show on the map of lessons."""

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import click_point

pytestmark = pytest.mark.e2e


def click_square(page, square):
    page.click(f'#lesson [data-square="{square}"][role=button]')


def click_squares(page, origin, target):
    click_square(page, origin)
    page.locator(f'#lesson g.selected[data-square="{origin}"]').wait_for()
    page.click(f'#lesson g.target[data-square="{target}"]')


def place(page, piece, square, moves_after):
    """A piece from the reserve onto a square; wait until the try shows `moves_after`."""
    page.click(f"#lesson button.in-hand[aria-label^='{piece}']")
    page.locator("#lesson button.in-hand.selected").wait_for()
    page.click(f'#lesson g.target[data-square="{square}"]')
    expect(page.locator("#lesson-status")).to_contain_text(moves_after)


def finishes(page, server, slug):
    page.goto(f"{server}/learn/{slug}/")
    page.locator(".lesson-map a").first.click()
    expect(page.locator("#goal-h")).to_be_visible()
    return page.locator("#lesson-status")


def done(status):
    expect(status).to_contain_text("Done, with 3 stars of 3")


def test_the_first_lesson_of_each_game_by_clicks(browser, server):
    page = browser.new_context().new_page()

    status = finishes(page, server, "empress")
    place(page, "White Queen", "d4", "White: Q@d4, Black: Q@a8")
    place(page, "White Queen", "e4", "Black: Q@h8")
    place(page, "White Queen", "d5", "Black: Q@a1")
    place(page, "White Empress", "c6", "Done")
    done(status)

    status = finishes(page, server, "empire-chess")
    click_squares(page, "e3", "e4")
    done(status)

    status = finishes(page, server, "empire")
    click_point(page, "c3")
    expect(status).to_contain_text("Played: Circles: c3")
    click_point(page, "f6")
    done(status)

    status = finishes(page, server, "imperial-shuffle")
    page.click('#lesson [data-direction="SW"]')
    done(status)

    status = finishes(page, server, "imperial-chess")
    click_squares(page, "f3", "f5")
    done(status)

    page.goto(f"{server}/learn/empress/")
    expect(page.locator(".lesson-map li li").first).to_contain_text("3 stars of 3")


def test_a_lesson_by_the_keyboard_alone(browser, server):
    page = browser.new_context().new_page()
    page.goto(f"{server}/learn/empire-chess/pieces/1/")
    tab_to(page, "lesson-move")
    page.keyboard.type("a1f6")
    page.keyboard.press("Enter")
    status = page.locator("#lesson-status")
    expect(status).to_contain_text("captures only along ranks and files")
    expect(status).to_contain_text("The exercise starts again")
    tab_to(page, "lesson-move")
    page.keyboard.type("a1a6")
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Done, with 2 stars of 3")


def tab_to(page, element_id):
    """Tab through the page (its links, the board's squares) until the element has focus."""
    for _ in range(300):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == element_id:
            return
    raise AssertionError(f"Tab never reached #{element_id}")


def test_a_square_that_is_no_target_explains_and_a_typo_loses_nothing(browser, server):
    page = browser.new_context().new_page()
    page.goto(server + "/learn/empress/field/1/")
    status = page.locator("#lesson-status")
    page.click('#lesson [data-square="f6"]')
    expect(status).to_contain_text("f6, Black Queen, Black's field, protected: no move of yours")
    click_square(page, "b6")
    page.locator('#lesson g.selected[data-square="b6"]').wait_for()
    page.click('#lesson [data-square="a1"]')
    expect(status).to_contain_text("the piece on b6 cannot go there; where it can is marked.")
    page.fill("#lesson-move", "zz9")
    page.press("#lesson-move", "Enter")
    expect(status).to_contain_text("Could not read 'zz9'")
    expect(status).not_to_contain_text("starts again")
    page.fill("#lesson-move", "b6b4")
    page.press("#lesson-move", "Enter")
    done(status)  # three stars: the typo was no try
