"""A page that applied every move's update from the game's first ply shows exactly what a fresh
load shows: in every game, over random games, for each player and a spectator, each sent only
the parts that differ from those sent before (as the game socket sends them)."""

import random

import pytest

import rules
from bench.site import arrange_setup
from play.games import games
from play.models import Game
from play.push.sockets import unsent
from play.round import moves, presenter, updates
from tests.play.pages import Page, first_difference

LIVE = {"kind": "live", "minutes": 5, "increment": 3}
VIEWS = (0, 1, None)  # each player, and a spectator


def fresh(public_id: str):
    return presenter.with_view_related(Game.objects.get(public_id=public_id))


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_updates_applied_from_the_first_ply_show_the_board_a_fresh_load_shows(slug, seed, ann, bob):
    game = arrange_setup(
        games.join(games.create(ann, slug, "white", "seek", time_control=LIVE), bob)
    )
    players, game_rules, rng = [game.player(0), game.player(1)], game.rules, random.Random(seed)
    pages = {seat: Page(presenter.live_html(game, seat)) for seat in VIEWS}
    sent = {seat: {} for seat in VIEWS}
    state = game_rules.parse(game.position)
    for ply in range(40):
        seat = game_rules.to_move(state)
        choices = [m for m in game_rules.legal_moves(state) if m != "pass"]
        move = rng.choice(choices)
        after = game_rules.play(state, move)
        if game_rules.outcome(after):
            break  # the end is sent whole
        moves.submit(game.public_id, players[seat], move, ply)
        state, game = after, fresh(game.public_id)
        for view in VIEWS:
            pages[view].apply(unsent(updates.update_parts(game, view), sent[view]))
            shown, loaded = pages[view].shown(), Page(presenter.live_html(game, view)).shown()
            assert shown == loaded, (
                f"{slug}, seat {view}, after {move} at ply {ply + 1}: "
                + first_difference(shown, loaded)
            )
