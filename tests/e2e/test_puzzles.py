"""Puzzles in the browser: a player solves one and fails the next, and their puzzle rating
moves up, then down."""

import re

import pytest
from playwright.sync_api import expect

import rules
from play.puzzles import catalogue
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e


def shown(page):
    page.locator("#lesson").wait_for()
    return catalogue.puzzle("empress", page.url.rstrip("/").rsplit("/", 1)[1])


def typed(page, move):
    page.fill("#lesson-move", move)
    page.press("#lesson-move", "Enter")


def rating_change(page) -> tuple[int, int]:
    status = page.locator("#lesson-status")
    expect(status).to_contain_text("Your puzzle rating:")
    before, after = re.search(r"Your puzzle rating: (\d+) → (\d+)", status.inner_text()).groups()
    return int(before), int(after)


def test_a_puzzle_solved_and_one_failed_move_the_rating_both_ways(browser, server):
    page = browser.new_context().new_page()
    sign_up(page, server, "pat")
    page.goto(server + "/puzzles/empress/")
    puzzle = shown(page)
    for move in puzzle.line[::2]:
        typed(page, move)
    expect(page.locator("#lesson-status")).to_contain_text("Solved.")
    before, after = rating_change(page)
    assert after > before == 1500

    page.click("text=Next puzzle")
    puzzle = shown(page)
    game = rules.get("empress")
    state = game.with_options(game.parse(puzzle.position), puzzle.options)
    typed(page, next(m for m in game.legal_moves(state) if m != puzzle.line[0]))
    expect(page.locator("#lesson-status")).to_contain_text("The puzzle is failed")
    failed_before, failed_after = rating_change(page)
    assert failed_before == after and failed_after < failed_before
