"""Notifications on a device, in Chromium: a push delivered to the site's service worker over
the DevTools protocol (as a push service would deliver it) shows its notification, unless a
window on its address has the focus; the settings say where this device stands. Headless
Chromium reaches no push service, so `pushManager.subscribe` itself cannot succeed here: the
subscription's POST is tested in tests/play/webpush/test_devices.py."""

import json
import secrets

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM_ARGS, run_django
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e


@pytest.fixture
def device(playwright, server, tmp_path):
    """A browser with a profile of its own (a phone's), notifications allowed for the site,
    a player signed up, the site's keys made (as `make install` makes them)."""
    run_django("from play.webpush import keys; keys.make()")
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
    )
    context.grant_permissions(["notifications"], origin=server)
    page = context.pages[0] if context.pages else context.new_page()
    sign_up(page, server, f"pushed-{secrets.token_hex(4)}")
    # The worker, registered on the sign-up page, may become active while the page after it
    # loads: that page is then not its (claimed too early), and the next one is.
    page.evaluate("navigator.serviceWorker.ready.then(() => null)")
    if page.evaluate("navigator.serviceWorker.controller === null"):
        page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    yield context, page
    context.close()


def registration_of(context, page, server) -> tuple:
    """The DevTools session and the id of the site's worker's registration."""
    cdp = context.new_cdp_session(page)
    found = {}

    def seen(event):
        for registration in event["registrations"]:
            if registration["scopeURL"] == server + "/" and not registration["isDeleted"]:
                found["id"] = registration["registrationId"]

    cdp.on("ServiceWorker.workerRegistrationUpdated", seen)
    cdp.send("ServiceWorker.enable")
    for _ in range(100):  # each round trip lets the session's events in; no waiting on time
        if "id" in found:
            return cdp, found["id"]
        cdp.send("ServiceWorker.enable")
    raise AssertionError("the site's worker was never reported")


def deliver(cdp, server, registration, push: dict) -> None:
    cdp.send("ServiceWorker.deliverPushMessage",
             {"origin": server, "registrationId": registration, "data": json.dumps(push)})  # fmt: skip


# What the worker asks the browser to show, as it asks it. The browser's own list
# (`registration.getNotifications()`) is no witness in headless Chromium: a notification the
# worker showed, its promise resolved, was missing from it for good in 1 run in 4.
WATCH = """() => {
  self.shownHere = [];
  const show = self.registration.showNotification.bind(self.registration);
  self.registration.showNotification = (title, options) => {
    self.shownHere.push({title, body: options.body, tag: options.tag, renotify: options.renotify,
                         url: options.data && options.data.url});
    return show(title, options);
  };
}"""


def watched(context):
    """The site's worker, each notification it shows from now on kept in its `shownHere`."""
    worker = context.service_workers[0] if context.service_workers else None
    worker = worker or context.wait_for_event("serviceworker")
    worker.evaluate(WATCH)
    return worker


def shown(worker, count: int) -> list[dict]:
    """The notifications the worker has shown, once there are `count` (or after 30 s)."""
    return worker.evaluate(
        """async (count) => {
            for (const end = Date.now() + 30000; self.shownHere.length < count && Date.now() < end;) {
                await new Promise((later) => setTimeout(later, 20));
            }
            return self.shownHere;
        }""",
        count,
    )


def test_a_push_shows_its_notification_and_the_next_for_the_game_replaces_it(device, server):
    context, page = device
    cdp, registration = registration_of(context, page, server)
    worker = watched(context)
    push = {"title": "Your turn", "body": "Your turn against ann (Empress).",
            "url": "/g/abcd1234/", "tag": "game-abcd1234"}  # fmt: skip
    deliver(cdp, server, registration, push)
    deliver(cdp, server, registration, push | {"title": "Time running low", "body": "59:00 left."})
    first = {"title": "Your turn", "body": "Your turn against ann (Empress).",
             "tag": "game-abcd1234", "renotify": True, "url": server + "/g/abcd1234/"}  # fmt: skip
    then = first | {"title": "Time running low", "body": "59:00 left."}
    # The same tag: the browser replaces the first with the next, and says it again.
    assert shown(worker, 2) == [first, then]


def test_nothing_is_shown_for_the_page_the_player_is_looking_at(device, server):
    context, page = device
    page.goto(server + "/notifications/")
    page.bring_to_front()
    assert page.evaluate("document.hasFocus()")
    cdp, registration = registration_of(context, page, server)
    worker = watched(context)
    here = {"title": "Your turn", "body": "here", "url": "/notifications/", "tag": "here"}
    elsewhere = {"title": "Your turn", "body": "elsewhere", "url": "/g/efgh5678/", "tag": "there"}
    deliver(cdp, server, registration, here)
    deliver(cdp, server, registration, elsewhere)  # handled after the first, in order
    assert [n["tag"] for n in shown(worker, 1)] == ["there"]


def test_the_settings_say_where_this_device_stands_and_pass_axe(device, server):
    context, page = device
    page.goto(server + "/settings/")
    section = page.locator("#push")
    # Allowed, not yet subscribed: the button to turn it on, and the words saying it is off.
    expect(section.locator("[data-push-on]")).to_be_visible()
    expect(section.locator("[data-push-said]")).to_have_text("This device is not notified.")
    expect(section.locator("text=A message from your opponent")).to_be_visible()
    found = Axe().run(page).response["violations"]
    assert found == [], [(v["id"], [n["html"] for n in v["nodes"]]) for v in found]


def test_notifications_blocked_are_said_clearly(device, server):
    context, page = device
    cdp = context.new_cdp_session(page)
    cdp.send("Browser.setPermission", {"origin": server, "permission": {"name": "notifications"},
                                       "setting": "denied"})  # fmt: skip
    page.goto(server + "/settings/")
    expect(page.locator("#push [data-push-said]")).to_have_text(
        "Notifications are blocked for this site in this browser: allow them in the browser's "
        "settings for this site, then try again."
    )
    expect(page.locator("#push [data-push-on]")).to_be_hidden()
    expect(page.locator("header [data-push-device]")).to_be_hidden()  # the bell stays quiet
