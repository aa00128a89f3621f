"""Berserk: an arena player halves their clock and gives up the increment before their first
move, for a point more if they win in at least 7 of their own moves."""

from datetime import timedelta

import pytest

from play.common.errors import Refused
from play.games import games
from play.games.lifecycle import moves_and_state
from play.models import Game, Pairing, Participant
from play.round import moves
from play.tournaments import arenas
from tests.play.tournaments.helpers import begun

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 3, "increment": 2}


@pytest.fixture
def game(ann, players, clock):
    arena = arenas.create(ann, name="Berserk Empress", game_slug="empress", time_control=LIVE,
                          minutes=60, starts_at=clock())  # fmt: skip
    begun(arena, players(2), clock)
    (paired,) = arenas.pair_free(arena)
    return paired


def play(game, plies, clock):
    """Each side plays its first legal move in turn, a second a move."""
    for _ in range(plies):
        game = Game.objects.get(pk=game.pk)
        _, state = moves_and_state(game)
        clock.advance(seconds=1)
        moves.submit(game.public_id, game.player(game.turn), min(game.rules.legal_moves(state)),
                     game.ply)  # fmt: skip
    return Game.objects.get(pk=game.pk)


def test_berserk_halves_the_clock_and_drops_the_increment(game, clock):
    mover, waiting = game.player(game.turn), game.player(1 - game.turn)
    first = game.turn
    games.berserk(game, mover)
    game.refresh_from_db()
    assert game.berserk == [first] and game.clocks[first] == 90
    assert game.deadline == game.turn_started_at + timedelta(seconds=90)
    game = play(game, 2, clock)
    assert game.clocks[first] == 89  # a second spent, no increment
    assert game.clocks[1 - first] == 181  # a second spent, two back
    with pytest.raises(Refused, match="before your first move"):
        games.berserk(game, waiting)  # they have moved
    with pytest.raises(Refused, match="before your first move"):
        games.berserk(game, mover)
    assert Pairing.objects.get(game=game).white_berserk == (first == 0)


@pytest.mark.parametrize("plies, score", [(14, 3), (4, 2)])
def test_a_berserk_win_of_seven_moves_scores_a_point_more(game, clock, plies, score):
    berserker = game.player(game.turn)
    games.berserk(game, berserker)
    game = play(game, plies, clock)  # the berserker's own moves: half of them
    games.resign(game, game.player(1 - game.seat_of(berserker).index))
    assert Participant.objects.get(user=berserker).score == score


def test_the_button_is_offered_to_the_player_until_they_move(game, client_of, clock):
    mover = game.player(game.turn)
    page = client_of(mover)
    assert ">Berserk</button>" in page.get(game.get_absolute_url()).content.decode()
    answer = page.post(f"/g/{game.public_id}/berserk/", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and ">berserk</strong>" in answer.content.decode()
    again = page.post(f"/g/{game.public_id}/berserk/", HTTP_HX_REQUEST="true")
    assert again.status_code == 409 and "before your first move" in again.content.decode()


def test_a_tournament_game_cannot_be_aborted(game):
    with pytest.raises(Refused, match="cannot be aborted"):
        games.abort(game, game.player(0))
    assert Game.objects.get(pk=game.pk).status == "active"
