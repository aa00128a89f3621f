"""Challenges through the API, in lichess's shape: sent (as berserk sends them, in JSON, or
as a form), listed, accepted, declined with a reason, cancelled; each refusal changes
nothing."""

import pytest

from play.accounts import bots
from play.models import Game, Seat

pytestmark = pytest.mark.django_db


def send(client, to="bob", **fields):
    data = {"variant": "empire-chess", "rated": False, "clock.limit": 300,
            "clock.increment": 3, "color": "white", **fields}  # fmt: skip
    return client.post(f"/api/challenge/{to}", data, as_json=True)


def test_a_challenge_sent_in_json_listed_and_accepted(ann, bob, api):
    sent = send(api(ann))
    assert sent.status_code == 200, sent.content
    challenge = sent.json()
    assert challenge["status"] == "created" and challenge["direction"] == "out"
    assert challenge["variant"]["key"] == "empire-chess" and challenge["finalColor"] == "black"
    assert challenge["timeControl"] == {
        "type": "clock",
        "limit": 300,
        "increment": 3,
        "show": "5+3",
    }
    assert challenge["challenger"]["name"] == "ann" and challenge["destUser"]["name"] == "bob"
    listed = api(bob).get("/api/challenge").json()
    assert [c["id"] for c in listed["in"]] == [challenge["id"]] and listed["out"] == []
    accepted = api(bob).post(f"/api/challenge/{challenge['id']}/accept")
    assert accepted.json() == {"ok": True}
    game = Game.objects.get(public_id=challenge["id"])
    assert game.status == Game.Status.ACTIVE and game.player(1) == bob


def test_a_form_challenge_by_correspondence(ann, bob, api):
    sent = api(ann).post("/api/challenge/bob", {"variant": "empress", "days": "3"})
    assert sent.json()["timeControl"] == {"type": "correspondence", "daysPerTurn": 3}


@pytest.mark.parametrize(("fields", "said"), [
    ({"variant": ""}, "Name the game"),
    ({"variant": "chess"}, "There is no game called"),
    ({"clock.limit": 90}, "whole minutes"),
    ({"clock.limit": "1e3"}, "clock.limit must be a whole number"),
    ({"clock.limit": 10**40}, "clock.limit must be a whole number"),
    ({"days": 4, "clock.limit": None, "clock.increment": None}, "Days per move"),
    ({"days": 3}, "not both"),
    ({"color": "green"}, "Choose White, Black or random"),
    ({"rated": "maybe"}, "rated must be true or false"),
    ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "not fen"),
    ({"options": "[1]"}, "options must be a JSON object"),
])  # fmt: skip
def test_a_malformed_challenge_is_400_and_makes_nothing(ann, bob, api, fields, said):
    sent = send(api(ann), **fields)
    assert sent.status_code == 400 and said in sent.json()["error"], sent.json()
    assert not Game.objects.exists()


def test_only_the_challenged_accept_or_decline_and_only_the_challenger_cancels(
    ann, bob, make_user, api
):
    cid = send(api(ann)).json()["id"]
    eve = api(make_user("eve"))
    assert eve.post(f"/api/challenge/{cid}/accept").status_code == 403
    assert eve.post(f"/api/challenge/{cid}/decline").status_code == 409
    assert api(bob).post(f"/api/challenge/{cid}/cancel").status_code == 403
    assert Game.objects.get(public_id=cid).status == Game.Status.OPEN
    assert Seat.objects.filter(game__public_id=cid).count() == 1


def test_declined_with_a_reason(ann, bob, api):
    cid = send(api(ann)).json()["id"]
    assert api(bob).post(
        f"/api/challenge/{cid}/decline", {"reason": "later"}, as_json=True
    ).json() == {"ok": True}
    game = Game.objects.get(public_id=cid)
    assert (game.status, game.decline_reason) == (Game.Status.ABORTED, "later")
    again = api(bob).post(f"/api/challenge/{cid}/accept")
    assert again.status_code == 409 and "no longer open" in again.json()["error"]


def test_an_unknown_reason_is_refused(ann, bob, api):
    cid = send(api(ann)).json()["id"]
    assert api(bob).post(f"/api/challenge/{cid}/decline", {"reason": "bored"}).status_code == 400
    assert Game.objects.get(public_id=cid).status == Game.Status.OPEN


def test_cancelled_by_its_challenger(ann, bob, api):
    cid = send(api(ann)).json()["id"]
    assert api(ann).post(f"/api/challenge/{cid}/cancel").json() == {"ok": True}
    assert Game.objects.get(public_id=cid).status == Game.Status.ABORTED


def test_the_computer_accepts_at_once(ann, api):
    from play.computer import opponents

    level = opponents.player(3)
    sent = send(api(ann), to=level.username)
    assert sent.status_code == 200 and sent.json()["status"] == "accepted"


def test_scopes(ann, bob, api):
    reader = api(ann, ["challenge:read"])
    assert send(reader).status_code == 403 and not Game.objects.exists()
    assert api(ann, ["board:play"]).get("/api/challenge").status_code == 403


def test_a_bot_declines_a_game_it_does_not_play(ann, bob, api):
    bots.upgrade(bob, ["empire"])
    sent = send(api(ann))
    assert sent.status_code == 400 and "does not play Empire Chess" in sent.json()["error"]
    assert not Game.objects.exists()
