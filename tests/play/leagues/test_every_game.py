"""Every game's championship begins its games ready to play: the first move is played
through the move service, and the game replays from its log."""

import pytest

import rules
from play.games.games import rebuild
from play.games.lifecycle import moves_and_state
from play.models import Championship, Game
from play.round import moves
from tests.play.leagues.helpers import begin

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
@pytest.mark.parametrize("clock_end", ["3-days", "bank"])
def test_a_championship_game_of_every_game_is_played(slug, clock_end, players, clock):
    league = Championship.objects.get(slug=f"{slug}-{clock_end}")
    league.group_min = 2
    league.save()
    edition = begin(league, players(2), clock)
    game = Game.objects.get(league_group__edition=edition)
    assert game.status == "active" and game.rated and game.speed == "correspondence"
    assert game.deadline is not None
    assert game.options == game.rules.validate_options(league.options)
    _, state = moves_and_state(game)
    mover = game.player(game.rules.to_move(state))
    move = sorted(game.rules.legal_moves(state))[0]
    moves.submit(game.public_id, mover, move, 0)
    game.refresh_from_db()
    assert game.ply == 1
    rebuild(game)
