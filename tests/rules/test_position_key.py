"""position_key: what a position is to anyone asking the engine, counters aside. The same
board, side, hands and rights under other counters is the same key; one move changes it."""

import random

import pytest

import rules

# Each game's start, written with other counters: the same position to a player.
RECOUNTED = {
    "empress": lambda text: text.rsplit(" ", 2)[0] + " 7 31",
    "empire-chess": lambda text: text.rsplit(" ", 2)[0] + " 12 40",
    "imperial-chess": lambda text: text.rsplit(" ", 2)[0] + " 9 22",
    "imperial-shuffle": lambda text: text.rsplit(" ", 2)[0] + " 5 61",
    "empire": lambda text: " ".join(text.split(" ")[:4] + ["33"] + text.split(" ")[5:]),
}


@pytest.mark.parametrize("game", rules.games(), ids=lambda g: g.slug)
def test_counters_do_not_change_the_key_and_a_move_does(game):
    rng = random.Random(7)
    state = game.initial()
    for _ in range(6):
        state = game.play(state, rng.choice(sorted(game.legal_moves(state))))
    text = game.format(state)
    other = game.parse(RECOUNTED[game.slug](text))
    assert game.format(other) != text
    assert game.position_key(other) == game.position_key(state)
    keys = {game.position_key(game.play(state, m)) for m in game.legal_moves(state)}
    assert game.position_key(state) not in keys


def test_empire_keeps_its_passes_and_its_mode():
    game = rules.get("empire")
    start = game.initial({"width": 8, "height": 8})
    passed = game.play(start, "pass")
    again = game.play(passed, "pass")
    assert len({game.position_key(s) for s in (start, passed, again)}) == 3
    dots = game.initial({"width": 8, "height": 8, "mode": "dots"})
    assert game.position_key(dots) != game.position_key(start)
