"""Finished games for the review's tests: random moves, then a resignation."""

import random

import rules
from play.games import games
from play.models import Game
from play.round import moves

OPTIONS = {
    "empire": {"width": 12, "height": 10},
    "imperial-shuffle": {"deal": True, "nobles": "rgb"},
    "imperial-chess": {"victory": "emperor"},
}


def finished(ann, bob, slug="empire-chess", plies=6, seed=5) -> Game:
    """A game of `slug` between ann and bob (ann the first seat), `plies` random moves (fewer
    if it ends), then bob resigns if it goes on."""
    game = games.join(games.create(ann, slug, "white", "seek", OPTIONS.get(slug, {})), bob)
    game_rules, rng = rules.get(slug), random.Random(seed)
    for _ in range(plies):
        game.refresh_from_db()
        if game.status != "active":
            break
        state = game_rules.resume(
            [game.initial_position, *game.moves.values_list("position_after", flat=True)],
            game.options,
        )
        mover = game.player(game_rules.to_move(state))
        moves.submit(game.public_id, mover, rng.choice(game_rules.legal_moves(state)), game.ply)
    game.refresh_from_db()
    if game.status == "active":
        games.resign(game, bob)
        game.refresh_from_db()
    return game
