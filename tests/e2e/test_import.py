"""Importing a record in the browser, for each of the five games: pasted into the import page,
replayed, and shown as a finished game whose moves can be stepped through."""

import random
import re

import pytest
from playwright.sync_api import expect

import rules
from tests.e2e.helpers import sign_up

pytestmark = pytest.mark.e2e


def a_record(game, seed=3):
    rng = random.Random(seed)
    options = game.validate_options({"width": 10, "height": 10} if game.slug == "empire" else {})
    state = game.start(options)
    start, moves = state, []
    for _ in range(6):
        if game.outcome(state) or game.to_move(state) is None:
            break
        move = rng.choice(game.legal_moves(state))
        moves.append(move)
        state = game.play(state, move)
    names = {game.seats[0]: "Ada", game.seats[1]: "Ben"}
    outcome = game.outcome(state) or rules.Outcome(0, "resign")
    return game.export_record(moves, names, outcome, start), len(moves)


def test_a_record_of_each_game_is_imported(browser, server):
    page = browser.new_context().new_page()
    sign_up(page, server, "jo")
    for game in rules.games():
        text, plies = a_record(game)
        page.goto(server + "/import/")
        page.select_option("#id_game", game.slug)
        page.fill("#id_record", text)
        page.click("main button[type=submit]")
        expect(page).to_have_url(re.compile(r"/g/\w+/$"))
        expect(page.locator("#status")).to_contain_text("wins")
        expect(page.locator(".moves a")).to_have_count(plies)
        page.click(".moves a[data-ply='1']")
        expect(page.locator("#status")).to_contain_text("Looking back: the board after ply 1")
