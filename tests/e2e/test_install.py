"""The site installed as an app, in Chromium: nothing keeps it from installing, its service
worker is active, and without the network a page opened is the offline page (styled by the
static files the worker keeps, in the reader's language, passing axe), and a game is never
shown from an old copy."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM_ARGS, run_django
from tests.e2e.helpers import wait_for_answer

pytestmark = pytest.mark.e2e

A_GAME = """
from django.contrib.auth import get_user_model
from play.games import games
User = get_user_model()
ann = User.objects.create_user("inst-ann")
bob = User.objects.create_user("inst-bob")
game = games.join(games.create(ann, "empress", "white", "seek", {}, {"kind": "none"}), bob)
print(game.public_id)
"""


@pytest.fixture
def installed(playwright, server, tmp_path):
    """A browser with a profile of its own, as a phone's is: Chromium says an incognito window
    cannot install (which every context but a persistent one is)."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(server + "/")
    # The worker took this page (clients.claim) once it had kept the static files.
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    yield context, page
    context.close()


def test_chromium_finds_nothing_keeping_the_site_from_installing(installed):
    context, page = installed
    assert page.evaluate("navigator.serviceWorker.ready.then(r => r.active.state)") == "activated"
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and not manifest["errors"]


def test_without_the_network_a_page_is_the_offline_page_and_a_game_never_an_old_copy(
    installed, server
):
    context, page = installed
    game = f"{server}/g/{run_django(A_GAME).strip()}/"
    page.goto(game)
    expect(page.locator("#live")).to_be_visible()
    context.set_offline(True)
    page.goto(game)  # the game the browser showed a moment ago
    expect(page.locator("h1")).to_have_text("No network")
    expect(page.locator("#live")).to_have_count(0)
    assert page.url == game  # the address stays: trying again reloads the game
    # The header's colour is site.css's: the worker kept the static files.
    header = page.locator("header.top")
    assert header.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(43, 33, 24)"
    found = Axe().run(page).response["violations"]
    assert found == [], [violation["id"] for violation in found]
    other = context.new_page()  # another page opened without the network
    other.goto(server + "/tournaments/")
    expect(other.locator("h1")).to_have_text("No network")
    assert other.url == server + "/tournaments/"
    context.set_offline(False)  # the page comes back by itself
    expect(other.locator("html")).not_to_have_attribute("data-offline", "")
    expect(other.locator("h1")).to_have_text("Tournaments")


def test_the_offline_page_is_in_the_language_of_the_last_page_read(installed, server):
    context, page = installed
    page.goto(server + "/learn/?lang=en-xa")
    expect(page.locator("html")).to_have_attribute("lang", "en-xa")
    # The worker fetched the offline page again in that language; it is kept before the
    # next page is read, which the test waits for by asking the cache.
    wait_for_answer(
        page,
        """const kept = await caches.match("/offline/");
        return kept && kept.headers.get("Content-Language") === "en-xa";""",
    )
    context.set_offline(True)
    page.goto(server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en-xa")
    expect(page.locator("html")).to_have_attribute("data-offline", "")
