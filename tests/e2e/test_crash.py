"""A server killed (SIGKILL) in the middle of play loses no move it acknowledged; after a
restart `manage.py verify_games` is clean and play goes on."""

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

import rules
from bench.site import posting
from tests.e2e.conftest import ROOT, serve, start_daphne, stop_daphne

pytestmark = pytest.mark.e2e
GAMES = 8


def in_server_db(env, code: str):
    """Run `code` with Django set up on the server's database; what it prints, as JSON."""
    setup = "import json, django; django.setup()\n"
    done = subprocess.run(
        [sys.executable, "-c", setup + code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def made_games(env, count: int) -> list[dict]:
    """Games of Empire Chess begun between new players: each its id, start position and its
    players' request headers."""
    return in_server_db(
        env,
        "import bench.site as b\n"
        f"games = b.make_players_and_games({count}, 'empire-chess')\n"
        "print(json.dumps([{'id': g, 'position': p, 'headers': [h for _, h in pair]}\n"
        "    for g, p, pair in games]))",
    )


def stored_moves(env) -> dict[str, list[str]]:
    """Every game's moves in the database, by its id."""
    return in_server_db(
        env,
        "from play.models import Game\n"
        "print(json.dumps({g.public_id: [m.text for m in g.moves.order_by('ply')]\n"
        "    for g in Game.objects.all()}))",
    )


def post_move(url, headers, public_id, move, ply) -> int:
    data = urllib.parse.urlencode({"move": move, "ply": str(ply)}).encode()
    request = urllib.request.Request(f"{url}/g/{public_id}/move/", data, headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def play(url, game, acknowledged, stop):
    """Random legal moves for both sides until stopped; each move the server answered 200 to
    is recorded as acknowledged. A refused or unanswered move (the kill) ends the game."""
    public_id, position, headers = game["id"], game["position"], game["headers"]
    game_rules, rng = rules.get("empire-chess"), random.Random(public_id)
    state, ply = game_rules.parse(position), 0
    while not stop.is_set() and not game_rules.outcome(state):
        move = rng.choice(game_rules.legal_moves(state))
        seat = game_rules.to_move(state)
        try:
            status = post_move(url, headers[seat], public_id, move, ply)
        except OSError:  # the server died under this request: not acknowledged
            return
        if status != 200:
            return
        acknowledged[public_id].append(game_rules.normalize(state, move))
        state, ply = game_rules.play(state, move), ply + 1


def test_sigkill_loses_no_acknowledged_move(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "imperia_site.settings",
        "IMPERIA_VAR_DIR": str(tmp_path),
        "RATE_LIMIT_SCALE": "1000",
    }
    proc, url = serve(env, tmp_path)
    made = made_games(env, GAMES)
    for game in made:
        game["headers"] = [posting(headers, url) for headers in game["headers"]]
    acknowledged = {game["id"]: [] for game in made}
    stop = threading.Event()
    players = [threading.Thread(target=play, args=(url, game, acknowledged, stop)) for game in made]
    for player in players:
        player.start()
    time.sleep(3)  # moves in flight on every game
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    stop.set()
    for player in players:
        player.join(timeout=30)
    played = sum(len(moves) for moves in acknowledged.values())
    assert played > GAMES, "the server should have acknowledged moves before it was killed"
    print(f"killed after {played} acknowledged moves")

    proc, url = start_daphne(env, tmp_path / "restarted.log")
    try:
        verify = subprocess.run(
            [sys.executable, "manage.py", "verify_games"],
            cwd=ROOT, env=env, capture_output=True, text=True,
        )  # fmt: skip
        assert verify.returncode == 0, verify.stdout + verify.stderr
        # Every game in the database: with PostgreSQL, the other browser tests' games too.
        checked = re.fullmatch(r"(\d+) games checked, 0 disagree\.\n", verify.stdout)
        assert checked and int(checked[1]) >= GAMES, verify.stdout
        stored = stored_moves(env)
        for public_id, moves in acknowledged.items():
            # Every acknowledged move is there, in order; at most one more (its answer lost).
            assert stored[public_id][: len(moves)] == moves
            assert len(stored[public_id]) - len(moves) in (0, 1)
        # Play goes on where it stopped (on the restarted server's address).
        game, game_rules = made[0], rules.get("empire-chess")
        state = game_rules.parse(game["position"])
        for text in stored[game["id"]]:
            state = game_rules.play(state, text)
        if not game_rules.outcome(state):
            seat, ply = game_rules.to_move(state), len(stored[game["id"]])
            headers = {**game["headers"][seat], "Origin": url, "Referer": url + "/"}
            assert post_move(url, headers, game["id"], game_rules.legal_moves(state)[0], ply) == 200
    finally:
        stop_daphne(proc)
