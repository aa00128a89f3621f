"""Boards played on a phone by tapping. A finger lands a little way from where it aims: the
move played must still be the one meant, on Empire's 32×32 points and Imperial Chess's
12×12 squares alike, each picked in the magnifier and confirmed; and a mouse still plays
Empire with one click."""

import math
import random
from collections import Counter

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import rules
from tests.e2e.conftest import run_django
from tests.e2e.helpers import click_point, point_on_screen, start_game, type_move
from tests.e2e.touch import BOARD, TARGET, magnified, magnifier_shows_choice, square_on_screen

pytestmark = pytest.mark.e2e
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
FINGER = 10  # CSS px: the farthest a tap lands from the spot the finger aims at
MOVES = 50


def tap(page, rng, spot):
    """A finger's tap aimed at `spot` (x, y on the screen): it lands within FINGER px of it."""
    angle, reach = rng.uniform(0, 2 * math.pi), FINGER * math.sqrt(rng.random())
    x, y = spot
    page.touchscreen.tap(x + reach * math.cos(angle), y + reach * math.sin(angle))


def centre(locator):
    """Where an element shows on the screen, once it does: the middle of its box."""
    expect(locator).to_be_visible()
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def stored_moves(page) -> list[str]:
    """The game's moves as the server keeps them, in order."""
    public_id = page.url.rstrip("/").split("/")[-1]
    return run_django(
        "from play.models import Move; print(' '.join(Move.objects.filter("
        f"game__public_id='{public_id}').order_by('ply').values_list('text', flat=True)))"
    ).split()


def confirm(page, rng):
    """The move tapped is shown marked: a tap on Confirm sends it."""
    tap(page, rng, centre(page.locator(".confirm").get_by_role("button", name="Confirm")))


def wait_turn(page, ply):
    expect(page.locator("#live")).to_have_attribute("data-ply", str(ply))


def test_fifty_taps_on_a_phone_place_the_points_meant_on_empire(browser, server):
    pages = start_game(browser, server, "empire", "tap-tam", "tap-ugo", **PHONE)  # 32×32 points
    game, rng = rules.get("empire"), random.Random(18)
    state, meant = game.initial({"width": 32, "height": 32}), []
    for ply in range(MOVES):
        mover, watcher = pages[ply % 2], pages[1 - ply % 2]
        wait_turn(mover, ply)
        point = rng.choice([m for m in game.legal_moves(state) if m != "pass"])
        tap(mover, rng, point_on_screen(mover, point))
        # Too close together for a finger: the first tap shows the points around it larger,
        # the second picks one of them, and the move shown is sent on "Confirm".
        tap(mover, rng, centre(magnified(mover, point)))
        expect(mover.locator(".magnifier")).to_be_hidden()
        confirm(mover, rng)
        wait_turn(watcher, ply + 1)
        state = game.play(state, point)
        meant.append(point)
    assert len(set(meant)) == MOVES
    assert stored_moves(pages[0]) == meant


def test_the_magnifier_is_labelled_played_by_keys_closed_and_follows_the_board(browser, server):
    circles, crosses = start_game(browser, server, "empire", "tap-zia", "tap-abe", **PHONE)
    rng = random.Random(53)
    tap(circles, rng, point_on_screen(circles, "p15"))
    magnifier = circles.get_by_role("dialog")
    expect(magnifier).to_contain_text("tap the point to play")
    expect(magnifier.get_by_role("button", name="p16, circle", exact=True)).to_have_count(1)
    assert Axe().run(circles, context=".magnifier").response["violations"] == []
    circles.keyboard.press("Escape")  # closes it, and nothing is played
    expect(magnifier).to_have_count(0)
    tap(circles, rng, point_on_screen(circles, "p15"))
    magnifier.get_by_role("button", name="p14", exact=True).focus()
    circles.keyboard.press("ArrowRight")  # the arrows go from point to point
    expect(magnifier.get_by_role("button", name="q14", exact=True)).to_be_focused()
    circles.keyboard.press("Enter")
    circles.get_by_role("button", name="Confirm").click()
    wait_turn(crosses, 1)
    # The move box still plays, the magnifier open or not; once the board is the other side's
    # to play, it closes.
    tap(crosses, rng, point_on_screen(crosses, "e5"))
    expect(crosses.locator(".magnifier")).to_be_visible()
    type_move(crosses, "c3")
    wait_turn(circles, 2)
    expect(crosses.locator(".magnifier")).to_have_count(0)
    # It shows the board as it stands: the cross just placed.
    tap(circles, rng, point_on_screen(circles, "d4"))
    expect(magnifier.get_by_role("button", name="c3, cross")).to_have_count(1)
    assert stored_moves(circles) == ["q14", "c3"]


def test_a_mouse_places_a_point_with_one_click_on_the_same_board(browser, server):
    first, second = start_game(browser, server, "empire", "tap-vic", "tap-wes")
    gap = first.evaluate(
        "(() => { const svg = document.querySelector('svg.dots-board');"
        " return svg.dataset.gap * svg.getScreenCTM().a; })()"
    )
    assert gap < 28  # as close together as on the phone's board that a tap magnifies
    click_point(first, "b2")
    wait_turn(second, 1)
    expect(first.locator(".magnifier")).to_have_count(0)
    assert stored_moves(first) == ["b2"]


def tappable(game, state) -> list[str]:
    """The moves made by a tap on a piece and a tap on a square, which leave the game going:
    those alone of their piece and square (not a choice between a ride and none)."""
    moves = game.legal_moves(state)
    pairs = Counter(game.move_squares(m) for m in moves)
    return [
        m
        for m in moves
        if len(squares := game.move_squares(m)) == 2
        and "@" not in squares[0]
        and pairs[squares] == 1
        and not game.outcome(game.play(state, m))
    ]


def test_fifty_moves_tapped_on_a_phone_are_the_moves_meant_on_imperial_chess(browser, server):
    pages = start_game(browser, server, "imperial-chess", "tap-xia", "tap-yan", **PHONE)
    game, rng = rules.get("imperial-chess"), random.Random(18)
    state, meant = game.initial(), []
    side = pages[0].locator('[data-square="a1"] > rect').first.bounding_box()["width"]
    assert side < TARGET  # too small for a finger: a tap on the board magnifies it
    for ply in range(MOVES):
        mover, watcher = pages[ply % 2], pages[1 - ply % 2]
        wait_turn(mover, ply)
        move = rng.choice(tappable(game, state))
        origin, target = game.move_squares(move)
        tap(mover, rng, square_on_screen(mover, origin))
        tap(mover, rng, centre(magnified(mover, f"square:{origin}")))
        expect(mover.locator(f'{BOARD} g.selected[data-square="{origin}"]')).to_be_visible()
        magnifier_shows_choice(mover, origin)
        if not magnified(mover, f"square:{target}").count():  # out of view: look there
            tap(mover, rng, square_on_screen(mover, target))
        tap(mover, rng, centre(magnified(mover, f"square:{target}")))
        confirm(mover, rng)
        wait_turn(watcher, ply + 1)
        state = game.play(state, move)
        meant.append(move)
    assert stored_moves(pages[0]) == meant
