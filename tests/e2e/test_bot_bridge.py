"""The example bridge (examples/bot_bridge.py) runs a bot account: it accepts a challenge
for a game it plays and declines another, arranges Imperial Shuffle's pieces, and answers
every move of a person playing through the board API, with the computer's own levels or an
engine of one's own."""

import sys
import threading
from pathlib import Path

import berserk
import pytest
import requests

import rules
from tests.e2e.conftest import run_django
from tests.e2e.test_api import Listener

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import bot_bridge  # noqa: E402

pytestmark = pytest.mark.e2e


class FirstLegalMove(bot_bridge.Engine):
    """An engine of one's own: the first legal move, in the rules' order."""

    def move(self, game, moves, time_left_ms):
        state = bot_bridge.ComputerLevels(1).state(game, moves)
        return rules.get(game.variant).legal_moves(state)[0]


def tokens_for(bot: str, person: str) -> tuple[str, str]:
    return tuple(run_django(
        "from django.contrib.auth import get_user_model\n"
        "from play.api import tokens\n"
        "User = get_user_model()\n"
        f"bot, person = User.objects.create_user('{bot}'), User.objects.create_user('{person}')\n"
        "print(tokens.create(bot, 'bridge', ['bot:play'])[1])\n"
        "print(tokens.create(person, 'board', ['board:play', 'challenge:write'])[1])"
    ).split())  # fmt: skip


@pytest.mark.parametrize(("engine", "slugs"), [
    (lambda: bot_bridge.ComputerLevels(1), ["imperial-shuffle", "empress"]),
    (FirstLegalMove, ["imperial-chess"]),
])  # fmt: skip
def test_the_bridge_plays_a_person_through_the_api(server, engine, slugs):
    name = f"bridge-{slugs[0]}"
    bot_secret, person_secret = tokens_for(name, f"{name}-person")
    bridge = bot_bridge.Bridge(server, bot_secret, engine(), slugs)
    bridge.upgrade()
    threading.Thread(target=bridge.run, daemon=True).start()

    def client():  # one a thread: a requests session is not shared between threads safely
        return berserk.Client(berserk.TokenSession(person_secret), base_url=server)

    person = client()
    events = Listener(client().board.stream_incoming_events())
    try:
        refused = person.challenges.create(name, rated=False, variant="empire")
        pytest.fail(f"a challenge for a game it does not play was made: {refused}")
    except berserk.exceptions.ResponseError as exc:
        assert "does not play Empire" in str(exc)
    for slug in slugs:
        challenge = person.challenges.create(name, rated=False, variant=slug, color="white")
        events.next("gameStart", challenge["id"])  # the bridge accepted it
        game = Listener(client().board.stream_game_state(challenge["id"]))
        state = game.next("gameFull")["state"]
        if state["phase"] == "setup":
            requests.post(f"{server}/api/board/game/{challenge['id']}/setup", timeout=30,
                          headers={"Authorization": f"Bearer {person_secret}"})  # fmt: skip
            state = game.next("gameState", phase="play")
        game_rules = rules.get(slug)
        for _ in range(3):  # the person moves when it is their turn; the bridge answers
            while state["toMove"] != "white":
                state = game.next("gameState")
            move = sorted(game_rules.legal_moves(game_rules.parse(state["fen"])))[0]
            person.board.make_move(challenge["id"], move)
            state = game.next("gameState", toMove="white")  # the bridge has answered
        assert len(state["moves"].split()) >= 6
        person.board.resign_game(challenge["id"])
        assert events.next("gameFinish", challenge["id"])["game"]["status"]["name"] == "resign"
    bridge.stop()
