"""Connect an engine to Imperia as a bot account, the way lichess-bot (and pychess-variants'
fork of it, for Fairy-Stockfish) connects one to lichess: it listens to the account's
events, accepts the challenges it wants, and plays each game on its own stream.

It ships with Imperia's own computer levels as its engine (the `rules` and `bots` packages
of this repository, pure Python), so a bot runs in a minute:

    python examples/bot_bridge.py --server https://imperia.example --token imp_... \\
        --upgrade --variants empress,empire-chess --level 4

and plugs in another engine through `--engine module:Class`, a subclass of `Engine` below
(docs/api.md, "A bot in a minute"). It needs `requests` (pip install requests).
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

import requests

log = logging.getLogger("bot_bridge")
SIDES = ("white", "black")


@dataclass
class GameInfo:
    """What a game's first line (`gameFull`) says of it, for the engine."""

    id: str
    variant: str
    options: dict
    initial: str  # the game's own position text at its start (`initialFen`)
    color: str  # the bot's side: "white" (the first seat) or "black"
    clock: dict | None = None
    days: int | None = None
    arranged: bool = False  # its setup sent (Imperial Shuffle)


class Engine:
    """What the bridge asks of an engine. Subclass it, and name it with --engine."""

    def move(self, game: GameInfo, moves: list[str], time_left_ms: int) -> str:
        """The move to play after `moves`, in the game's own notation (an Imperial Chess
        charge: its parts joined by commas)."""
        raise NotImplementedError

    def arrange(self, game: GameInfo) -> str | None:
        """Imperial Shuffle's setup: the bot's board in the position notation, or None to
        submit the draft it was dealt."""
        return None

    def close(self) -> None:
        pass


class ComputerLevels(Engine):
    """Imperia's own computer, at a level from 1 to 8, from this repository's packages."""

    def __init__(self, level: int = 4):
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        self.rules, self.bots = importlib.import_module("rules"), importlib.import_module("bots")
        self.level = level

    def _player(self, game: GameInfo, own_search: bool = False):
        return self.bots.get(game.variant, level=self.level, seed=hash(game.id) & 0xFFFF,
                             own_search=own_search)  # fmt: skip

    def state(self, game: GameInfo, moves: list[str]):
        """The position after `moves`, replayed from the start (repetitions count)."""
        rules = self.rules.get(game.variant)
        state = rules.with_options(rules.parse(game.initial), game.options)
        for move in moves:
            state = rules.play(state, move)
        return state

    def move(self, game, moves, time_left_ms):
        state = self.state(game, moves)
        budget = None if game.clock is None else max(50, min(time_left_ms // 30, 10_000))
        try:
            return self._player(game).choose(state, budget_ms=budget)
        except Exception as exc:  # noqa: BLE001 - Fairy-Stockfish missing: Imperia's own search
            log.warning("the engine failed (%r): Imperia's own search plays", exc)
            return self._player(game, own_search=True).choose(state, budget_ms=budget)

    def arrange(self, game):
        seat = SIDES.index(game.color)
        return self._player(game).choose(self.bots.Arranging(game.options, seat, None))


@dataclass
class Bridge:
    server: str
    token: str
    engine: Engine
    variants: list[str]
    most_games: int = 4
    playing: set[str] = field(default_factory=set)

    def __post_init__(self):
        self.local = threading.local()  # a session a thread: requests' are not shared safely
        self.lock = threading.Lock()
        self.stopped = threading.Event()

    def stop(self) -> None:
        """End the streams at their next line (a keep-alive comes every few seconds)."""
        self.stopped.set()

    @property
    def http(self) -> requests.Session:
        if not hasattr(self.local, "session"):
            self.local.session = requests.Session()
            self.local.session.headers["Authorization"] = f"Bearer {self.token}"
        return self.local.session

    def call(self, path: str, **data) -> dict:
        answer = self.http.post(self.server + path, data=data, timeout=30)
        if answer.status_code >= 400:
            log.warning("%s refused (%s): %s", path, answer.status_code, answer.text)
        return answer.json() if answer.content else {}

    def lines(self, path: str):
        """A stream's lines, as dictionaries, until it ends (keep-alive newlines skipped)."""
        with self.http.get(self.server + path, stream=True, timeout=(10, 30)) as answer:
            if answer.status_code != 200:
                raise ConnectionError(f"{path}: {answer.status_code} {answer.text}")
            for line in answer.iter_lines():
                if self.stopped.is_set():
                    return
                if line:
                    yield json.loads(line)

    def upgrade(self) -> None:
        self.call("/api/bot/account/upgrade", variants=",".join(self.variants))

    def run(self) -> None:
        """Listen to the account's events for ever, reconnecting after a failure."""
        wait = 1
        while not self.stopped.is_set():
            try:
                for event in self.lines("/api/stream/event"):
                    wait = 1
                    self.on_event(event)
            except (requests.RequestException, ConnectionError) as exc:
                log.warning("the event stream dropped (%r): again in %s s", exc, wait)
            self.stopped.wait(wait)
            wait = min(wait * 2, 60)

    def on_event(self, event: dict) -> None:
        kind = event["type"]
        if kind == "challenge":
            challenge = event["challenge"]
            if challenge.get("direction") == "out":
                return
            reason = self.refusal(challenge)
            if reason:
                self.call(f"/api/challenge/{challenge['id']}/decline", reason=reason)
            else:
                self.call(f"/api/challenge/{challenge['id']}/accept")
        elif kind == "gameStart":
            game_id = event["game"]["gameId"]
            with self.lock:
                if game_id in self.playing:
                    return
                self.playing.add(game_id)
            threading.Thread(target=self.play, args=(game_id,), daemon=True).start()

    def refusal(self, challenge: dict) -> str | None:
        """Why a challenge is declined (lichess's reason), or None to accept it."""
        if challenge["variant"]["key"] not in self.variants:
            return "variant"
        if len(self.playing) >= self.most_games:
            return "later"
        return None

    def play(self, game_id: str) -> None:
        """One game, on its stream, to its end."""
        try:
            game = None
            for line in self.lines(f"/api/bot/game/stream/{game_id}"):
                if line["type"] == "gameFull":
                    game = self.game_info(line)
                    over = self.on_state(game, line["state"])
                elif line["type"] == "gameState" and game is not None:
                    over = self.on_state(game, line)
                else:
                    continue
                if over:
                    return
        except (requests.RequestException, ConnectionError) as exc:
            log.warning("game %s: its stream dropped (%r)", game_id, exc)
        finally:
            with self.lock:
                self.playing.discard(game_id)

    def game_info(self, full: dict) -> GameInfo:
        me = self.account_id()
        color = "white" if (full["white"] or {}).get("id") == me else "black"
        return GameInfo(full["id"], full["variant"]["key"], full.get("options") or {},
                        full["initialFen"], color, full.get("clock"), full.get("daysPerTurn"))  # fmt: skip

    def account_id(self) -> str:
        if not hasattr(self, "_me"):
            self._me = self.http.get(self.server + "/api/account", timeout=30).json()["id"]
        return self._me

    def on_state(self, game: GameInfo, state: dict) -> bool:
        """Act on the game as it stands; whether it is over."""
        if state["status"] not in ("started", "created"):
            log.info("game %s is over: %s", game.id, state["status"])
            return True
        if state.get("phase") == "setup":
            if not state["submitted"][game.color] and not game.arranged:
                # Once the other board is in, the draft dealt is cleared of clashes: sent as is.
                board = None if any(state["submitted"].values()) else self.engine.arrange(game)
                sent = {"arrangement": board} if board else {}
                game.arranged = "error" not in self.call(f"/api/bot/game/{game.id}/setup", **sent)
            return False
        if state.get("ply") == 0:  # after a setup phase, play starts from the boards arranged
            game.initial = state["fen"]
        if state.get("toMove") == game.color:
            moves = state["moves"].split()
            left = state["wtime"] if game.color == "white" else state["btime"]
            move = self.engine.move(game, moves, left)
            self.call(
                f"/api/bot/game/{game.id}/move/{requests.utils.quote(move, safe='')}",
                ply=len(moves),
                revision=state["revision"],
            )
        return False


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="the site, e.g. https://imperia.example")
    parser.add_argument("--token", required=True, help="a token with the bot:play scope")
    parser.add_argument("--variants", default="empress,empire-chess,empire,imperial-shuffle,imperial-chess",
                        help="the games it plays, slugs joined by commas")  # fmt: skip
    parser.add_argument("--level", type=int, default=4, help="the computer's level, 1 to 8")
    parser.add_argument("--engine", help="module:Class, an Engine of your own")
    parser.add_argument("--upgrade", action="store_true", help="make the account a bot first")
    parser.add_argument("--most-games", type=int, default=4, help="games at once")
    options = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if options.engine:
        module, name = options.engine.split(":")
        engine = getattr(importlib.import_module(module), name)()
    else:
        engine = ComputerLevels(options.level)
    bridge = Bridge(options.server.rstrip("/"), options.token, engine,
                    options.variants.split(","), options.most_games)  # fmt: skip
    if options.upgrade:
        bridge.upgrade()
    try:
        bridge.run()
    finally:
        engine.close()


if __name__ == "__main__":
    main()
