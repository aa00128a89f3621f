"""A board that arrives late, by socket or as an answer, never replaces a newer one."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import start_game, type_move

pytestmark = pytest.mark.e2e

# What the ws extension does with a pushed message: each element is swapped in by its id.
PUSH = """html => {
    if (!window.htmxApi) htmx.defineExtension("test-api", { init: api => { window.htmxApi = api; } });
    const api = window.htmxApi, settle = api.makeSettleInfo(document.body);
    for (const el of Array.from(api.makeFragment(html).children)) api.oobSwap("true", el, settle);
    api.settleImmediately(settle.tasks);
}"""


def board(revision: int, text: str) -> str:
    return f'<div id="live" hx-swap-oob="true" data-revision="{revision}">{text}</div>'


def test_a_late_push_or_answer_does_not_bring_back_an_older_board(browser, server):
    ann, bob = start_game(browser, server, "empire-chess", "zed", "abe")
    type_move(ann, "d3d4")
    expect(bob.locator("#status")).to_have_text("Your turn.")
    revision = int(bob.locator("#live").get_attribute("data-revision"))

    bob.evaluate(PUSH, board(revision - 1, "an older board"))
    expect(bob.locator("#status")).to_have_text("Your turn.")
    bob.evaluate(PUSH, board(revision + 1, "a newer board"))
    expect(bob.locator("#live")).to_have_text("a newer board")

    # The answer to a move (here made up: the server never sees it), arriving after a push of
    # what came next.
    older = ann.locator("#live").evaluate("live => live.outerHTML")
    ann.route(re.compile(r".*/move/$"), lambda route: route.fulfill(body=older))
    ann.evaluate(
        "r => { document.getElementById('live').dataset.revision = r; }", str(revision + 1)
    )
    ann.evaluate(
        "() => document.body.addEventListener('htmx:afterRequest', () => { window.answered = 1; })"
    )
    type_move(ann, "e3e4")
    ann.wait_for_function("() => window.answered", timeout=10_000)
    expect(ann.locator("#live")).to_have_attribute("data-revision", str(revision + 1))
