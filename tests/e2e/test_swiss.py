"""Swiss events in the browser: three players through three rounds, one of them with a bye
each round, the standings moving on a page left open; and a correspondence Swiss whose
organiser starts its second round from its page."""

import re
import time

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e


# The sweeper's pass now (a round over: the next one's time set), and again once the pause
# between rounds is over (the next round paired; or, after the last, the Swiss ended). The
# pause is skipped, not slept through: a pass in the future would find the games unbegun.
def sweep_past_the_pause(public_id: str, first: bool = False) -> None:
    run_django(
        "from play.push import relay\n"
        "relay.forward_from_this_process()  # its pushes to the server, as the sweeper's go\n"
        "from play.common import clocks\n"
        "from play.models import Tournament\n"
        "from play.tournaments import schedule\n"
        f"swiss = Tournament.objects.filter(public_id='{public_id}')\n"
        + ("swiss.update(starts_at=clocks.now())  # its hour has come\n" if first else "")
        + "schedule.sweep(clocks.now())\n"
        "swiss.exclude(next_round_at=None).update(next_round_at=clocks.now())\n"
        "schedule.sweep(clocks.now())\n"
    )


def joined(browser, server, address: str, name: str, tournament: str):
    page = browser.new_context().new_page()
    sign_up(page, server, name)
    page.goto(address)
    page.click("button:has-text('Join')")
    expect(page.locator(".messages")).to_contain_text(f"You are in {tournament}")
    return page


def listening(pages, address: str) -> None:
    """Each player on the tournament's page, its sockets open (theirs, and the page's)."""
    for page in pages:
        page.goto(address)
        expect(page.locator("body")).to_have_attribute("data-sockets-open", re.compile("[2-9]"))


def sent_to_their_games(pages, count: int) -> list:
    """The pages the round's pairing sent to a game (waiting until `count` have gone)."""
    deadline = time.monotonic() + 15
    while len(playing := [p for p in pages if re.search(r"/g/\w+/$", p.url)]) < count:
        assert time.monotonic() < deadline, [p.url for p in pages]
        pages[0].wait_for_timeout(100)
    return playing


def test_three_rounds_with_a_bye_each_round(browser, server):
    public_id = run_django(
        "from datetime import timedelta\n"
        "from django.contrib.auth import get_user_model\n"
        "from play.common import clocks\n"
        "from play.tournaments import swisses\n"
        "host = get_user_model().objects.create_user('swiss-host')\n"
        "swiss = swisses.create(host, name='Night Swiss', game_slug='empire-chess', rounds=3,"
        " pacing='auto', time_control={'kind': 'live', 'minutes': 3, 'increment': 2},"
        " starts_at=clocks.now() + timedelta(minutes=1))\n"
        "print(swiss.public_id)"
    ).strip()
    address = f"{server}/t/{public_id}/"
    pages = [joined(browser, server, address, name, "Night Swiss")
             for name in ("sw-one", "sw-two", "sw-three")]  # fmt: skip
    watcher = browser.new_context().new_page()
    watcher.goto(address)
    expect(watcher.locator("#standings tbody tr")).to_have_count(3)
    watcher.evaluate("window.notReloaded = true")
    for number in (1, 2, 3):
        listening(pages, address)
        sweep_past_the_pause(public_id, first=number == 1)
        playing = sent_to_their_games(pages, 2)
        assert len(playing) == 2  # the third sits the round out with a bye
        loser = playing[1]
        loser.once("dialog", lambda dialog: dialog.accept())
        loser.click("button:has-text('Resign')")
        expect(loser.locator("#status")).to_contain_text("wins")
    sweep_past_the_pause(public_id)  # the last round over: the Swiss ends
    rows = watcher.locator("#standings tbody tr")
    expect(rows.locator(".bye")).to_have_count(3)  # a bye each, over the three rounds
    assert watcher.evaluate("window.notReloaded") is True
    watcher.reload()
    expect(watcher.locator(".podium li")).to_have_count(3)
    report = watcher.request.get(f"{address}report.trf").text()
    assert report.count("\n001 ") == 3 and "XXR 3" in report


def test_the_organiser_starts_a_correspondence_round(browser, server):
    host = browser.new_context().new_page()
    sign_up(host, server, "corr-host")
    host.goto(server + "/tournaments/new/swiss/")
    host.fill("#id_name", "Winter Swiss")
    host.select_option("#id_game", "imperial-chess")
    host.select_option("#id_time_control", "days")
    host.fill("#id_rounds", "3")
    host.select_option("#id_pacing", "manual")
    host.fill("#id_starts_in", "0")
    host.click("button:has-text('Make the Swiss')")
    expect(host.locator("h1")).to_have_text("Winter Swiss")
    public_id = host.url.rstrip("/").rsplit("/", 1)[1]
    run_django(
        "from django.contrib.auth import get_user_model\n"
        "from play.common import clocks\n"
        "from play.games import games\n"
        "from play.models import Game, Tournament\n"
        "from play.tournaments import entries, schedule\n"
        f"swiss = Tournament.objects.get(public_id='{public_id}')\n"
        "for name in ('corr-a', 'corr-b', 'corr-c', 'corr-d'):\n"
        "    entries.join(swiss, get_user_model().objects.create_user(name))\n"
        "schedule.sweep(clocks.now())\n"
        "for game in Game.objects.filter(tournament=swiss):\n"
        "    games.resign(game, game.player(1))\n"
    )
    host.reload()
    expect(host.locator("#when")).to_contain_text("Round 1 of 3")
    expect(host.locator("#when")).to_contain_text("the organiser starts the next round")
    host.click("button:has-text('Start round 2')")
    expect(host.locator(".messages")).to_contain_text("The round has begun")
    expect(host.locator("#when")).to_contain_text("Round 2 of 3")
    expect(host.locator("ul.games li:has-text('Round 2 ·')")).to_have_count(2)
    expect(host.locator("#standings tbody tr").first.locator(".sheet")).to_contain_text("1 *")
