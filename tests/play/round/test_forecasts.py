"""Conditional moves: a line's reply played at once through the move service, the rest kept,
any other move discarding them; what may be entered; races with the opponent's move."""

import pytest

from play.common.errors import Refused
from play.games import games
from play.games.lifecycle import moves_and_state
from play.models import Forecast, Game, Move
from play.referee import disputes
from play.round import forecasts, moves, offers
from tests.play.round.test_races import consistent, together

pytestmark = pytest.mark.django_db(transaction=True)  # the replies are played on commit
DAYS = {"kind": "days", "days": 3}


@pytest.fixture
def game(ann, bob):
    """Correspondence Empire Chess, ann White; ann has played d3d4: bob is to move."""
    game = games.join(games.create(ann, "empire-chess", "white", "seek", None, DAYS), bob)
    moves.submit(game.public_id, ann, "d3d4", 0)
    return Game.objects.get(pk=game.pk)


def texts(game):
    return [m.text for m in Move.objects.filter(game=game).order_by("ply")]


def test_a_lines_reply_is_played_at_once_and_the_rest_kept(game, ann, bob):
    assert forecasts.save(game, ann, "e5 Sd5 a6 Sd6\ne6 Sde4") == [
        ["e7e5", "d4d5", "a7a6", "d5d6"],
        ["e7e6", "d4e4"],
    ]
    moves.submit(game.public_id, bob, "e7e5", 1)
    assert texts(game) == ["d3d4", "e7e5", "d4d5"]
    assert Move.objects.get(game=game, ply=3).forecast
    assert Forecast.objects.get(game=game).lines == [["a7a6", "d5d6"]]
    moves.submit(game.public_id, bob, "a7a6", 3)
    assert texts(game)[-2:] == ["a7a6", "d5d6"] and not Forecast.objects.exists()
    assert not Game.objects.get(pk=game.pk).has_forecasts
    consistent(game)


def test_any_other_move_discards_them_all(game, ann, bob):
    forecasts.save(game, ann, "e5 Sd5\ne6 Sde4")
    moves.submit(game.public_id, bob, "a7a6", 1)
    assert texts(game) == ["d3d4", "a7a6"] and not Forecast.objects.exists()
    assert Game.objects.get(pk=game.pk).turn == 0  # ann moves herself


@pytest.mark.parametrize(
    "typed, refusal",
    [
        ("e5", "ends with your opponent's move"),
        ("e5 Sd5 zz9 Sd6", "Line 1, zz9"),
        ("e6 Sde4\ne5 Sd5\ne5 Sde4", "Lines 2 and 3 answer e5 differently"),
        ("e5 Sd5 " * 11, "at most 20 moves"),
        ("e5 Sd5\n" * 21, "At most 20 lines"),
        ("x" * 4001, "under 4000 characters"),
    ],
)
def test_lines_that_cannot_be_played_are_refused_and_change_nothing(game, ann, typed, refusal):
    forecasts.save(game, ann, "e6 Sde4")
    with pytest.raises(Refused, match=refusal):
        forecasts.save(game, ann, typed)
    assert Forecast.objects.get(game=game).lines == [["e7e6", "d4e4"]]


def test_who_may_leave_lines_and_when(game, ann, bob, make_user):
    with pytest.raises(Refused, match="while your opponent is to move"):
        forecasts.save(game, bob, "Sd5 a6")
    with pytest.raises(Refused, match="Only the players"):
        forecasts.save(game, make_user("cy"), "e5 Sd5")
    live = games.join(
        games.create(
            ann, "empress", "white", "seek", None, {"kind": "live", "minutes": 5, "increment": 0}
        ),
        bob,
    )
    with pytest.raises(Refused, match="for correspondence games"):
        forecasts.save(live, ann, "")
    forecasts.save(game, ann, "e5 Sd5")
    assert forecasts.save(game, ann, "  \n") == [] and not Forecast.objects.exists()


def first_legal(game, *after):
    """The first legal move (by its text) in the game's position, after the moves given."""
    _, state = moves_and_state(game)
    for move in after:
        state = game.rules.play(state, move)
    return sorted(game.rules.legal_moves(state))[0]


def test_the_opponents_move_and_an_edit_at_once_play_one_reply_at_most(game, ann, bob):
    for _ in range(6):
        current = Game.objects.get(pk=game.pk)
        ply, (mover, waiting) = current.ply, ((bob, ann) if current.turn == 1 else (ann, bob))
        theirs = first_legal(current)
        reply = first_legal(current, theirs)
        forecasts.save(current, waiting, f"{theirs} {reply}")
        together(
            lambda m=mover, t=theirs, p=ply: moves.submit(game.public_id, m, t, p),
            lambda w=waiting: forecasts.save(Game.objects.get(pk=game.pk), w, ""),
        )
        played = texts(game)[ply:]
        assert played in ([theirs], [theirs, reply]), played  # the reply once, or not at all
        assert not Forecast.objects.filter(game=game).exists()
        consistent(game)
        if len(played) == 1:  # the edit came first: the waiting player moves now
            moves.submit(game.public_id, waiting, reply, ply + 1)


def test_the_card_and_the_mark_in_the_move_list(game, ann, bob, client_of, make_user):
    page = client_of(ann)
    url = f"/g/{game.public_id}/forecast/"
    answer = page.post(url, {"lines": "e5 Sd5"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "Saved: 1 line." in answer.content.decode()
    assert "<kbd>e5 Sd5</kbd>" in page.get(game.get_absolute_url()).content.decode()
    refused = page.post(url, {"lines": "e5"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 400 and "give your reply too" in refused.content.decode()
    assert (
        'name="lines"' in refused.content.decode() and ">e5</textarea>" in refused.content.decode()
    )
    assert client_of(bob).post(url, {"lines": "Sd5 a6"}).status_code == 409
    outsider = client_of(make_user("cy")).post(url, {"lines": "e5 Sd5"})
    assert outsider.status_code == 403 and "Only the players" in outsider.content.decode()
    moves.submit(game.public_id, bob, "e7e5", 1)
    html = page.get(game.get_absolute_url()).content.decode()
    assert "played by a conditional move" in html and 'class="conditional"' in html
    assert "You can leave lines once you have moved" not in html  # bob to move: ann edits


@pytest.mark.parametrize("slug", ["empress", "empire", "imperial-shuffle", "imperial-chess"])
def test_a_line_is_answered_in_every_game(ann, bob, slug):
    options = {"imperial-shuffle": {"deal": True}, "empire": {"width": 10, "height": 10}}
    game = games.create(ann, slug, "white", "seek", options.get(slug, {}), DAYS)
    game = Game.objects.get(pk=games.join(game, bob).pk)
    first = game.player(game.turn)
    moves.submit(game.public_id, first, first_legal(game), 0)
    game = Game.objects.get(pk=game.pk)
    waiting, mover = first, game.player(game.turn)
    theirs = first_legal(game)
    reply = first_legal(game, theirs)
    forecasts.save(game, waiting, f"{theirs} {reply}")
    moves.submit(game.public_id, mover, theirs, 1)
    assert texts(game)[1:] == [theirs, reply] and Move.objects.get(game=game, ply=3).forecast


def test_a_takeback_discards_the_lines_left_for_the_position_it_undid(ann, bob):
    """Casual correspondence: ann's line answers e5 after d3d4; ann takes d3d4 back and plays
    c3c4; bob's e5 at the same ply is not answered by the line made for d3d4."""
    game = games.join(games.create(ann, "empire-chess", "white", "seek", None, DAYS), bob)
    moves.submit(game.public_id, ann, "d3d4", 0)
    forecasts.save(game, ann, "e5 Sd5")
    offers.takeback(Game.objects.get(pk=game.pk), ann, "offer")
    offers.takeback(Game.objects.get(pk=game.pk), bob, "accept")
    assert not Forecast.objects.exists() and not Game.objects.get(pk=game.pk).has_forecasts
    moves.submit(game.public_id, ann, "c3c4", 0)
    moves.submit(game.public_id, bob, "e7e5", 1)
    assert texts(game) == ["c3c4", "e7e5"]
    assert Game.objects.get(pk=game.pk).turn == 0  # ann chooses her move herself


def test_a_referees_rewind_discards_the_lines(game, ann, bob, make_user):
    referee = make_user("ref")  # a superuser: this test's tables are new, without the group
    referee.is_staff = referee.is_superuser = True
    referee.save()
    forecasts.save(game, ann, "e5 Sd5")
    dispute = disputes.report(game, bob, "other", "Misclick.")
    disputes.rule(dispute, referee, "rewind", "Back to the start.", ply=0)
    assert not Forecast.objects.exists() and not Game.objects.get(pk=game.pk).has_forecasts


def test_lines_left_for_another_position_are_dropped_not_played(game, ann, bob):
    forecasts.save(game, ann, "e5 Sd5")
    assert Forecast.objects.get().position == Game.objects.get(pk=game.pk).position
    Forecast.objects.update(position=Game.objects.get(pk=game.pk).initial_position)
    moves.submit(game.public_id, bob, "e7e5", 1)
    assert texts(game) == ["d3d4", "e7e5"] and not Forecast.objects.exists()
