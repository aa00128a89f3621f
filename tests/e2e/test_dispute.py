"""A player reports a misclick; a referee rewinds one ply in the admin; both players see the
ruling and play on."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import PASSWORD, log_in, start_game, type_move

pytestmark = pytest.mark.e2e


def test_a_misclick_is_rewound_by_a_referee(browser, server):
    white, black = start_game(browser, server, "empire-chess", "uma", "vic")
    for ply, (page, move) in enumerate([(white, "d3d4"), (black, "e7e5"), (white, "a3a4")]):
        expect(page.locator("#live")).to_have_attribute("data-ply", str(ply))
        type_move(page, move)
    expect(black.locator("#live")).to_have_attribute("data-ply", "3")

    white.reload()
    white.click("text=Report a problem to a referee")
    white.select_option("#id_category", "misclick")
    white.fill("#id_statement", "My mouse slipped: I meant b3b4, not a3a4.")
    white.click("text=Open the dispute")
    expect(white.locator(".messages")).to_contain_text("Your dispute is open")
    expect(black.locator(".case-line")).to_contain_text("Dispute (misclick / takeback): Open")

    run_django(
        "from django.contrib.auth import get_user_model; from django.core.management import call_command; "
        f"get_user_model().objects.create_user('rex', password='{PASSWORD}'); call_command('make_referee', 'rex')"
    )
    referee = browser.new_context().new_page()
    log_in(referee, server, "rex", "/admin/")
    expect(referee.locator("#site-name")).to_be_visible()
    referee.set_viewport_size({"width": 1280, "height": 900})
    referee.goto(server + "/admin/play/dispute/")
    # The list fits its column: none of it is cut off under the filter.
    listed, beside = (
        referee.locator(sel).bounding_box() for sel in ("#result_list", "#changelist-filter")
    )
    assert listed["x"] + listed["width"] <= beside["x"]
    referee.click("table#result_list tbody th a >> nth=0")
    expect(referee.locator("body")).to_contain_text("My mouse slipped")
    # The case page: the clock in words, steps every font draws, the admin's menu in place.
    expect(referee.locator(".case")).to_contain_text("Clock: No clock.")
    for step in ("« Start", "◀ Back", "Next ▶", "End »"):
        expect(referee.locator("nav[aria-label=Replay]")).to_contain_text(step)
    menu, filter_box = (
        referee.locator(sel).bounding_box() for sel in ("#nav-sidebar .module", "#nav-filter")
    )
    assert filter_box["y"] < menu["y"] and abs(filter_box["x"] - menu["x"]) < 5
    expect(referee.locator("nav[aria-label=Breadcrumbs] ol.breadcrumbs")).to_be_visible()
    referee.click("text=Take the case")
    referee.select_option("#id_kind", "rewind")
    referee.fill("#id_ply", "2")
    referee.fill("#id_reason", "A clear misclick, reported at once: taken back.")
    referee.click("text=Record the ruling")
    expect(referee.locator(".messagelist")).to_contain_text("Ruling recorded")

    for page in (white, black):
        expect(page.locator(".case-line")).to_contain_text("taken back")
        expect(page.locator("#live")).to_have_attribute("data-ply", "2")
    expect(white.locator("#status")).to_have_text("Your turn.")
    type_move(white, "b3b4")
    expect(black.locator(".moves")).to_contain_text("b4")
    expect(black.locator("#status")).to_have_text("Your turn.")
