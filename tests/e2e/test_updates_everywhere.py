"""Each game in the browser, as its players and a spectator see it: every move's update applied
in the page from the first ply, one missed on purpose by each page, and then each page shows
exactly what a fresh load of it shows. Clicks play on the updated board."""

import random

import pytest
from playwright.sync_api import expect

import rules
from tests.e2e.conftest import run_django
from tests.e2e.helpers import start_game, type_move

pytestmark = pytest.mark.e2e

# What a page shows of #live, to compare: each element's name, attributes and children, text
# with its spaces run together; a clock's time (the moment it was drawn), which update the
# marks came with, and htmx's own marks left out; Empire's stones in any order (a page draws them
# by point, an update adds each at the end).
SHOWN = """() => {
  function shown(node) {
    if (node.nodeType === Node.TEXT_NODE) return node.data.split(/\\s+/).filter(Boolean).join(" ") || null;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    var attrs = Array.from(node.attributes)
      .filter(function (a) {
        var marks = node.id === "live-revision" && (a.name === "data-update-base" || a.name === "data-ply");
        return !marks && a.name.indexOf("htmx") < 0;
      })
      .map(function (a) {
        var value = a.name !== "class" ? a.value : a.value.split(" ").filter(function (c) {
          return c.indexOf("htmx-") !== 0;
        }).join(" ");
        return a.name + "=" + value;
      })
      .sort();
    var clock = node.classList && node.classList.contains("clock");
    var kids = clock ? [] : Array.from(node.childNodes).map(shown).filter(function (k) { return k !== null; });
    if (node.id === "stones") kids.sort();
    return node.localName + "[" + attrs.join(" ") + "](" + kids.join("") + ")";
  }
  return shown(document.getElementById("live"));
}"""
# The next push the game's socket brings is dropped, as if lost on the way.
DROP_NEXT = """() => document.addEventListener("htmx:wsBeforeMessage", function dropped(event) {
  document.removeEventListener("htmx:wsBeforeMessage", dropped, true);
  event.preventDefault();
  event.stopImmediatePropagation();
}, true)"""
PLIES = 8


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_updates_from_the_first_ply_with_a_push_missed_show_what_a_fresh_load_shows(
    browser, server, slug
):
    arranged = slug == "imperial-shuffle"
    begun = "Arrange your pieces" if arranged else "Your turn."
    white, black = start_game(
        browser, server, slug, *(slug.replace("-", "")[:12] + side for side in "wb"), begun=begun
    )
    if arranged:  # each player deals at random and submits
        for page in (white, black):
            page.click("text=Random arrangement")
            page.click("text=Submit arrangement")
        expect(white.locator(".moves")).to_contain_text("No moves yet")
    # Each player's other page, and a spectator's: each misses a push on purpose.
    others = [white.context.new_page(), black.context.new_page(), browser.new_context().new_page()]
    for page in others:
        page.goto(white.url)
        expect(page.locator("body")).to_have_attribute("data-game-socket", "open")
    pages, game, rng = (white, black, *others), rules.get(slug), random.Random(slug)
    for page in pages:
        page.evaluate("window.notReloaded = true")
    public_id = white.url.rstrip("/").rsplit("/", 1)[1]
    position = run_django(
        f"from play.models import Game; print(Game.objects.get(public_id='{public_id}').position)"
    )
    state = game.parse(position.strip())
    for ply in range(PLIES):
        mover = pages[game.to_move(state)]
        # A page misses this move's push: the next update does not fit it, and it catches up.
        missing = dict(zip((2, 3, 4), others, strict=True))
        if ply in missing:
            missing[ply].evaluate(DROP_NEXT)
        move = rng.choice([m for m in game.legal_moves(state) if m != "pass"])
        expect(mover.locator("#live")).to_have_attribute("data-ply", str(ply))
        squares = [s for s in game.move_squares(move) if not s.endswith("@")]
        if ply == PLIES - 1 and slug != "empire" and len(squares) == 2 and squares[0] in move[:3]:
            origin, target = squares  # the last move clicked on a board its updates made
            mover.click(
                f'.own [data-square="{origin}"]' if arranged else f'[data-square="{origin}"]'
            )
            mover.locator(f'g.selected[data-square="{origin}"]').wait_for()
            mover.click(f'g.target[data-square="{target}"]')
        else:
            type_move(mover, move)
        state = game.play(state, move)
        for page in pages:
            if page is not missing.get(ply):
                expect(page.locator("#live")).to_have_attribute("data-ply", str(ply + 1))
    for page in pages:
        expect(page.locator("#live")).to_have_attribute("data-ply", str(PLIES))
        fresh = page.context.new_page()
        fresh.goto(white.url)
        expect(fresh.locator("body")).to_have_attribute("data-game-socket", "open")
        assert page.evaluate(SHOWN) == fresh.evaluate(SHOWN)
        fresh.close()
        assert page.evaluate("window.notReloaded") is True
