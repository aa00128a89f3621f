"""A move the rules cannot read (a typo, a square off the board) is refused as unreadable; one
they read and refuse is illegal, not unreadable: a lesson restarts only for the second."""

import pytest

import rules
from rules import IllegalMove, UnreadableMove

READ_BUT_ILLEGAL = {
    "empress": "a1a2",  # no piece there
    "empire-chess": "a5a6",  # no piece there
    "empire": "q16",  # taken at the start
    "imperial-shuffle": "N+a1",
    "imperial-chess": "a1a2",
}


@pytest.mark.parametrize("slug", sorted(READ_BUT_ILLEGAL))
@pytest.mark.parametrize("text", ["zz9", "", "hello world", "a" * 300])
def test_text_that_is_no_move_is_unreadable(slug, text):
    game = rules.get(slug)
    with pytest.raises(UnreadableMove):
        game.play(game.initial(), text)


@pytest.mark.parametrize("slug, move", sorted(READ_BUT_ILLEGAL.items()))
def test_a_move_read_and_refused_is_illegal_only(slug, move):
    game = rules.get(slug)
    with pytest.raises(IllegalMove) as refused:
        game.play(game.initial(), move)
    assert not isinstance(refused.value, UnreadableMove), str(refused.value)
