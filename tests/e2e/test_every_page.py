"""Every page a player opens, logged out and logged in (a game of each kind in play, analysis,
studies, the rules, the referee's desk), and pages showing a flash message: axe-core finds no
violation of its rules, and on a 390 px phone no page is wider than the screen."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import rules
from play.learn import lessons
from play.puzzles import catalogue
from tests.e2e import helpers
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e
SLUGS = [g.slug for g in rules.games()]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def games_in_play(server):
    """A game of each kind in play between two players made here, a few moves in, and a
    study: their addresses."""
    then = """
from play.models import Study
study = Study.objects.create(owner=ann, game_slug="empire-chess", title="Axe", start="",
    tree="d3d4 e7e5 (e7e6)", updated_at=game.created_at)
print("study", study.token)
print("invitation", games.create(ann, "empress", "white", "invite").public_id)
from play.common import clocks
from play.tournaments import arenas, entries
arena = arenas.create(ann, name="Axe arena", game_slug="empress", minutes=30,
    time_control={"kind": "live", "minutes": 3, "increment": 2}, starts_at=clocks.now())
entries.join(arena, bob)
print("arena", arena.public_id)
from play.tournaments import chat, schedule, swisses
swiss = swisses.create(ann, name="Axe Swiss", game_slug="empire", rounds=3, pacing="auto",
    time_control={"kind": "live", "minutes": 5, "increment": 3}, starts_at=clocks.now())
for user in (ann, bob, User.objects.get_or_create(username="axe-cy")[0]):
    entries.join(swiss, user)
schedule.sweep(clocks.now())  # round 1: a game and a bye
chat.post(swiss, bob, "Good luck")
print("swiss", swiss.public_id)
from play.inbox import inbox
inbox.send(bob, ann, "Good game! The analysis: https://example.org/empire")
from play.models import Club, JoinRequest, Membership
# Made once for the test database: another module (test_languages.py) sets this up again.
club, _ = Club.objects.get_or_create(slug="axe-club", defaults=dict(name="Axe Circle",
    games=["empress"], language="en", admission="request", question="Why?", founded_by=ann,
    founded_at=clocks.now(), members_count=2,
    description="We play **Empress**.\\n\\n```empress The start\\n8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] w 0 1\\n```"))
Membership.objects.get_or_create(club=club, user=ann, defaults=dict(leader=True, joined_at=clocks.now()))
Membership.objects.get_or_create(club=club, user=bob, defaults=dict(joined_at=clocks.now()))
Club.objects.get_or_create(slug="axe-rivals", defaults=dict(name="Axe Rivals", games=["empress"],
    language="en", description="Rivals.", founded_by=bob, founded_at=clocks.now()))
JoinRequest.objects.get_or_create(club=club, user=User.objects.get(username="axe-cy"),
    defaults=dict(answer="Fun", created_at=clocks.now()))
battle = arenas.create(ann, name="Axe Battle", game_slug="empress", minutes=30, club=club,
    time_control={"kind": "live", "minutes": 3, "increment": 2}, starts_at=clocks.now(),
    battle=(["Axe Rivals"], 3))
entries.join(battle, bob)
print("battle", battle.public_id)
from play.forum import forum
from play.models import Board, Post, Thread
talk = Thread.objects.create(board=Board.objects.get(slug="general"), title="Axe Thread",
    author=ann, created_at=clocks.now(), last_post_at=clocks.now(), posts_count=2)
Post.objects.create(thread=talk, number=1, author=ann, created_at=clocks.now(),
    text="**Axe**:\\n\\n```empress The start\\n8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] w 0 1\\n```")
Post.objects.create(thread=talk, number=2, author=bob, created_at=clocks.now(),
    text="> **@axe-ann:**\\n> Look\\n\\nNice.")
print("thread", talk.pk)
print("post", talk.posts.get(number=1).pk)
print("bobpost", talk.posts.get(number=2).pk)
mine = Thread.objects.create(board=forum.board_of(club), title="Axe Topic", author=ann,
    created_at=clocks.now(), last_post_at=clocks.now(), posts_count=0)
print("clubthread", mine.pk)
from play.models import Review
from tests.play.review.played import finished
reviewed = finished(ann, bob, "empire-chess", plies=6)
texts = [reviewed.initial_position, *reviewed.moves.values_list("position_after", flat=True)]
rows = [[ply % 2, [0, -1, 2.5, -0.5, 3, -4, 6][ply], None, "a1a2" if ply % 2 else ""]
        for ply in range(len(texts))]
Review.objects.create(game=reviewed, requested_by=ann, status="done", positions=len(texts),
    ended_on=reviewed.position,
    evaluations=rows, scale=0.5, created_at=clocks.now(), finished_at=clocks.now())
print("reviewed", reviewed.public_id)
"""
    return helpers.games_in_play("axe-ann", "axe-bob", then=then)


def logged_out_pages(in_play):
    return [
        "/", "/login/", "/signup/", "/computer/", "/password/reset/", "/appeal/",
        "/privacy/",
        *(f"/rules/{slug}/" for slug in SLUGS),
        *(f"/analysis/{slug}/" for slug in SLUGS),
        "/analysis/empire/?explorer=1", "/analysis/empire-chess/?explorer=1&speed=live",
        *(f"/leaderboard/{slug}/" for slug in SLUGS),
        *(f"/g/{in_play[slug]}/" for slug in SLUGS),
        f"/g/{in_play['reviewed']}/",
        f"/study/{in_play['study']}/",
        "/learn/", "/learn/empress/", "/puzzles/", "/championships/",
        "/championships/empress-3-days/", "/championships/empire-cup/", "/tournaments/", "/api/",
        f"/t/{in_play['arena']}/", f"/t/{in_play['swiss']}/", f"/t/{in_play['battle']}/",
        "/clubs/", "/club/axe-club/", "/forum/", "/forum/general/",
        f"/forum/general/{in_play['thread']}/", "/forum/search/?q=axe",
        "/games/search/", "/games/search/?player=axe-ann", "/games/search/?rating_min=x",
        *(f"/learn/{slug}/{lessons.keys(slug)[0]}/" for slug in SLUGS),  # each game's board
        f"/puzzles/empress/{catalogue.puzzles('empress')[0].id}/",
    ]  # fmt: skip


def logged_in_pages(in_play):
    return [
        "/", "/new/", "/pool/", "/settings/", "/notifications/", "/import/", "/@/axe-ann/",
        "/@/axe-bob/", "/password/change/", "/tournaments/new/", "/tournaments/new/swiss/",
        "/settings/tokens/", "/inbox/", "/inbox/axe-bob/", "/@/axe-bob/report/",
        "/relations/following/", "/account/moderation/", "/settings/two-factor/",
        "/settings/delete/", "/clubs/", "/clubs/new/", "/club/axe-club/",
        "/club/axe-club/requests/", "/club/axe-club/describe/", "/club/axe-club/write/",
        "/championships/new/?club=axe-club", f"/t/{in_play['battle']}/",
        "/forum/", f"/forum/general/{in_play['thread']}/", f"/forum/post/{in_play['post']}/edit/",
        "/forum/club-axe-club/", f"/forum/club-axe-club/{in_play['clubthread']}/",
        f"/@/axe-bob/report/?post={in_play['bobpost']}",
        f"/t/{in_play['arena']}/", f"/t/{in_play['swiss']}/", f"/g/{in_play['invitation']}/",
        *(f"/g/{in_play[slug]}/" for slug in SLUGS),
        f"/g/{in_play['reviewed']}/",
        *(f"/analysis/{slug}/?game={in_play[slug]}" for slug in SLUGS),
        f"/study/{in_play['study']}/",
    ]  # fmt: skip


def violations(axe, page, path) -> list[str]:
    """axe-core's violations on the page as it stands, each with its first places."""
    found = []
    for violation in axe.run(page).response["violations"]:
        targets = [node["target"] for node in violation["nodes"]][:3]
        found.append(f"{path}: {violation['id']} ({len(violation['nodes'])}) {targets}")
    return found


def survey(page, server, paths) -> list[str]:
    """What is wrong on each page: axe-core's violations, and a page wider than a phone."""
    axe, found = Axe(), []
    for path in paths:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(server + path)
        expect(page.locator("main")).to_be_visible()
        found += violations(axe, page, path)
        page.set_viewport_size(PHONE)
        page.reload()
        expect(page.locator("main")).to_be_visible()
        found += too_wide(page, path)
    return found


def too_wide(page, path) -> list[str]:
    """The page as drawn, if it is wider than the phone it is drawn on."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    return (
        [f"{path}: {wide} px wide on a {PHONE['width']} px phone"] if wide > PHONE["width"] else []
    )


def test_every_page_logged_out(browser, server, games_in_play):
    page = browser.new_context().new_page()
    found = survey(page, server, logged_out_pages(games_in_play))
    assert not found, "\n".join(found)


def test_every_page_logged_in(browser, server, games_in_play):
    page = browser.new_context().new_page()
    page.goto(server + "/login/")
    page.fill("#id_username", "axe-ann")
    page.fill("#id_password", "a-long-passphrase")
    page.click("main button[type=submit]")
    expect(page).to_have_url(server + "/")
    found = survey(page, server, logged_in_pages(games_in_play))
    assert not found, "\n".join(found)


def test_a_new_players_pages(browser, server):
    page = browser.new_context().new_page()
    sign_up(page, server, "axe-new")
    found = survey(page, server, ["/", "/@/axe-new/", "/notifications/"])
    assert not found, "\n".join(found)


def test_pages_with_a_flash_message_or_a_forms_errors(browser, server, games_in_play):
    """The message a form's answer leaves on the page it leads to (joining the arena and the
    Swiss, saving the settings), and a form's errors said above it."""
    page = browser.new_context().new_page()
    sign_up(page, server, "axe-dee")

    def refused_arena():
        page.fill("#id_name", "Shuffled")
        page.select_option("#id_game", "imperial-shuffle")  # undealt: a tournament refuses it

    axe, found = Axe(), []
    for path, fill, button, shown in [
        (f"/t/{games_in_play['arena']}/", None, "Join", ".messages"),
        (f"/t/{games_in_play['swiss']}/", None, "Join", ".messages"),
        ("/settings/", None, "Save", ".messages"),
        ("/tournaments/new/", refused_arena, "Make the arena", ".errorlist"),
    ]:
        page.goto(server + path)
        if fill:
            fill()
        page.click(f"main button:has-text('{button}')")
        expect(page.locator(shown)).to_be_visible()
        found += violations(axe, page, path)
    assert not found, "\n".join(found)
