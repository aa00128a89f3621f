"""The opening explorer: what a finished rated game adds as it ends, and how each ruling that
changes a game changes it; positions reached in two orders meet; the depth counted."""

import random

import pytest
from django.db import transaction

import rules
from play.explorer import openings
from play.games import games
from play.games.lifecycle import end
from play.models import ExploredGame, Game, OpeningMove
from play.referee import disputes
from play.round import moves
from tests.play.review.played import OPTIONS

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 10, "increment": 0}
DAYS = {"kind": "days", "days": 3}


def played(ann, bob, line, slug="empire-chess", time_control=LIVE, rated=True) -> Game:
    """A game between ann (first seat) and bob, its moves `line`, still in play."""
    game = games.create(
        ann, slug, "white", "seek", OPTIONS.get(slug, {}), time_control=time_control, rated=rated
    )
    game = games.join(game, bob)
    for text in line:
        game.refresh_from_db()
        moves.submit(game.public_id, game.player(game.turn), text, game.ply)
    game.refresh_from_db()
    return game


def resigned(game: Game, player) -> Game:
    games.resign(game, player)
    game.refresh_from_db()
    return game


def table(game: Game, line=(), speed="") -> dict[str, tuple]:
    """The explorer at the game's start after `line`: each move's (first seat's wins, draws,
    second seat's wins, mean rating)."""
    game_rules = game.rules
    state = game_rules.resume([game.initial_position], game.options)
    for move in line:
        state = game_rules.play(state, move)
    found = openings.explore(game_rules, state, speed)
    return {p.move: (p.first_wins, p.draws, p.second_wins, p.rating) for p in found}


def ruled(game, player, referee, kind, **details):
    dispute = disputes.report(game, player, "rules", "Something went wrong.")
    return disputes.rule(dispute, referee, kind, "Ruled so.", **details)


def test_a_rated_game_is_counted_as_it_ends_move_by_move(ann, bob):
    game = played(ann, bob, ["d3d4", "e7e5", "c3c4"])
    assert table(game) == {}  # in play: nothing yet
    resigned(game, bob)
    assert table(game) == {"d3d4": (1, 0, 0, 1500)}
    assert table(game, ["d3d4"]) == {"e7e5": (1, 0, 0, 1500)}
    assert table(game, ["d3d4", "e7e5"]) == {"c3c4": (1, 0, 0, 1500)}
    assert table(game, ["d3d4", "e7e5", "c3c4"]) == {}


def test_casual_aborted_and_unfinished_games_add_nothing(ann, bob, make_user):
    resigned(played(ann, bob, ["d3d4", "e7e5"], rated=False), bob)
    played(ann, bob, ["d3d4", "e7e5"])  # still in play
    aborted = played(ann, bob, [])
    games.abort(aborted, ann)
    assert OpeningMove.objects.count() == 0 and ExploredGame.objects.count() == 0


def test_positions_reached_in_two_orders_meet(ann, bob):
    one = resigned(played(ann, bob, ["d3d4", "e7e6", "c3c4", "b7b6"]), bob)
    resigned(played(ann, bob, ["c3c4", "e7e6", "d3d4", "b7b6"]), ann)
    assert table(one) == {"d3d4": (1, 0, 0, 1500), "c3c4": (0, 0, 1, 1500)}
    # After either order, one position: both games went on with b7b6 from it.
    assert table(one, ["d3d4", "e7e6", "c3c4"]) == {"b7b6": (1, 0, 1, 1500)}
    assert table(one, ["c3c4", "e7e6", "d3d4"]) == {"b7b6": (1, 0, 1, 1500)}


def test_a_draw_and_the_games_mean_rating(ann, bob):
    game = played(ann, bob, ["d3d4", "e7e5"])
    Game.objects.filter(pk=game.pk).update(rating_mean=1712.6)
    with transaction.atomic():
        end(Game.locked(game.pk), None, "agreement")
    assert table(game) == {"d3d4": (0, 1, 0, 1713)}


def test_only_the_first_plies_are_counted(ann, bob, monkeypatch):
    monkeypatch.setitem(openings.PLIES, "empire-chess", 2)
    game = resigned(played(ann, bob, ["d3d4", "e7e5", "c3c4", "b7b6"]), bob)
    assert table(game, ["d3d4"]) == {"e7e5": (1, 0, 0, 1500)}
    assert table(game, ["d3d4", "e7e5"]) == {}
    assert ExploredGame.objects.get().line == "d3d4 e7e5"


def test_each_speed_alone_or_all_together(ann, bob):
    live = resigned(played(ann, bob, ["d3d4"]), bob)
    resigned(played(ann, bob, ["d3d4"], time_control=DAYS), ann)
    assert table(live) == {"d3d4": (1, 0, 1, 1500)}
    assert table(live, speed="live") == {"d3d4": (1, 0, 0, 1500)}
    assert table(live, speed="correspondence") == {"d3d4": (0, 0, 1, 1500)}


def test_a_ruling_that_gives_the_other_side_the_game_moves_its_count(ann, bob, referee):
    game = resigned(played(ann, bob, ["d3d4", "e7e5"]), bob)
    ruled(game, bob, referee, "result", winner=1)
    assert table(game) == {"d3d4": (0, 0, 1, 1500)}
    assert table(game, ["d3d4"]) == {"e7e5": (0, 0, 1, 1500)}
    assert OpeningMove.objects.count() == 2 and ExploredGame.objects.get().winner == 1


def test_an_annulled_game_leaves_the_explorer_as_though_never_played(ann, bob, referee):
    resigned(played(ann, bob, ["d3d4", "e7e5"]), ann)  # another game, which stays
    game = resigned(played(ann, bob, ["d3d4", "e7e6"]), bob)
    ruled(game, bob, referee, "annul")
    assert table(game) == {"d3d4": (0, 0, 1, 1500)}
    assert table(game, ["d3d4"]) == {"e7e5": (0, 0, 1, 1500)}  # e7e6's row is gone
    assert OpeningMove.objects.count() == 2 and ExploredGame.objects.count() == 1


def test_a_rewound_game_is_counted_again_on_the_moves_it_ends_with(ann, bob, referee):
    game = resigned(played(ann, bob, ["d3d4", "e7e5"]), bob)
    ruled(game, bob, referee, "rewind", ply=1)
    game.refresh_from_db()
    assert game.status == "active" and OpeningMove.objects.count() == 0
    moves.submit(game.public_id, bob, "e7e6", 1)
    resigned(game, ann)
    assert table(game) == {"d3d4": (0, 0, 1, 1500)}
    assert table(game, ["d3d4"]) == {"e7e6": (0, 0, 1, 1500)}
    assert OpeningMove.objects.count() == 2


def test_ruling_again_to_the_same_result_changes_nothing(ann, bob, referee):
    game = resigned(played(ann, bob, ["d3d4", "e7e5"]), bob)
    ruling = ruled(game, bob, referee, "result", winner=1)
    rows = list(OpeningMove.objects.order_by("pk").values())
    disputes.reopen(ruling.dispute, referee, "A second look.")
    disputes.rule(ruling.dispute, referee, "result", "Still bob's.", winner=1)
    assert list(OpeningMove.objects.order_by("pk").values()) == rows


def test_a_position_met_twice_in_one_game_counts_the_game_once(ann, bob):
    line = ["b1c2", "b8c6", "c2b1", "c6b8", "b1c2", "b8c6"]  # back and forth, twice
    game = resigned(played(ann, bob, line), bob)
    assert table(game) == {"b1c2": (1, 0, 0, 1500)}
    assert table(game, ["b1c2"]) == {"b8c6": (1, 0, 0, 1500)}


@pytest.mark.parametrize("slug", sorted(openings.PLIES))
def test_every_games_finished_rated_games_are_explored(ann, bob, slug):
    game = played(ann, bob, [], slug=slug)
    game_rules, rng = game.rules, random.Random(3)
    for _ in range(4):
        state = game_rules.resume(
            [game.initial_position, *game.moves.values_list("position_after", flat=True)],
            game.options,
        )
        moves.submit(
            game.public_id,
            game.player(game.turn),
            rng.choice(game_rules.legal_moves(state)),
            game.ply,
        )
        game.refresh_from_db()
    resigned(game, bob)
    line = list(game.moves.values_list("text", flat=True))
    for ply, move in enumerate(line):
        assert table(game, line[:ply]) == {move: (1, 0, 0, 1500)}, (slug, ply)


def test_the_plies_counted_are_named_for_every_game():
    assert set(openings.PLIES) == {game.slug for game in rules.games()}
