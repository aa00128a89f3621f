"""Clubs in the browser: a club founded from its form, a player's request accepted by its
leader, a members-only arena made from the site's form, played and its standings moved; and
a battle between two clubs of three players each, paired across the clubs, with the clubs'
table."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import ESTABLISHED, PASSWORD, log_in, no_violations, sign_up

pytestmark = pytest.mark.e2e


def sweep_once() -> None:
    run_django("from django.core.management import call_command; call_command('sweep', '--once')")


def test_a_club_founded_a_member_accepted_and_its_arena_played(browser, server):
    run_django(ESTABLISHED + "established('club-zoe')")
    leader = browser.new_context().new_page()
    log_in(leader, server, "club-zoe")
    leader.goto(server + "/clubs/")
    leader.click("text=Found a club")
    leader.fill("#id_name", "Evening Circle")
    leader.fill("#id_description", "We play **Empress** in the evening.")
    leader.check("input[name=games][value=empress]")
    leader.check("input[name=admission][value=request]")
    leader.fill("#id_question", "Which game do you like best?")
    leader.click("text=Found the club")
    expect(leader).to_have_url(server + "/club/evening-circle/")
    expect(leader.locator("h1")).to_have_text("Evening Circle")
    expect(leader.locator(".written strong")).to_have_text("Empress")
    no_violations(leader)

    member = browser.new_context().new_page()
    sign_up(member, server, "club-amy")
    member.goto(server + "/club/evening-circle/")
    member.fill("textarea[name=answer]", "Empress, of course.")
    member.click("text=Ask to join")
    expect(member.locator(".messages")).to_contain_text("Your request is sent")

    leader.goto(server + "/club/evening-circle/")
    leader.click("text=1 request to join")
    expect(leader.locator(".requests")).to_contain_text("Empress, of course.")
    no_violations(leader)
    leader.click("button:has-text('Accept')")
    expect(leader.locator("main")).to_contain_text("No one is asking to join.")
    member.goto(server + "/club/evening-circle/")
    expect(member.locator("main")).to_contain_text("You are a member.")

    # A members-only arena, from the site's form, the club chosen.
    leader.goto(server + "/club/evening-circle/")
    leader.click("text=a new arena")
    expect(leader.locator("#id_club")).to_have_value("evening-circle")
    leader.fill("#id_name", "Circle arena")
    leader.fill("#id_duration", "30")
    leader.fill("#id_starts_in", "0")
    leader.click("text=Make the arena")
    expect(leader.locator("main")).to_contain_text("For the members of Evening Circle.")
    arena = leader.url
    outsider = browser.new_context().new_page()
    sign_up(outsider, server, "club-out")
    outsider.goto(arena)
    outsider.click("button:has-text('Join')")
    expect(outsider.locator("main")).to_contain_text("This is for the members of Evening Circle")
    for page in (leader, member):
        page.goto(arena)
        page.click("button:has-text('Join')")
        expect(page.locator(".messages")).to_contain_text("You are in Circle arena")
    expect(member.locator("#standings")).to_contain_text("club-zoe")  # its socket is open
    sweep_once()  # begins and pairs
    for page in (leader, member):
        expect(page).to_have_url(re.compile(r"/g/\w+/$"))
    member.once("dialog", lambda dialog: dialog.accept())
    member.click("button:has-text('Resign')")
    expect(member.locator("#status")).to_contain_text("wins")
    sweep_once()  # the standings pushed
    leader.goto(arena)
    expect(leader.locator("#standings tbody tr").first).to_contain_text("club-zoe")
    expect(leader.locator("#standings tbody tr").first.locator("td").nth(3)).to_have_text("2")
    leader.goto(server + "/club/evening-circle/")
    expect(leader.locator("#events-h + p + ul")).to_contain_text("Circle arena")


def test_a_battle_between_two_clubs_of_three(browser, server):
    public_id = run_django(
        ESTABLISHED
        + """
from play.tournaments import arenas
hosts = {}
for club, prefix in (("North Club", "bn"), ("South Club", "bs")):
    leader = established(prefix + "-lead")
    hosts[club] = clubs.found(leader, name=club, description="A club.", games=["empress"],
        language="en", admission="open", question="", forum="public")
    for i in range(2):
        clubs.join(User.objects.create_user(f"{prefix}-{i}", password=PASSWORD), hosts[club])
north_leader = User.objects.get(username="bn-lead")
battle = arenas.create(north_leader, name="North v South", game_slug="empress", minutes=30,
    time_control={"kind": "live", "minutes": 3, "increment": 2}, starts_at=clocks.now(),
    club=hosts["North Club"], battle=(["South Club"], 2))
print(battle.public_id)
""".replace("PASSWORD", repr(PASSWORD))
    ).strip()
    address = f"{server}/t/{public_id}/"
    names = ["bn-lead", "bn-0", "bn-1", "bs-lead", "bs-0", "bs-1"]
    pages = {}
    for name in names:
        page = browser.new_context().new_page()
        log_in(page, server, name)
        page.goto(address)
        page.click("button:has-text('Join')")
        expect(page.locator(".messages")).to_contain_text("You are in North v South")
        pages[name] = page
    watcher = browser.new_context().new_page()
    watcher.goto(address)
    expect(watcher.locator("#battle-h")).to_contain_text("its best 2 players")
    no_violations(watcher)
    for page in pages.values():
        expect(page.locator("#standings")).to_contain_text("bn-lead")  # its socket is open
    sweep_once()  # begins and pairs
    for page in pages.values():
        expect(page).to_have_url(re.compile(r"/g/\w+/$"))
    paired = run_django(
        "from play.models import Pairing\n"
        f"for p in Pairing.objects.filter(tournament__public_id='{public_id}'):\n"
        "    print(p.white.username[:2], p.black.username[:2])"
    ).split()
    assert len(paired) == 6 and all(
        {paired[i], paired[i + 1]} == {"bn", "bs"} for i in range(0, 6, 2)
    )  # every game across the two clubs
    for name in ("bs-lead", "bs-0", "bs-1"):  # the South resigns every game
        pages[name].once("dialog", lambda dialog: dialog.accept())
        pages[name].click("button:has-text('Resign')")
        expect(pages[name].locator("#status")).to_contain_text("wins")
    sweep_once()  # the standings pushed
    first = watcher.locator("#standings table").first.locator("tbody tr")
    expect(first.nth(0)).to_contain_text("North Club")
    expect(first.nth(0).locator("td").nth(1)).to_have_text("4")  # its best two: 2 and 2
    expect(first.nth(1)).to_contain_text("South Club")
    expect(first.nth(1).locator("td").nth(1)).to_have_text("0")
