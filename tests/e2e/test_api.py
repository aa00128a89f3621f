"""A real lichess client through the API: berserk, pointed at the test server, plays a bot
account against a person in the browser, a whole game of each of the five games (from the
challenge to the end), hearing its events and each game on their streams; and accepts,
declines, and is refused the game it does not play. Imperial Shuffle's setup, which berserk
cannot express, goes through plain HTTP."""

import queue
import threading

import berserk
import pytest
import requests
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import rules
from tests.e2e.conftest import run_django
from tests.e2e.helpers import sign_up, type_move

pytestmark = pytest.mark.e2e
WAIT = 30  # seconds a line may take before the test fails (it waits for lines, not time)


class Listener:
    """A berserk stream read on a thread, its lines queued for the test to wait on."""

    def __init__(self, lines):
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(lines,), daemon=True).start()

    def _read(self, lines):
        try:
            for line in lines:
                self.lines.put(line)
        except requests.RequestException:  # the server stopped at the session's end
            pass
        self.lines.put(None)

    def next(self, kind=None, game_id=None, **fields):
        """The next line of that type, about that game, with those fields (of the line, or
        of its challenge), skipping the others."""
        while True:
            line = self.lines.get(timeout=WAIT)
            assert line is not None, "the stream ended"
            about = line.get("game") or line.get("challenge") or {}
            if (
                kind in (None, line["type"])
                and game_id in (None, about.get("id"))
                and all(line.get(k) == v for k, v in fields.items())
            ):
                return line

    def ended(self):
        while self.lines.get(timeout=WAIT) is not None:
            pass
        return True


def make_bot(server):
    secret = run_django(
        "from django.contrib.auth import get_user_model\n"
        "from play.api import tokens\n"
        "bot = get_user_model().objects.create_user('api-robot')\n"
        "print(tokens.create(bot, 'e2e', ['bot:play', 'challenge:read', 'challenge:write'])[1])"
    ).strip()
    client = berserk.Client(berserk.TokenSession(secret), base_url=server)
    client.account.upgrade_to_bot()
    return client, secret


def bot_client(secret, server):
    """Another client of the bot's: one a thread, as a requests session is not shared
    between threads safely."""
    return berserk.Client(berserk.TokenSession(secret), base_url=server)


def challenged_by_the_person(page, server, slug):
    """The person challenges the bot from its profile page (a casual game, no clock)."""
    page.goto(f"{server}/@/api-robot/")
    page.select_option("#id_game", slug)
    page.check("input[name=side][value=white]")
    page.select_option("#id_time_control", "none")
    page.uncheck("#id_rated")
    page.click("text=Send the challenge")


def play_moves(client, page, game_id, stream, bot_color, plies, slug):
    """`plies` moves, each side in turn: the bot's through berserk, the person's typed in the
    browser; each chosen from the position the bot's stream reports."""
    game = rules.get(slug)
    for ply in range(plies):
        state = stream.next("gameState", ply=ply, phase="play")
        legal = sorted(game.legal_moves(game.parse(state["fen"])))
        move = legal[ply % len(legal)]
        if state["toMove"] == bot_color:
            client.bots.make_move(game_id, move)
        else:
            expect(page.locator("#live")).to_have_attribute("data-ply", str(ply))
            type_move(page, move)
    return stream.next("gameState", ply=plies)


def test_berserk_plays_each_game_as_a_bot_against_a_person(browser, server):
    client, secret = make_bot(server)
    events = Listener(bot_client(secret, server).bots.stream_incoming_events())
    page = browser.new_context().new_page()
    sign_up(page, server, "api-person")
    page.goto(f"{server}/@/api-robot/")
    expect(page.locator("h1")).to_have_text("BOT api-robot")
    assert not Axe().run(page).response["violations"]
    for number, slug in enumerate(["empress", "empire-chess", "empire", "imperial-shuffle",
                                   "imperial-chess"]):  # fmt: skip
        if number % 2 == 0:  # the person challenges; the bot accepts what its stream tells
            challenged_by_the_person(page, server, slug)
            challenge = events.next("challenge")["challenge"]
            assert challenge["variant"]["key"] == slug and challenge["direction"] == "in"
            client.bots.accept_challenge(challenge["id"])
            game_id, bot_color = challenge["id"], "black"
        else:  # the bot challenges; the person accepts on the page
            challenge = client.challenges.create("api-person", rated=False, variant=slug,
                                                 color="white")  # fmt: skip
            game_id, bot_color = challenge["id"], "white"
            page.goto(f"{server}/g/{game_id}/")
            page.click("text=Accept and play")
        started = events.next("gameStart", game_id)
        assert started["game"]["color"] == bot_color
        stream = Listener(bot_client(secret, server).bots.stream_game_state(game_id))
        full = stream.next()
        assert full["type"] == "gameFull" and full["variant"]["key"] == slug
        assert full[bot_color]["title"] == "BOT"
        expect(page.locator("body")).to_have_attribute("data-game-socket", "open")
        if slug == "imperial-shuffle":  # berserk has no setup: plain HTTP, the draft as dealt
            answer = requests.post(f"{server}/api/bot/game/{game_id}/setup",
                                   headers={"Authorization": f"Bearer {secret}"}, timeout=WAIT)  # fmt: skip
            assert answer.json() == {"ok": True}
            page.click("text=Submit arrangement")
        stream.lines.put(full["state"])  # the first state, as the moves wait for it
        last = play_moves(client, page, game_id, stream, bot_color, 4, slug)
        assert len(last["moves"].split()) == 4
        if number == 0:
            client.bots.post_message(game_id, "Good game")
            expect(page.locator(".chat-log")).to_contain_text("Good game")
        if number % 2:  # the bot resigns through berserk
            client.bots.resign_game(game_id)
        else:  # the person resigns on the page
            page.once("dialog", lambda dialog: dialog.accept())
            page.click("button:has-text('Resign')")
        finished = events.next("gameFinish", game_id)
        assert finished["game"]["status"]["name"] == "resign"
        assert stream.next("gameState", status="resign") and stream.ended()
        expect(page.locator("#status")).to_contain_text("wins")
    exported = requests.get(f"{server}/api/games/user/api-robot",
                            headers={"Accept": "application/x-ndjson"}, timeout=WAIT)  # fmt: skip
    assert len(exported.text.splitlines()) == 5


def test_the_bot_declines_and_is_refused_the_game_it_does_not_play(browser, server):
    secret = run_django(
        "from django.contrib.auth import get_user_model\n"
        "from play.accounts import bots\n"
        "from play.api import tokens\n"
        "picky = get_user_model().objects.create_user('api-picky')\n"
        "bots.upgrade(picky, ['empress'])\n"
        "print(tokens.create(picky, 'e2e', ['bot:play'])[1])"
    ).strip()
    client = bot_client(secret, server)
    events = Listener(bot_client(secret, server).bots.stream_incoming_events())
    page = browser.new_context().new_page()
    sign_up(page, server, "api-asker")
    page.goto(f"{server}/@/api-picky/")
    page.select_option("#id_game", "empire")
    page.click("text=Send the challenge")
    expect(page.locator(".messages")).to_contain_text("BOT api-picky does not play Empire")
    page.goto(f"{server}/@/api-picky/")
    page.select_option("#id_game", "empress")
    page.select_option("#id_time_control", "none")
    page.uncheck("#id_rated")
    page.click("text=Send the challenge")
    challenge = events.next("challenge")["challenge"]
    client.bots.decline_challenge(challenge["id"], reason="later")
    expect(page.locator("#status")).to_contain_text(
        "Challenge declined: This is not the right time for me"
    )
