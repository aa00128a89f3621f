"""The calls lichess clients use, answered as lichess answers them: the token test, the games
in play, the bots online, one challenge shown, a game's chat history, open challenges (the
site's invitation links); and the held-back moves of a game in play's export."""

import json

import pytest
from django.test import Client

from play.accounts import bots
from play.api import tokens
from play.games import games
from play.models import ApiToken, Game
from play.push import presence
from play.round import chat, moves

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 5, "increment": 3}


def test_tokens_tested_as_lichess_tests_them(ann, bob, api):
    mine, theirs = api(ann, ["challenge:read", "bot:play"]), api(bob, [])
    tokens.revoke(bob, theirs.token.pk)
    body = f"{mine.secret}, {theirs.secret},imp_nothing,not a token!"
    answer = Client().post("/api/token/test", body, content_type="text/plain")
    assert answer.status_code == 200 and answer.json() == {
        mine.secret: {"userId": "ann", "scopes": "bot:play,challenge:read", "expires": None},
        theirs.secret: None, "imp_nothing": None, "not a token!": None,
    }  # fmt: skip
    assert ApiToken.objects.get(pk=mine.token.pk).last_used_at is None  # tested, not used
    too_many = Client().post("/api/token/test", ",".join(["imp_x"] * 1001),
                             content_type="text/plain")  # fmt: skip
    assert too_many.status_code == 400 and "at most 1000" in too_many.json()["error"]


def test_the_games_in_play_most_urgent_first(ann, bob, make_user, api):
    carl = make_user("carl")
    waiting = games.join(games.create(ann, "empire-chess", "white", "seek", time_control=LIVE),
                         bob)  # fmt: skip
    moves.submit(waiting.public_id, ann, "d3d4", 0)  # bob's turn there
    mine = games.join(games.create(carl, "empire-chess", "black", "seek", time_control=LIVE),
                      ann)  # fmt: skip
    games.create(ann, "empress", "white", "seek")  # a seek is no game in play
    playing = api(ann).get("/api/account/playing").json()
    assert [g["gameId"] for g in playing["nowPlaying"]] == [mine.public_id, waiting.public_id]
    assert playing["nbMyTurn"] == 1
    one = api(ann).get("/api/account/playing?nb=1").json()
    assert [g["gameId"] for g in one["nowPlaying"]] == [mine.public_id] and one["nbMyTurn"] == 1
    for bad in ("0", "51", "x"):
        refused = api(ann).get(f"/api/account/playing?nb={bad}")
        assert refused.status_code == 400 and "nb must be" in refused.json()["error"]


def test_the_bots_online_are_those_listening(ann, bob, make_user):
    listening, asleep = make_user("engine"), make_user("sleeper")
    for bot in (listening, asleep):
        bots.upgrade(bot, ["empress"])
    presence.listening(listening.pk)
    presence.listening(ann.pk)  # a person listening is no bot
    answer = Client().get("/api/bot/online")
    assert answer["Content-Type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in answer.content.splitlines()]
    assert [(u["id"], u["title"]) for u in lines] == [("engine", "BOT")]


def test_one_challenge_shown_to_its_two_players_only(ann, bob, make_user, api):
    sent = api(ann).post("/api/challenge/bob", {"variant": "empress", "days": 3}).json()
    assert api(bob).get(f"/api/challenge/{sent['id']}/show").json()["direction"] == "in"
    api(bob).post(f"/api/challenge/{sent['id']}/accept")
    shown = api(ann).get(f"/api/challenge/{sent['id']}/show").json()
    assert (shown["status"], shown["direction"]) == ("accepted", "out")
    other = api(make_user("carl")).get(f"/api/challenge/{sent['id']}/show")
    assert other.status_code == 404
    assert api(ann, ["bot:play"]).get(f"/api/challenge/{sent['id']}/show").status_code == 403


def test_a_decline_reason_in_either_case(ann, bob, api):
    for reason, key in (("tooFast", "toofast"), ("NOBOT", "nobot"), ("timecontrol", "timecontrol")):
        sent = api(ann).post("/api/challenge/bob", {"variant": "empress", "days": 3}).json()
        assert api(bob).post(f"/api/challenge/{sent['id']}/decline", {"reason": reason}).json() == {
            "ok": True}  # fmt: skip
        assert api(ann).get(f"/api/challenge/{sent['id']}/show").json()["declineReasonKey"] == key
    sent = api(ann).post("/api/challenge/bob", {"variant": "empress", "days": 3}).json()
    refused = api(bob).post(f"/api/challenge/{sent['id']}/decline", {"reason": "rude"})
    assert refused.status_code == 400 and Game.objects.get(public_id=sent["id"]).status == "open"


def test_a_games_chat_history(active_game, ann, bob, make_user, api):
    chat.post(active_game, ann, "Good luck")
    chat.post(active_game, bob, "You too")
    history = api(bob).get(f"/api/board/game/{active_game.public_id}/chat")
    assert history.json() == [{"user": "ann", "text": "Good luck"},
                              {"user": "bob", "text": "You too"}]  # fmt: skip
    carl = make_user("carl")
    assert api(carl).get(f"/api/board/game/{active_game.public_id}/chat").status_code == 403
    assert api(bob).get(f"/api/bot/game/{active_game.public_id}/chat").status_code == 403


def test_an_open_challenge_is_an_invitation_link(ann, bob, api):
    made = api(ann).post("/api/challenge/open", {"variant": "empire-chess", "clock.limit": 300,
                                                 "color": "white"}).json()  # fmt: skip
    game = Game.objects.get(public_id=made["id"])
    assert (game.listing, game.invited_user, game.player(0)) == ("invite", None, ann)
    assert made["url"].endswith(game.get_absolute_url()) and made["destUser"] is None
    assert made["challenger"]["id"] == "ann" and made["speed"] == "blitz"
    games.join(game, bob)
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    another = api(ann).post("/api/challenge/open", {"variant": "empress"}).json()
    assert api(ann).post(f"/api/challenge/{another['id']}/cancel").json() == {"ok": True}
    named = api(ann).post("/api/challenge/open", {"variant": "empress", "users": "bob,carl"})
    assert named.status_code == 400 and "named players" in named.json()["error"]


def test_a_game_in_play_is_exported_without_its_last_three_plies(ann, bob):
    game = games.join(games.create(ann, "empire-chess", "white", "seek"), bob)
    played = []
    for ply in range(9):
        game_rules = Game.objects.get(pk=game.pk).rules
        text = game_rules.legal_moves(game_rules.parse(Game.objects.get(pk=game.pk).position))[0]
        moves.submit(game.public_id, game.player(ply % 2), text, ply)
        played.append(text)
        shown = Client().get(f"/game/export/{game.public_id}", HTTP_ACCEPT="application/json")
        expected = played[: max(len(played) - 3, 5)]
        assert shown.json()["moves"] == " ".join(expected), ply
    record = Client().get(f"/game/export/{game.public_id}").content.decode()
    assert game.rules.import_record(record).moves == played[:6]
    games.resign(Game.objects.get(pk=game.pk), bob)
    over = Client().get(f"/game/export/{game.public_id}", HTTP_ACCEPT="application/json")
    assert over.json()["moves"] == " ".join(played)
