"""Two daphne processes sharing PostgreSQL and Redis: a move posted to one reaches a browser
whose socket is connected to the other, and an API client's streams on the other."""

import berserk
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import create_game, sign_up, type_move
from tests.e2e.test_api import Listener

pytestmark = [pytest.mark.e2e, pytest.mark.distributed]


def test_a_move_on_one_server_reaches_a_socket_on_the_other(browser, server, second_server):
    white = browser.new_context().new_page()
    black = browser.new_context().new_page()
    sign_up(white, server, "wes")  # on the first server
    sign_up(black, second_server, "xia")  # on the second
    create_game(white, "empire-chess")
    game_path = white.url.removeprefix(server)
    black.goto(second_server + "/")
    black.click("button:has-text('Accept')")
    expect(black).to_have_url(second_server + game_path)
    expect(white.locator("#status")).to_have_text("Your turn.")  # the join crossed over too
    black.evaluate("window.notReloaded = true")
    type_move(white, "d3d4")  # posted to the first server
    expect(black.locator(".moves")).to_contain_text("Sd4")  # pushed by the second
    expect(black.locator("#status")).to_have_text("Your turn.")
    assert black.evaluate("window.notReloaded") is True


def test_api_streams_on_one_server_hear_what_happens_on_the_other(server, second_server):
    """A bot's event and game streams open on the second server; the challenge it is sent,
    the game begun and a move made through the first reach them, and a revocation made on
    the first closes them."""
    secrets = run_django(
        "from django.contrib.auth import get_user_model\n"
        "from play.accounts import bots\n"
        "from play.api import tokens\n"
        "User = get_user_model()\n"
        "bot, person = User.objects.create_user('dist-bot'), User.objects.create_user('dist-ann')\n"
        "bots.upgrade(bot)\n"
        "print(tokens.create(bot, 'streams', ['bot:play'])[1])\n"
        "print(tokens.create(person, 'board', ['board:play', 'challenge:write'])[1])"
    ).split()
    bot = berserk.Client(berserk.TokenSession(secrets[0]), base_url=second_server)
    person = berserk.Client(berserk.TokenSession(secrets[1]), base_url=server)
    events = Listener(bot.bots.stream_incoming_events())  # on the second server
    challenge = person.challenges.create("dist-bot", rated=False, variant="empress",
                                         color="white")  # on the first  # fmt: skip
    assert events.next("challenge", challenge["id"])
    bot.bots.accept_challenge(challenge["id"])
    assert events.next("gameStart", challenge["id"])
    game = Listener(berserk.Client(berserk.TokenSession(secrets[0]), base_url=second_server)
                    .bots.stream_game_state(challenge["id"]))  # fmt: skip
    assert game.next("gameFull")["state"]["ply"] == 0
    person.board.make_move(challenge["id"], "Q@a1")  # through the first server
    assert game.next("gameState", ply=1)["moves"] == "Q@a1"
    run_django(  # revoked on the first: the streams on the second close
        "from play.api import tokens\n"
        "from play.models import ApiToken\n"
        "t = ApiToken.objects.get(user__username='dist-bot')\n"
        "tokens.revoke(t.user, t.pk)"
    )
    assert events.ended() and game.ended()
