"""A championship in the browser: four players join a small league, its first edition
begins by itself, its games are played by correspondence to their end (one by moves and a
resignation, one lost on time: the stored deadline moved back as days passing would move
it), the tables show who goes up and down, pushed to a group page left open, and the next
edition begins a week on."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import sign_up, type_move

pytestmark = pytest.mark.e2e
NAMES = ("lea-one", "lea-two", "lea-three", "lea-four")
LEAGUE = "/championships/empress-e2e/"


def sweep_once() -> None:
    run_django("from django.core.management import call_command; call_command('sweep', '--once')")


def test_a_small_league_plays_an_edition_to_its_end_and_the_next_begins(browser, server):
    run_django(
        "from play.models import Championship\n"
        "Championship.objects.create(slug='empress-e2e', name='Empress test league',"
        " game_slug='empress', time_control={'kind': 'days', 'days': 3}, group_min=2,"
        " group_max=2, width=1, promoted=1, relegated=1, relegated_full=1, rest_days=7)"
    )
    pages = {}
    for name in NAMES:
        page = browser.new_context().new_page()
        sign_up(page, server, name)
        page.goto(server + LEAGUE)
        page.click("button:has-text('Join the Empress test league')")
        expect(page.locator(".messages")).to_contain_text("You are in the Empress test league")
        pages[name] = page
    # Ratings that put the first two in division 1; no vacation days to cover a lapse.
    run_django(
        "from play.models import Rating, Profile, Championship\n"
        "from django.contrib.auth import get_user_model\n"
        "from play.common import clocks\n"
        f"for i, name in enumerate({NAMES!r}):\n"
        "    user = get_user_model().objects.get(username=name)\n"
        "    Rating.objects.create(user=user, game_slug='empress', speed='correspondence',"
        " rating=2000 - 100 * i, rd=60)\n"
        "    Profile.objects.update_or_create(user=user, defaults={'vacation_days': 0,"
        " 'vacation_year': clocks.now().year})\n"
        "Championship.objects.filter(slug='empress-e2e').update(first_edition_at=clocks.now())"
    )
    sweep_once()
    one, two, three, four = (pages[n] for n in NAMES)
    one.goto(server + LEAGUE)
    expect(one.locator("h1")).to_contain_text("Edition 1")
    division_1 = one.locator("section", has=one.locator("h2", has_text="Division 1"))
    expect(division_1).to_contain_text("lea-one")
    expect(division_1).to_contain_text("lea-two")
    # The group's page, left open by lea-two: its table follows the game without a reload.
    two.goto(server + LEAGUE)
    two.locator("section", has=two.locator("h2", has_text="Division 1")).locator(
        "a", has_text="Group 1"
    ).click()
    expect(two.locator("#standings")).to_contain_text("in play")
    two.evaluate("window.notReloaded = true")
    # Division 1, played from the dashboard (lea-one, rated higher, has White): a move each
    # way by correspondence, each confirmed, then a resignation.
    one.goto(server + "/")
    one.locator(".games a", has_text="Empress").first.click()
    expect(one.locator(".league-of-game")).to_contain_text("Division 1, group 1")
    opponent = two.context.new_page()
    opponent.goto(one.url)
    for page, move in ((one, "Q@a1"), (opponent, "Q@a2")):
        expect(page.locator("#status")).to_have_text("Your turn.")
        type_move(page, move)
        page.click(".confirm button:has-text('Confirm')")
    expect(one.locator("#status")).to_have_text("Your turn.")
    one.once("dialog", lambda dialog: dialog.accept())
    one.click("button:has-text('Resign')")
    expect(two.get_by_role("link", name="lea-two against lea-one: won")).to_have_text("1")
    expect(two.locator("#standings")).to_contain_text("▼ down")
    assert two.evaluate("window.notReloaded") is True
    # Division 2 ends on time: nobody moves, and the deadline passes.
    run_django(
        "from datetime import timedelta\n"
        "from play.common import clocks\n"
        "from play.models import Game\n"
        "Game.objects.filter(league_group__tier=2, status='active')"
        ".update(deadline=clocks.now() - timedelta(seconds=1))"
    )
    sweep_once()  # the timeout, then the edition's end
    sweep_once()
    three.goto(server + LEAGUE)
    expect(three.locator("h1")).to_contain_text("Edition 1")
    expect(three.locator("main")).to_contain_text("won by lea-two")
    expect(three.locator("main")).to_contain_text("▲ promoted")
    expect(three.locator("main")).to_contain_text("▼ relegated")
    assert not Axe().run(three).response["violations"]
    three.goto(server + "/notifications/")
    expect(three.locator("main")).to_contain_text("Edition 1 of the Empress test league has ended")
    # A week on, the next edition: the promoted player up, the relegated one down.
    run_django(
        "from datetime import timedelta\n"
        "from play.common import clocks\n"
        "from play.models import Edition\n"
        "Edition.objects.filter(championship__slug='empress-e2e')"
        ".update(next_at=clocks.now() - timedelta(seconds=1))"
    )
    sweep_once()
    four.goto(server + LEAGUE)
    expect(four.locator("h1")).to_contain_text("Edition 2")
    division_1 = four.locator("section", has=four.locator("h2", has_text="Division 1"))
    expect(division_1).to_contain_text("lea-two")
    expect(division_1).not_to_contain_text("lea-one")
    four.locator("a", has_text="Group 1").first.click()
    assert not Axe().run(four).response["violations"]
