"""The site under a benchmark: its servers on a fresh folder, players and games made in the
database, a page's sockets and posts, and the machine's yardstick. Shared by bench/live.py,
bench/computer_reply.py, bench/move.py, bench/pages.py and the crash test."""

import asyncio
import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def django_setup(var: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imperia_site.settings")
    os.environ["IMPERIA_VAR_DIR"] = var
    import django

    django.setup()


def site_env(var: str) -> dict:
    """The environment of the site's processes on this folder: servers and workers."""
    return {
        **os.environ,
        "IMPERIA_VAR_DIR": var,
        "DJANGO_SETTINGS_MODULE": "imperia_site.settings",
        "RATE_LIMIT_SCALE": "1000",  # 200 players, all from this one address
    }


def start_servers(var: str, count: int, trace: str | None) -> list[tuple[subprocess.Popen, str]]:
    from tests.e2e.conftest import serve, start_daphne

    env = site_env(var)
    app = "imperia_site.asgi:application"
    if trace:
        env["IMPERIA_TRACE"], app = trace, "bench.traced:application"
    first = serve(env, Path(var), app)
    logs = [Path(var) / f"server{i}.log" for i in range(1, count)]
    return [first] + [start_daphne(env, log, app) for log in logs]


LIVE = {"kind": "live", "minutes": 5, "increment": 3}  # the games' clock


def make_players_and_games(count: int, slug: str):
    """(game, [(user, cookie header), ...]) for each game, created in the database."""
    from django.contrib.auth import get_user_model

    from play.games import games

    User = get_user_model()
    run = secrets.token_hex(3)
    out = []
    for i in range(count):
        pair = []
        for side in ("w", "b"):
            user = User.objects.create_user(f"bench{run}{i}{side}")  # no password: sessions only
            pair.append((user, logged_in(user)))
        game = arrange_setup(
            games.join(
                games.create(pair[0][0], slug, "white", "seek", time_control=LIVE), pair[1][0]
            )
        )
        out.append((game.public_id, game.position, pair))
    return out


def logged_in(user) -> dict:
    """The headers of a page of `user`'s: a session made in the database, and its CSRF token."""
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session["_auth_user_id"] = str(user.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = user.get_session_auth_hash()
    session.create()
    csrf = secrets.token_hex(16)
    cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}; csrftoken={csrf}"
    return {"Cookie": cookie, "X-CSRFToken": csrf}


def arrange_setup(game):
    """The game ready to play: in games whose players arrange their pieces first, both do so
    at random (the second dealt clear of the first, once submitted)."""
    from play.games import setup
    from play.models import Game

    if game.status == Game.Status.SETUP:
        for seat in game.seats.all():
            setup.randomize(Game.objects.get(pk=game.pk), seat.user)
            setup.submit(game, seat.user)
        game = Game.objects.get(pk=game.pk)
    return game


class Socket:
    """A page's socket, read all the time as a browser's is, each message with the time it
    arrived. Reading is what answers the server's pings: a socket left unread through a long
    think is closed by daphne once its ping goes unanswered for 30 s."""

    def __init__(self, ws):
        self.ws, self.arrived = ws, asyncio.Queue()
        self.reader = asyncio.create_task(self._read())

    async def _read(self):
        import aiohttp

        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                self.arrived.put_nowait((time.perf_counter(), message.data))
        self.arrived.put_nowait((time.perf_counter(), None))  # closed

    async def next(self) -> tuple[float, str]:
        at, message = await self.arrived.get()
        if message is None:
            raise ConnectionError("the server closed the socket")
        return at, message

    async def send_str(self, text: str) -> None:
        await self.ws.send_str(text)

    async def close(self) -> None:
        await self.ws.close()
        await self.reader


async def connect(http, url: str, headers: dict) -> Socket:
    return Socket(await http.ws_connect(url, headers=headers))


async def wait_for_ply(socket: Socket, ply: int) -> float:
    """When (perf_counter) the socket received the board of this ply."""
    marker = f'data-ply="{ply}"'
    while True:
        at, message = await socket.next()
        if marker in message:
            return at


async def game_socket(http, base: str, public_id: str, headers: dict):
    """A player's socket on the game, past the board it is sent on connect; and the revision
    of that board."""
    ws_url = base.replace("http", "ws", 1) + f"/ws/g/{public_id}/"
    socket = await connect(http, ws_url, {"Cookie": headers["Cookie"], "Origin": base})
    _, first = await asyncio.wait_for(socket.next(), timeout=30)
    return socket, int(re.search(r'data-revision="(\d+)"', first).group(1))


def posting(headers: dict, base: str) -> dict:
    """A player's headers for a POST from the game page, as htmx sends it."""
    return {**headers, "HX-Request": "true", "Origin": base, "Referer": base + "/"}


def seated(urls: list[str], i: int) -> tuple[str, str]:
    """The servers of game i's two players: different ones when there are several."""
    return urls[i % len(urls)], urls[(i + 1) % len(urls)]


def machine_speed() -> float:
    """Milliseconds this process takes for a fixed piece of the rules' work (the best of five):
    the machine's speed at the time, to set beside runs on other days (lower is faster)."""
    import rules

    game = rules.get("empire-chess")
    text = game.format(game.initial())
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(200):
            game.legal_moves(game.parse(text))  # a fresh state: nothing cached
        best = min(best, time.perf_counter() - start)
    return best * 1000


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values, share):
    values = sorted(values)
    return values[min(len(values) - 1, int(share * len(values)))] if values else float("nan")
