"""When Fairy-Stockfish fails, as a fake engine does here in each of its ways (missing, crashing,
answering a move the rules refuse, hanging): every read has a deadline, a dead or hung engine
is killed and started again, the worker reports the game it could not act in and `bots --once`
exits non-zero, and after a few failures the computer plays the game on with its own search,
its page saying so. An evaluation then reads "not available now"."""

import re
import sys

import pytest
from django.core.management import CommandError, call_command

from bots import fairy, players
from play.computer import opponents, turns
from play.models import Game
from play.review import evaluations
from play.round import moves

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}

FAKE = """#!{python}
import sys, time
for line in sys.stdin:
    word = (line.split() or [""])[0]
    if word == "uci":
        print("id name fake", "uciok", sep="\\n", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        if {way!r} == "crashing":
            sys.exit(3)
        if {way!r} == "hanging":
            time.sleep(600)
        print("info depth 1 score cp 10 pv a1a1", "bestmove a1a1", sep="\\n", flush=True)
"""
WAYS = ["missing", "crashing", "illegal", "hanging"]


@pytest.fixture
def engine_that_fails(tmp_path, monkeypatch):
    """Fairy-Stockfish replaced by a fake that fails in the way asked, with short deadlines."""
    monkeypatch.setattr(fairy, "ANSWER_MARGIN", 0.3)
    monkeypatch.setattr(fairy, "START_SECONDS", 5.0)
    monkeypatch.setattr(players.Player, "most_seconds", 0.2)

    def make(way: str):
        path = tmp_path / f"fake-{way}"
        if way != "missing":
            path.write_text(FAKE.format(python=sys.executable, way=way))
            path.chmod(0o755)
        monkeypatch.setenv("FAIRY_STOCKFISH", str(path))
        return path

    return make


@pytest.mark.parametrize("way", WAYS)
def test_the_computer_plays_on_with_its_own_search_and_the_worker_reports_it(
    way, engine_that_fails, ann, client_of
):
    engine_that_fails(way)
    game = opponents.start(ann, "empire-chess", 4, "white")
    moves.submit(game.public_id, ann, "d3d4", 0)
    with pytest.raises(CommandError, match="could not act in 1 game"):
        call_command("bots", "--once")
    game.refresh_from_db()
    assert game.computer_failures == turns.ENGINE_FAILURES and game.computer_own_search
    assert game.ply == 2 and game.turn == 0  # it moved, with the search the other games use
    if way in ("crashing", "hanging"):
        assert fairy.engine().process is None  # killed, not left running
    page = client_of(ann).get(game.get_absolute_url()).content.decode()
    assert "Fairy-Stockfish failed in this game" in page
    moves.submit(game.public_id, ann, "c3c4", 2)
    call_command("bots", "--once")  # from now on it plays with no engine and no failure
    assert Game.objects.get(pk=game.pk).ply == 4


@pytest.mark.parametrize("way", WAYS)
def test_an_evaluation_reads_not_available_now(way, engine_that_fails, ann, client_of):
    engine_that_fails(way)
    page = client_of(ann)
    asked = page.get("/analysis/empire-chess/?evaluate=1", **HTMX).content.decode()
    token = re.search(r"/analysis/evaluation/([^/\"]+)/", asked)[1]
    assert evaluations.work() == "failed"
    html = page.get(f"/analysis/evaluation/{token}/").content.decode()
    assert evaluations.NOT_AVAILABLE in html and "expected line" not in html


def test_a_crashed_engine_is_started_again_for_the_next_search(engine_that_fails, tmp_path):
    """One crash is not a failure: the engine is started again and the search asked again."""
    path = engine_that_fails("crashing")
    once = tmp_path / "crashed-once"
    path.write_text(path.read_text().replace(
        "if 'crashing' == \"crashing\":",
        f'if not __import__("os").path.exists({str(once)!r}):\n'
        f'            open({str(once)!r}, "w").close()',
    ))  # fmt: skip
    move, _ = fairy.Engine(path).search("any", "depth 1", 100)
    assert move == "a1a1" and once.exists()
