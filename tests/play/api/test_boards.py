"""Playing through the board and bot APIs: moves in each game's notation, the setup phase
and the charge, offers, chat, abort, resign; and the refusals, each changing nothing."""

import pytest

from play.accounts import bots
from play.api import games as api_games
from play.games import games
from play.models import ChatMessage, Game, Offer, Seat

pytestmark = pytest.mark.django_db
CHARGE = "11e/4m7/12/12/12/wwwwww6/WWWWWW6/12/12/12/12/6J5[] w 0 20"


def play(client, game, path, data=None, api="board"):
    return client.post(f"/api/{api}/game/{game.public_id}/{path}", data, as_json=True)


def test_a_move_in_the_games_notation(active_game, ann, api):
    answer = play(api(ann), active_game, "move/d3d4")
    assert answer.status_code == 200 and answer.json() == {"ok": True}
    active_game.refresh_from_db()
    assert active_game.ply == 1 and active_game.moves.get().text == "d3d4"


def state(game):
    game.refresh_from_db()
    return game.ply, game.position, game.revision, game.status


@pytest.mark.parametrize(("who", "path", "status", "said"), [
    ("ann", "move/z9z9", 400, "z9"),  # the rules' own message
    ("ann", "move/d3d4?ply=3", 409, "old board"),  # stale
    ("bob", "move/d7d6", 409, "not your turn"),
    ("eve", "move/d3d4", 403, "Only the players"),
    ("ann", "move/" + "a" * 2001, 400, "at most 2000"),
    ("ann", "move/d3d4?ply=1e9", 400, "ply must be a whole number"),
    ("ann", "setup", 409, "no setup phase"),
    ("ann", "draw/maybe", 400, "yes or no"),
    ("ann", "chat", 400, "Write something"),
])  # fmt: skip
def test_a_refused_call_changes_nothing(
    active_game, ann, bob, make_user, api, who, path, status, said
):
    users = {"ann": ann, "bob": bob, "eve": make_user("eve")}
    before = state(active_game)
    answer = play(api(users[who]), active_game, path)
    assert answer.status_code == status and said in answer.json()["error"], answer.json()
    assert state(active_game) == before and not ChatMessage.objects.exists()


def test_the_board_api_is_for_people_and_the_bot_api_for_bots(active_game, ann, api, make_user):
    client = api(ann)
    refused = play(client, active_game, "move/d3d4", api="bot")
    assert refused.status_code == 403 and "bot accounts" in refused.json()["error"]
    assert (
        api(ann, ["bot:play"])
        .post(f"/api/board/game/{active_game.public_id}/move/d3d4")
        .status_code
        == 403
    )
    assert state(active_game)[0] == 0


def test_a_bot_plays_through_the_bot_api_only_its_own_games(ann, bob, make_user, api):
    robot = make_user("robot")
    bots.upgrade(robot, ["empire-chess"])
    game = games.join(games.create(ann, "empire-chess", "white", "invite", invited=robot), robot)
    other = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    client = api(robot, ["bot:play"])
    assert play(client, game, "move/d3d4", api="bot").status_code == 409  # White moves first
    assert play(client, game, "move/d3d4").status_code == 403  # the board API is not its
    games_before = state(other)
    assert play(client, other, "move/d7d6", api="bot").status_code == 403
    assert state(other) == games_before
    play(api(ann), game, "move/d3d4")
    assert play(client, game, "move/d7d6", api="bot").status_code == 200


def test_imperial_shuffle_arranged_through_the_api(ann, bob, api):
    game = games.join(games.create(ann, "imperial-shuffle", "white", "seek"), bob)
    assert game.status == Game.Status.SETUP
    move = play(api(ann), game, "move/N")
    assert move.status_code == 409 and "arranging" in move.json()["error"]
    bad = play(api(ann), game, "setup", {"arrangement": "nonsense"})
    assert bad.status_code == 400 and not Seat.objects.filter(submitted_at__isnull=False).exists()
    mine = Seat.objects.get(game=game, user=ann).arrangement
    assert play(api(ann), game, "setup", {"arrangement": mine}).json() == {"ok": True}
    assert play(api(bob), game, "setup").json() == {"ok": True}  # the draft dealt, as it is
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.turn == 0  # the first to submit


def test_an_arrangement_that_clashes_leaves_the_draft_as_it_was(ann, bob, api):
    game = games.join(games.create(ann, "imperial-shuffle", "white", "seek"), bob)
    first = Seat.objects.get(game=game, user=ann).arrangement
    play(api(ann), game, "setup", {"arrangement": first})
    draft = Seat.objects.get(game=game, user=bob).arrangement
    clash = play(api(bob), game, "setup", {"arrangement": first})  # every square identical
    assert clash.status_code == 400 and "identical" in clash.json()["error"]
    mine = Seat.objects.get(game=game, user=bob)
    assert (mine.arrangement, mine.submitted_at) == (draft, None)
    assert play(api(bob), game, "setup").json() == {"ok": True}  # the draft, cleared of clashes


def test_an_imperial_chess_charge_is_one_move(ann, bob, api):
    game = games.join(games.create(ann, "imperial-chess", "white", "seek"), bob)
    Game.objects.filter(pk=game.pk).update(initial_position=CHARGE, position=CHARGE)
    answer = play(api(ann), game, "move/a6a7,b6b7,c6c7,d6d7,e6e7,f6f7,g1g3")
    assert answer.status_code == 200, answer.json()
    assert game.moves.get().text == "a6a7,b6b7,c6c7,d6d7,e6e7,f6f7,g1g3"


def test_draws_offered_and_declined_then_agreed(active_game, ann, bob, api):
    play(api(ann), active_game, "move/d3d4")
    assert play(api(ann), active_game, "draw/yes").json() == {"ok": True}
    shown = api_games.state(Game.objects.get(pk=active_game.pk), ["d3d4"])
    assert (shown["wdraw"], shown["bdraw"], shown["wtakeback"]) == (True, False, False)
    assert play(api(bob), active_game, "draw/no").json() == {"ok": True}
    assert Offer.objects.get().status == Offer.Status.DECLINED
    play(api(bob), active_game, "draw/yes")
    play(api(ann), active_game, "draw/yes")  # offering back accepts
    active_game.refresh_from_db()
    assert (active_game.status, active_game.reason) == (Game.Status.FINISHED, "agreement")


def test_a_takeback_asked_and_given(active_game, ann, bob, api):
    play(api(ann), active_game, "move/d3d4")
    assert play(api(ann), active_game, "takeback/yes").json() == {"ok": True}
    assert play(api(bob), active_game, "takeback/yes").json() == {"ok": True}
    active_game.refresh_from_db()
    assert active_game.ply == 0


def test_chat_abort_and_resign(active_game, ann, bob, api):
    said = play(api(ann), active_game, "chat", {"room": "player", "text": "good luck"})
    assert said.json() == {"ok": True} and ChatMessage.objects.get().text == "good luck"
    assert (
        play(api(ann), active_game, "chat", {"room": "spectator", "text": "hi"}).status_code == 400
    )
    assert play(api(bob), active_game, "abort").json() == {"ok": True}
    active_game.refresh_from_db()
    assert active_game.status == Game.Status.ABORTED
    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    assert play(api(bob), game, "resign").json() == {"ok": True}
    game.refresh_from_db()
    assert (game.winner, game.reason) == (0, "resign")


def test_a_move_chosen_before_a_takeback_is_refused_at_the_same_ply(active_game, ann, bob, api):
    """ann and bob play d3d4 e7e5; ann chooses c3c4 at ply 2 from the state she was sent. bob
    takes e7e5 back and plays a7a6: ply 2 is back, on another position. The move chosen on
    the old one is refused, and nothing is played."""
    play(api(ann), active_game, "move/d3d4")
    play(api(bob), active_game, "move/e7e5")
    active_game.refresh_from_db()
    seen = api_games.state(active_game, ["d3d4", "e7e5"])
    assert (seen["ply"], seen["revision"]) == (2, active_game.revision)
    play(api(bob), active_game, "takeback/yes")
    play(api(ann), active_game, "takeback/yes")
    play(api(bob), active_game, "move/a7a6")
    before = state(active_game)
    assert before[0] == 2
    stale = play(api(ann), active_game, f"move/c3c4?ply=2&revision={seen['revision']}")
    assert stale.status_code == 409 and "taken back" in stale.json()["error"]
    assert state(active_game) == before
    assert [m.text for m in active_game.moves.order_by("ply")] == ["d3d4", "a7a6"]
    now = api_games.state(active_game, ["d3d4", "a7a6"])["revision"]
    assert play(api(ann), active_game, f"move/c3c4?ply=2&revision={now}").json() == {"ok": True}
