"""The pictures the documents show, made from the site itself so that they stay true:
`make screenshots` (docs/images/). Serves the site as `make run` does on a fresh folder,
plays a few moves in a game of each kind, and photographs each board, the analysis board,
a championship group's table and the referee's case page in Debian's Chromium."""

import contextlib
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM_ARGS, serve  # noqa: E402

OUT = ROOT / "docs" / "images"
PASSWORD = secrets.token_urlsafe(12)  # the pictures' made-up players, for this run alone
SETUP = """
import random
from django.contrib.auth import get_user_model
from django.core.management import call_command
import rules
from play.games import games
from play.referee import disputes
from play.round import moves
from play.games.lifecycle import moves_and_state
from play.models import Game
User = get_user_model()
ann = User.objects.create_user("ann", password={password!r})
bob = User.objects.create_user("bob", password={password!r})
referee = User.objects.create_user("rex", password={password!r})
call_command("make_referee", "rex")
for game_rules in rules.games():
    options = {{"deal": True}} if game_rules.slug == "imperial-shuffle" else {{}}
    days = {{"kind": "days", "days": 3}}
    game = games.join(games.create(ann, game_rules.slug, "white", "seek", options, days), bob)
    rng = random.Random(game_rules.slug)
    for _ in range({plies}):
        game = Game.objects.get(pk=game.pk)
        _, state = moves_and_state(game)
        if game_rules.outcome(state):
            break
        move = rng.choice(sorted(game_rules.legal_moves(state)))
        moves.submit(game.public_id, game.player(game_rules.to_move(state)), move, game.ply)
    print(game_rules.slug, game.public_id)
dispute = disputes.report(Game.objects.get(public_id=game.public_id), bob, "rules",
    "I think that move was not legal.")
print("dispute", dispute.pk)
from play.common import clocks
from play.leagues import championships
from play.models import Championship, Rating
league = Championship.objects.get(slug="empress-3-days")
for i, name in enumerate(["ada", "ben", "cy", "dee", "eve", "fay", "gus", "hal"]):
    player = User.objects.create_user(name)
    Rating.objects.create(user=player, game_slug="empress", speed="correspondence",
        rating=1900 - 40 * i, rd=70)
    championships.join(league, player)
league.first_edition_at = clocks.now()
league.save()
group = championships.start_if_due(league).groups.get()
rng = random.Random("league")
for game in Game.objects.filter(league_group=group).order_by("pk")[:20]:
    games.resign(game, game.player(rng.randrange(2)))
print("group", group.get_absolute_url())
"""


@contextlib.contextmanager
def seeded_site(more: str = ""):
    """The site served as `make run` serves it, on a fresh folder, with players, a game of
    each kind a few moves in, a dispute and a championship's group (and what `more`, Python
    run after them, makes): yields its address and what was made, by the names printed."""
    var = Path(tempfile.mkdtemp(prefix="imperia-site-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "imperia_site.settings",
        "IMPERIA_VAR_DIR": str(var),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "RATE_LIMIT_SCALE": "0",
    }
    server, url = serve(env, var)
    try:
        made = subprocess.run(
            [sys.executable, "manage.py", "shell", "-v0", "-c",
             SETUP.format(password=PASSWORD, plies=12) + more],
            cwd=ROOT, env=env, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        yield url, dict(line.split() for line in made.splitlines() if len(line.split()) == 2)
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(var, ignore_errors=True)


def main() -> None:
    with seeded_site() as (url, found):
        OUT.mkdir(parents=True, exist_ok=True)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
            log_in(page, url, "/login/", "ann", "main button[type=submit]")
            for slug, public_id in found.items():
                if slug in ("dispute", "group"):
                    continue
                page.goto(f"{url}/g/{public_id}/")
                page.wait_for_selector("body[data-game-socket=open]")  # the board redrawn
                page.locator(".game .board-wrap").screenshot(path=OUT / f"board-{slug}.png")
            page.goto(f"{url}/analysis/empire-chess/?tree=d3d4+e7e5+(e7e6+c3c4)+c3c4&at=0.0")
            page.locator("#analysis").screenshot(path=OUT / "analysis.png")
            page.goto(url + found["group"])
            page.locator("main").screenshot(path=OUT / "championship-group.png")
            referee = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            log_in(referee, url, "/admin/login/", "rex", "input[type=submit]")
            referee.goto(f"{url}/admin/play/dispute/")
            referee.screenshot(path=OUT / "referee-desk.png")
            referee.goto(f"{url}/admin/play/dispute/{found['dispute']}/change/")
            referee.screenshot(path=OUT / "referee-case.png")
            browser.close()
    for picture in sorted(OUT.glob("*.png")):
        print(picture.relative_to(ROOT))


def log_in(page, url: str, path: str, name: str, submit: str) -> None:
    page.goto(url + path)
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click(submit)
    page.wait_for_url(lambda address: "/login/" not in address)


if __name__ == "__main__":
    main()
