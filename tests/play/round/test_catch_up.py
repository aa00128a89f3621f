"""A game known here up to some ply catches up by reading only the newer moves (another
server played them), and starts over when they were rewound."""

import pytest

from play.common.lru import LRU
from play.games import lifecycle
from play.games.lifecycle import moves_and_state, state_of
from play.models import Game, Move
from play.round import moves

pytestmark = pytest.mark.django_db
OPENING = ["d3d4", "e7e5", "c3c4", "d7d6", "a3a4", "a7a6"]


def play(game, users, texts, start=0):
    for ply, text in enumerate(texts, start=start):
        moves.submit(game.public_id, users[ply % 2], text, ply)
    return Game.objects.get(pk=game.pk)


def as_if_elsewhere(game, known):
    """Forget every revision, keeping only what this process knew at an earlier ply."""
    LRU.forget_all()
    lifecycle._LATEST.put(game.public_id, known)


def test_moves_played_on_another_server_are_read_and_replayed_alone(
    active_game, ann, bob, monkeypatch
):
    game = play(active_game, [ann, bob], OPENING[:2])
    known = moves_and_state(game)
    game = play(game, [ann, bob], OPENING[2:], start=2)
    as_if_elsewhere(game, known)
    parsed = []
    rules_of_game = game.rules
    original = type(rules_of_game).parse
    monkeypatch.setattr(
        type(rules_of_game), "parse", lambda self, text: parsed.append(text) or original(self, text)
    )
    found_moves, found = moves_and_state(game)
    assert len(parsed) == 4  # the four newer positions, not the six and the start
    expected = state_of(game)
    assert [m.text for m in found_moves] == OPENING
    assert (game.rules.format(found), found.history) == (
        game.rules.format(expected),
        expected.history,
    )


def test_a_rewind_since_then_means_reading_everything_again(active_game, ann, bob):
    game = play(active_game, [ann, bob], OPENING[:3])
    known = moves_and_state(game)
    # A referee's rewind to ply 2, then other moves from there.
    Move.objects.filter(game=game, ply__gt=2).delete()
    second = Move.objects.get(game=game, ply=2)
    Game.objects.filter(pk=game.pk).update(ply=2, position=second.position_after, turn=0)
    game.refresh_from_db()
    game.revision += 1
    game.save()
    game = play(game, [ann, bob], ["b3b4", "b7b6"], start=2)
    as_if_elsewhere(game, known)
    found_moves, found = moves_and_state(game)
    assert [m.text for m in found_moves] == [*OPENING[:2], "b3b4", "b7b6"]
    assert game.rules.format(found) == game.position
