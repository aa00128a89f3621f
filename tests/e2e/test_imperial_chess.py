"""Imperial Chess in two browsers: an opening with a ride, a deployment and a Catapult shot;
and a full charge composed on the board, part by part."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import start_game, type_move

pytestmark = pytest.mark.e2e


def click(page, origin, target):
    page.click(f'[data-square="{origin}"]')
    page.locator(f'g.selected[data-square="{origin}"]').wait_for()
    page.click(f'[data-square="{target}"]')


def wait_turn(page, ply):
    expect(page.locator("#live")).to_have_attribute("data-ply", str(ply))


def test_an_opening_with_a_ride_a_deployment_and_a_shot(browser, server):
    white, black = start_game(browser, server, "imperial-chess", "ora", "pim")
    # The Prince leaps d2-f5 and the Princess beside him rides along to g5.
    click(white, "d2", "f5")
    white.get_by_role("button", name="d2 to f5, the Lady on e2 riding along").click()
    wait_turn(black, 1)
    expect(black.locator('[data-square="g5"]')).to_have_attribute(
        "aria-label", "g5, White Princess"
    )
    expect(black.locator('[data-square="e2"]')).to_have_attribute("aria-label", "e2, empty")
    black.get_by_role("button", name="Deploy rank 10").click()
    wait_turn(white, 2)
    expect(white.locator('[data-square="d9"]')).to_have_attribute("aria-label", "d9, Black Pawn")
    click(white, "d1", "d2")  # the Catapult steps up
    wait_turn(black, 3)
    click(black, "d11", "f8")
    black.get_by_role("button", name="d11 to f8", exact=True).click()  # no ride this time
    wait_turn(white, 4)
    type_move(white, "a3a4")
    wait_turn(black, 5)
    click(black, "f8", "d5")
    wait_turn(white, 6)
    white.click('[data-square="d2"]')
    expect(white.locator('[data-square="d5"]')).to_have_attribute(
        "aria-label", "d5, Black Prince, last move, shoot here"
    )
    expect(white.locator('[data-square="d5"] .crosshair')).to_have_count(2)
    white.click('[data-square="d5"]')
    for page in (white, black):
        expect(page.locator(".moves")).to_contain_text("d2*d5")
        expect(page.locator('.captured [title="Black Prince"]')).to_have_count(1)


CHARGE = "11e/4m7/12/12/12/wwwwww6/WWWWWW6/12/12/12/12/6J5[] w 0 20"


def test_a_full_charge_through_the_composer(browser, server):
    white, black = start_game(browser, server, "imperial-chess", "quin", "rho")
    public_id = white.url.rstrip("/").split("/")[-1]
    run_django(
        "from play.models import Game; from django.db.models import F; "
        f"Game.objects.filter(public_id='{public_id}').update("
        f"initial_position='{CHARGE}', position='{CHARGE}', revision=F('revision') + 1)"
    )
    white.reload()
    white.get_by_role("button", name="Announce charge").click()
    owing = white.locator(".charge p", has_text="Files still owing")
    expect(owing).to_contain_text("a, b, c, d, e, f, g")

    def add(origin, target):
        """Add a part, and wait to see it confirmed before the next."""
        click(white, origin, target)
        expect(white.locator(".charge")).to_contain_text(origin + target)

    for origin, target in [("a6", "a7"), ("b6", "b7"), ("c6", "d7")]:
        add(origin, target)
    expect(white.locator(".charge")).to_contain_text("a6a7, b6b7, c6d7")
    expect(owing).to_contain_text("d, e, f, g")
    white.get_by_role("button", name="Undo last").click()  # c6 should take straight ahead
    expect(white.locator(".charge")).not_to_contain_text("c6d7")
    expect(white.get_by_role("button", name="Submit charge")).to_be_disabled()
    for origin, target in [("c6", "c7"), ("d6", "d7"), ("e6", "e7"), ("f6", "f7"), ("g1", "g3")]:
        add(origin, target)
    expect(white.locator(".charge")).to_contain_text("Every file has moved.")
    white.get_by_role("button", name="Submit charge").click()
    expect(black.locator(".moves")).to_contain_text("a6a7,b6b7,c6c7,d6d7,e6e7,f6f7,g1g3")
    expect(black.locator("#status")).to_have_text("Your turn.")
    expect(black.locator(".captured [title='Black Pawn']")).to_have_count(6)
