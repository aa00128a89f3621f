"""Every call's answers, checked against lichess's published description (lichess.py): each
field lichess requires, with its type, and nothing else but Imperia's named additions. And
docs/api.md names every difference and addition the check allows."""

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from play.accounts import bots
from play.api import events, streams
from play.api import games as api_games
from play.computer import opponents
from play.games import games
from play.push import presence
from play.round import chat
from tests.play.api.lichess import ADDITIONS, DIFFERENCES, check

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 5, "increment": 3}
DOCS = (Path(__file__).resolve().parents[3] / "docs" / "api.md").read_text()


def ndjson(answer) -> list[dict]:
    body = b"".join(answer.streaming_content) if answer.streaming else answer.content
    return [json.loads(line) for line in body.splitlines() if line.strip()]


@pytest.fixture
def played(finished, ann, bob):
    """A finished rated game between ann and bob, and one in play with six plies."""
    over = finished
    on = games.join(games.create(ann, "empress", "white", "seek", time_control=LIVE), bob)
    return over, on


def test_the_players(ann, bob, played, api, make_user):
    check(api(ann).get("/api/account").json(), "UserExtended")
    check(Client().get("/api/user/bob").json(), "UserExtended")
    engine = make_user("engine")
    bots.upgrade(engine, ["empress"])
    mine = api(engine).get("/api/account").json()
    check(mine, "UserExtended")
    assert mine["title"] == "BOT" and Client().get("/api/user/engine").json()["title"] == "BOT"
    assert "title" not in Client().get("/api/user/ann").json()
    assert "seenAt" not in mine  # never logged in: lichess leaves it out, never null


def test_a_players_counts_as_lichess_counts_them(ann, bob, played, api, make_user):
    seen_by_bob = api(bob).get("/api/user/ann").json()["count"]
    assert (seen_by_bob["me"], seen_by_bob["bookmark"], seen_by_bob["import"]) == (1, 0, 0)
    assert Client().get("/api/user/ann").json()["count"]["me"] == 0  # no one asks
    assert (
        make_user("carl") and api(make_user("dora")).get("/api/user/ann").json()["count"]["me"] == 0
    )


def test_the_games(ann, bob, played):
    over, on = played
    check(Client().get(f"/game/export/{over.public_id}", HTTP_ACCEPT="application/json").json(),
          "GameJson")  # fmt: skip
    check(Client().get(f"/game/export/{on.public_id}", HTTP_ACCEPT="application/json").json(),
          "GameJson")  # fmt: skip
    for line in ndjson(Client().get("/api/games/user/ann", HTTP_ACCEPT="application/x-ndjson")):
        check(line, "GameJson")


def test_a_game_against_the_computer(ann):
    game = opponents.start(ann, "empress", 3, "white", {}, LIVE)
    shown = Client().get(f"/game/export/{game.public_id}", HTTP_ACCEPT="application/json").json()
    check(shown, "GameJson")
    assert shown["players"]["black"] == {"aiLevel": 3} and shown["source"] == "ai"
    started = api_games.for_player(game, 0)
    check({"type": "gameStart", "game": started}, "GameStartEvent")
    assert started["opponent"] == {"id": None, "username": "Imperia level 3", "ai": 3}
    full = api_games.full(game, [], ann)
    check(full, "GameFullEvent")
    assert full["black"]["aiLevel"] == 3 and full["black"]["name"] == "Imperia level 3"


def test_the_challenges(ann, bob, api):
    sent = api(ann).post("/api/challenge/bob", {"variant": "empress", "clock.limit": 300,
                                                "clock.increment": 3}, as_json=True)  # fmt: skip
    check(sent.json(), "ChallengeJson")
    assert sent.json()["destUser"]["rating"] == 1500  # bob's, before any game
    check(api(bob).get("/api/challenge").json(), "ChallengeList")
    shown = api(bob).get(f"/api/challenge/{sent.json()['id']}/show")
    check(shown.json(), "ChallengeJson")
    declined = api(bob).post(f"/api/challenge/{sent.json()['id']}/decline", {"reason": "tooFast"})
    check(declined.json(), "Ok")
    after = api(ann).get(f"/api/challenge/{sent.json()['id']}/show").json()
    check(after, "ChallengeDeclinedJson")
    assert after["declineReasonKey"] == "toofast"
    by_mail = api(ann).post("/api/challenge/bob", {"variant": "empire", "days": 3}).json()
    check(by_mail, "ChallengeJson")
    assert by_mail["speed"] == "correspondence"
    check(api(ann).post(f"/api/challenge/{by_mail['id']}/cancel").json(), "Ok")
    check(api(ann).get("/api/challenge/nothing/show").json(), "Error")


def test_the_event_streams_lines(ann, bob, played, monkeypatch):
    sent_lines = []
    monkeypatch.setattr(events, "_send", sent_lines.extend)
    monkeypatch.setattr(events, "_listening", lambda ids: set(ids))
    challenge = games.create(bob, "empress", "white", "invite", invited=ann)
    events.tell_challenge(challenge.pk)
    replayed = events.replayed(ann)
    for line in replayed:
        check(line, {"gameStart": "GameStartEvent", "challenge": "ChallengeEvent"}[line["type"]])
    live = next(line for _, line in sent_lines if line["challenge"]["direction"] == "in")
    check(live, "ChallengeEvent")
    assert live["challenge"]["url"] == next(
        line["challenge"]["url"] for line in replayed if line["type"] == "challenge"
    )
    games.decline(challenge, ann, "later")
    events.tell_challenge(challenge.pk)
    check(sent_lines[-1][1], "ChallengeDeclinedEvent")
    cancelled = games.create(bob, "empress", "white", "invite", invited=ann)
    games.abort(cancelled, bob)
    events.tell_challenge(cancelled.pk)
    check(sent_lines[-1][1], "ChallengeCanceledEvent")
    events.tell_finished(played[0].pk)
    check(sent_lines[-1][1], "GameFinishEvent")


def test_a_games_streams_lines(ann, bob, played, monkeypatch):
    monkeypatch.setattr(streams, "close_old_connections", lambda: None)  # the test's own
    _, on = played
    game, made = streams._game(on.public_id)
    full = api_games.full(game, made, ann)
    check(full, "GameFullEvent")
    assert "daysPerTurn" not in full and "tournamentId" not in full
    check(api_games.state(game, made, ann), "GameStateEvent")
    chat.post(game, bob, "Good luck")
    stream = streams.Stream(ann, 0, "game", on.public_id)
    for line in streams._chat_lines(stream):
        check(json.loads(line), "ChatLineEvent")


def test_the_new_calls(ann, bob, played, api, make_user):
    _, on = played
    playing = api(ann).get("/api/account/playing").json()
    check(playing, "NowPlaying")
    assert [g["gameId"] for g in playing["nowPlaying"]] == [on.public_id]
    chat.post(on, bob, "Good luck")
    history = api(ann).get(f"/api/board/game/{on.public_id}/chat").json()
    check(history, "PlayerGameChat")
    assert history == [{"user": "bob", "text": "Good luck"}]
    engine = make_user("engine")
    bots.upgrade(engine, ["empress"])
    presence.listening(engine.pk)
    online = ndjson(Client().get("/api/bot/online"))
    for line in online:
        check(line, "User")
    assert [u["id"] for u in online] == ["engine"]
    link = api(ann).post("/api/challenge/open", {"variant": "empress", "clock.limit": 180})
    check(link.json(), "ChallengeOpenJson")
    client = api(ann)
    tested = Client().post("/api/token/test", f"{client.secret},imp_nothing",
                           content_type="text/plain").json()  # fmt: skip
    check(tested, "TokenTest")


def test_each_difference_and_addition_is_in_the_docs():
    for named in [*DIFFERENCES, *ADDITIONS]:
        field = named.split(".", 1)[1]
        assert re.search(rf"`{re.escape(field)}`", DOCS), f"docs/api.md does not name {named}"


def test_the_playing_calls_and_their_refusals(active_game, ann, bob, api, make_user, monkeypatch):
    at = f"/api/board/game/{active_game.public_id}"
    answers = [api(ann).post(f"{at}/move/d3d4"), api(ann).post(f"{at}/draw/yes"),
               api(bob).post(f"{at}/draw/no"), api(ann).post(f"{at}/takeback/yes"),
               api(bob).post(f"{at}/takeback/no"),
               api(bob).post(f"{at}/chat", {"room": "player", "text": "hi"}),
               api(bob).post(f"{at}/resign")]  # fmt: skip
    for answer in answers:
        check(answer.json(), "Ok")
    for refused in (api(ann).post(f"{at}/move/d3d4"), api(ann).post("/api/challenge/nobody"),
                    Client().get("/api/account")):  # fmt: skip
        assert refused.status_code >= 400
        check(refused.json(), "Error")
    game = games.join(games.create(ann, "empress", "white", "seek"), bob)
    monkeypatch.setattr(streams, "close_old_connections", lambda: None)  # the test's own
    gone = streams._opponent_gone(streams.Stream(ann, 0, "game", game.public_id, seat=0))
    check(json.loads(gone[0]), "OpponentGoneEvent")
    check(api(make_user("engine")).post("/api/bot/account/upgrade").json(), "Ok")
