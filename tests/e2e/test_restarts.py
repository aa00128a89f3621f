"""PostgreSQL and Redis restarted under play, with two servers, the computer's and the
evaluations' workers and the sweeper beside them: play resumes by itself, every process
lives on, and no acknowledged move is lost."""

import os
import re
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

import rules
from bench.site import posting
from tests.e2e import services
from tests.e2e.conftest import ROOT, serve, start_daphne, start_worker, stop_daphne
from tests.e2e.helpers import create_game, sign_up, type_move
from tests.e2e.test_crash import in_server_db, made_games, play, post_move, stored_moves

pytestmark = [pytest.mark.e2e, pytest.mark.distributed, services.needed()]
GAMES = 4
SEEN = 40_000  # milliseconds a page may take to show what happened while Redis was away


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Two servers on the suite's PostgreSQL and Redis, and every worker beside them."""
    var = tmp_path_factory.mktemp("restarts")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "imperia_site.settings",
        "IMPERIA_VAR_DIR": str(var),
        "RATE_LIMIT_SCALE": "1000",
    }
    first, url = serve(env, var)
    second, second_url = start_daphne(env, var / "second.log")
    workers = {name: start_worker(env, var, name) for name in ("sweep", "bots", "evaluations")}
    yield {"env": env, "var": var, "urls": [url, second_url], "workers": workers}
    for proc in (*workers.values(), first, second):
        stop_daphne(proc)


def verify(env) -> str:
    done = subprocess.run([sys.executable, "manage.py", "verify_games"], cwd=ROOT, env=env,
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.fullmatch(r"\d+ games checked, 0 disagree\.\n", done.stdout), done.stdout
    return done.stdout


def test_play_resumes_by_itself_after_postgresql_restarts(site):
    env, urls = site["env"], site["urls"]
    made = made_games(env, GAMES)
    for i, game in enumerate(made):  # each game on one of the two servers
        game["url"] = urls[i % 2]
        game["headers"] = [posting(headers, game["url"]) for headers in game["headers"]]
    acknowledged = {game["id"]: [] for game in made}
    stop = threading.Event()
    players = [threading.Thread(target=play, args=(g["url"], g, acknowledged, stop)) for g in made]
    for player in players:
        player.start()
    try:
        played = lambda: sum(map(len, acknowledged.values()))  # noqa: E731
        services.until(lambda: played() >= 3 * GAMES, "moves before the restart")
        # A game read while its players move agrees with its log: no false alarm.
        verify(env)
        verify(env)
        services.restart_postgres()
    finally:
        stop.set()
        for player in players:
            player.join(timeout=30)

    stored = stored_moves(env)
    for public_id, moves in acknowledged.items():
        # Every acknowledged move is there, in order; at most one more (its answer lost).
        assert stored[public_id][: len(moves)] == moves
        assert len(stored[public_id]) - len(moves) in (0, 1)
    # Play resumes by itself, on both servers: each game's page is served, and its next
    # move accepted (unless the random moves have ended it).
    game_rules = rules.get("empire-chess")
    for game in made:
        for url in urls:
            with urllib.request.urlopen(f"{url}/g/{game['id']}/", timeout=10) as page:
                assert page.status == 200
        state = game_rules.parse(game["position"])
        for text in stored[game["id"]]:
            state = game_rules.play(state, text)
        if game_rules.outcome(state):
            continue
        seat, ply = game_rules.to_move(state), len(stored[game["id"]])
        move = game_rules.legal_moves(state)[0]
        assert post_move(game["url"], game["headers"][seat], game["id"], move, ply) == 200

    # The computer answers a move, the sweeper withdraws a stale seek, the evaluations'
    # worker takes up an evaluation: each worker outlived the restart.
    asked = in_server_db(
        env,
        "from datetime import timedelta\n"
        "from django.contrib.auth import get_user_model\n"
        "import bench.site as b, rules\n"
        "from play.common import clocks\n"
        "from play.computer import opponents\n"
        "from play.games import games\n"
        "from play.models import Game\n"
        "from play.review import evaluations\n"
        "user = get_user_model().objects.create_user(f'restart{clocks.now().timestamp():.0f}')\n"
        "vs = opponents.start(user, 'empress', 1, 'white')\n"
        "seek = games.create(user, 'empire-chess', 'white', 'seek')\n"
        "Game.objects.filter(pk=seek.pk).update(created_at=clocks.now() - timedelta(days=2))\n"
        "state = rules.get('empress').parse(vs.position)\n"
        "asked = evaluations.ask(user, 'empress', state, {})\n"
        "print(json.dumps({'vs': vs.public_id, 'seek': seek.public_id, 'asked': asked.pk,\n"
        "    'headers': b.logged_in(user), 'move': rules.get('empress').legal_moves(state)[0]}))",
    )
    headers = posting(asked["headers"], urls[1])
    assert post_move(urls[1], headers, asked["vs"], asked["move"], 0) == 200
    now = (
        "from play.models import Evaluation, Game\n"
        f"vs, seek = Game.objects.get(public_id={asked['vs']!r}), "
        f"Game.objects.get(public_id={asked['seek']!r})\n"
        f"evaluation = Evaluation.objects.get(pk={asked['asked']})\n"
        "print(json.dumps([vs.ply, seek.status, evaluation.status]))"
    )
    services.until(
        lambda: (
            (state := in_server_db(env, now))[0] == 2
            and state[1] == "aborted"
            and state[2] not in ("waiting", "running")
        ),
        "the workers to act after the restart",
        timeout=60,
        every=0.5,
    )
    for name, proc in site["workers"].items():
        assert proc.poll() is None, (
            f"manage.py {name} ended: " + Path(site["var"] / f"{name}.log").read_text()[-2000:]
        )
    verify(env)


def test_pages_catch_up_and_requests_are_served_while_redis_restarts(browser, site):
    """White on the first server, Black on the second. Redis goes away: the game's pages
    are still served to logged-in players and a move posted is played; Redis comes back
    empty: both open pages show that move without a reload, and the next move made on one
    server reaches the page on the other."""
    first, second = site["urls"]
    white = browser.new_context().new_page()
    black = browser.new_context().new_page()
    sign_up(white, first, "rosa")
    sign_up(black, second, "tomas")
    create_game(white, "empire-chess")
    game_path = white.url.removeprefix(first)
    black.goto(second + "/")
    black.click("button:has-text('Accept')")
    expect(black).to_have_url(second + game_path)
    expect(white.locator("#status")).to_have_text("Your turn.")
    for page in (white, black):
        expect(page.locator("body")).to_have_attribute("data-game-socket", "open")
        page.evaluate("window.notReloaded = true")
    public_id = game_path.strip("/").split("/")[-1]

    services.stop_redis()
    try:
        for page, url in ((white, first), (black, second)):
            shown = page.request.get(url + game_path)
            assert shown.status == 200 and "Log out" in shown.text()
        csrf = next(c["value"] for c in white.context.cookies() if c["name"] == "csrftoken")
        moved = white.request.post(
            f"{first}/g/{public_id}/move/",
            form={"move": "d3d4", "ply": "0"},
            headers={
                "X-CSRFToken": csrf,
                "HX-Request": "true",
                "Origin": first,
                "Referer": first + game_path,
            },  # fmt: skip
        )
        assert moved.status == 200, moved.text()
    finally:
        services.start_redis()

    for page in (white, black):  # the move played while Redis was away
        expect(page.locator("#live")).to_have_attribute("data-ply", "1", timeout=SEEN)
    expect(black.locator("#status")).to_have_text("Your turn.")
    type_move(black, "e7e5")  # on the second server, by its socket
    expect(white.locator("#live")).to_have_attribute("data-ply", "2", timeout=SEEN)
    expect(white.locator("#status")).to_have_text("Your turn.")
    assert white.evaluate("window.notReloaded") is True
    assert black.evaluate("window.notReloaded") is True
    assert stored_moves(site["env"])[public_id] == ["d3d4", "e7e5"]
