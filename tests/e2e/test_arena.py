"""An arena in the browser: two players join, the sweeper pairs them and both pages open the
game; a resignation ends it on both pages (a link back to the arena, no rematch, no move box)
and moves the standings on a page left open, without a reload; two more join
and everyone free is paired again, nobody with the opponent just played."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e


def joined(browser, server, address: str, name: str):
    """A new player's page on the arena, once they have joined it."""
    page = browser.new_context().new_page()
    sign_up(page, server, name)
    page.goto(address)
    page.click("button:has-text('Join')")
    expect(page.locator(".messages")).to_contain_text("You are in Evening arena")
    return page


def sweep_once() -> None:
    run_django("from django.core.management import call_command; call_command('sweep', '--once')")


def test_players_join_an_arena_are_paired_and_see_the_standings_move(browser, server):
    public_id = run_django(
        "from django.contrib.auth import get_user_model\n"
        "from play.common import clocks\n"
        "from play.tournaments import arenas\n"
        "host = get_user_model().objects.create_user('arena-host')\n"
        "arena = arenas.create(host, name='Evening arena', game_slug='empress', minutes=30,"
        " time_control={'kind': 'live', 'minutes': 3, 'increment': 2}, starts_at=clocks.now())\n"
        "print(arena.public_id)"
    ).strip()
    address = f"{server}/t/{public_id}/"
    pages = {}
    for name in ("are-one", "are-two"):
        pages[name] = joined(browser, server, address, name)
    watcher = browser.new_context().new_page()
    watcher.goto(address)
    watcher.evaluate("window.notReloaded = true")
    for page in pages.values():  # the socket is open before the sweeper pairs them
        expect(page.locator("#standings")).to_contain_text("are-one")
    sweep_once()  # begins and pairs
    for page in pages.values():
        expect(page).to_have_url(re.compile(r"/g/\w+/$"))
        expect(page.locator(".league-of-game")).to_contain_text("Evening arena")
    first_game = pages["are-one"].url
    loser = pages["are-one"]
    loser.once("dialog", lambda dialog: dialog.accept())
    loser.click("button:has-text('Resign')")
    expect(loser.locator("#status")).to_contain_text("wins")
    for page in pages.values():  # the game ended on these pages: nothing more to play in it
        expect(page.get_by_role("link", name="Back to Evening arena")).to_be_visible()
        expect(page.locator("#move-input")).to_be_hidden()
        expect(page.get_by_role("button", name="Offer a rematch")).to_have_count(0)
    for name in ("are-three", "are-four"):  # two more join before the next pass
        pages[name] = joined(browser, server, address, name)
    sweep_once()  # the standings pushed, and the four free players paired
    expect(watcher.locator("#standings tbody tr")).to_have_count(4)
    expect(watcher.locator("#standings tbody tr").first).to_contain_text("are-two")
    expect(watcher.locator("#standings tbody tr").first.locator("td").nth(3)).to_have_text("2")
    expect(watcher.locator("#top-game .mini-board")).to_be_visible()  # a game shown live
    assert watcher.evaluate("window.notReloaded") is True
    for page in pages.values():  # every page sent to its next game
        expect(page).not_to_have_url(first_game)
        expect(page).to_have_url(re.compile(r"/g/\w+/$"))
        expect(page.locator(".league-of-game")).to_contain_text("Evening arena")
    paired = run_django(
        "from play.models import Pairing\n"
        f"for p in Pairing.objects.filter(tournament__public_id='{public_id}').order_by('pk'):\n"
        "    print(p.white.username, p.black.username)"
    ).split("\n")
    later = [set(line.split()) for line in paired[1:] if line]
    assert len(later) == 2 and {"are-one", "are-two"} not in later  # no immediate rematch
