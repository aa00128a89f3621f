"""Two players write to each other: the first message from a profile, the count in the other's
header without a reload, and each answer pushed into the open conversation."""

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e


def established(*names: str) -> None:
    """Accounts a month old: past the days a new account writes only to players it played."""
    run_django(
        "from datetime import timedelta\nfrom play.common import clocks\n"
        "from django.contrib.auth import get_user_model\n"
        f"get_user_model().objects.filter(username__in={list(names)!r}).update("
        "date_joined=clocks.now() - timedelta(days=30))"
    )


def test_two_players_write_and_each_answer_is_pushed(browser, server):
    amy, ben = (browser.new_context().new_page() for _ in range(2))
    sign_up(amy, server, "msg-amy")
    sign_up(ben, server, "msg-ben")
    established("msg-amy", "msg-ben")
    ben.evaluate("window.notReloaded = true")
    expect(ben.locator("#letters-count .badge-count")).to_have_text("0")

    amy.goto(server + "/@/msg-ben/")
    amy.click("text=Send a message")
    amy.fill("#id_text", "Hello Ben: a game of Empire tonight?")
    amy.click("main button:has-text('Send')")
    expect(amy).to_have_url(server + "/inbox/msg-ben/")
    expect(amy.locator(".letter.mine")).to_contain_text("a game of Empire tonight?")

    # Ben's header counts it, pushed over his own socket.
    expect(ben.locator("#letters-count .badge-count")).to_have_text("1")
    assert ben.evaluate("window.notReloaded") is True
    ben.click("#letters-count")
    expect(ben.locator(".inbox li.unread")).to_contain_text("msg-amy")
    ben.click(".inbox a:has-text('msg-amy')")
    expect(ben.locator(".letter")).to_contain_text("a game of Empire tonight?")
    expect(ben.locator("#letters-count .badge-count")).to_have_text("0")

    # Each answer is added to the other's open conversation, read there at once.
    amy.evaluate("window.notReloaded = true")
    ben.fill("#id_text", "Gladly, at eight.")
    with amy.expect_response("**/inbox/msg-ben/read/") as read:
        ben.click("main button:has-text('Send')")
    expect(ben.locator(".letter.mine")).to_contain_text("Gladly, at eight.")
    expect(ben.locator("#id_text")).to_have_value("")
    expect(amy.locator(".letter:not(.mine)")).to_contain_text("Gladly, at eight.")
    assert read.value.status == 204
    expect(amy.locator("#letters-count .badge-count")).to_have_text("0")
    amy.fill("#id_text", "See you then.")
    amy.click("main button:has-text('Send')")
    expect(ben.locator(".letter:not(.mine)").last).to_contain_text("See you then.")
    assert amy.evaluate("window.notReloaded") is True
    amy.reload()
    expect(amy.locator(".letter")).to_have_count(3)
