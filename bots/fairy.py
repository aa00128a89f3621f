"""Fairy-Stockfish over UCI: Empire Chess's computer opponent, as pychess-variants plays it.

The engine is a separate process (it is GPL), built by `make install` into var/engines/, or
wherever FAIRY_STOCKFISH points. It learns the Empire from pychess's `empire` definition
(bots/empire.ini). One process serves every player in this process, one search at a time;
each search starts from a cleared hash and stops at a count of positions, so that it is the
same search every time."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from pathlib import Path

from bots.players import Player

HERE = Path(__file__).resolve().parent
DEFAULT_PATH = HERE.parent / "var" / "engines" / "fairy-stockfish"
VARIANT_FILE = HERE / "empire.ini"

# What each level asks of the engine: a depth, or a count of positions.
LIMITS = {3: "depth 1", 4: "nodes 300", 5: "nodes 2000", 6: "nodes 10000", 7: "nodes 50000",
          8: "nodes 250000"}  # fmt: skip


class EngineMissing(RuntimeError):
    """Fairy-Stockfish is not where it should be: `make install` builds it."""


class Engine:
    """One Fairy-Stockfish process speaking UCI, restarted if it dies."""

    def __init__(self, path: Path):
        self.path, self.process, self.lock = path, None, threading.Lock()

    def best(self, fen: str, limit: str, deadline_ms: int) -> str:
        return self.search(fen, limit, deadline_ms)[0]

    def search(self, fen: str, limit: str, deadline_ms: int) -> tuple[str, list[str]]:
        """The best move, and the engine's last report of its search: `info … score cp 35 …
        pv e2e4 …` split into words (empty if it gave none)."""
        with self.lock:
            for attempt in (1, 2):
                try:
                    return self._search(fen, limit, deadline_ms)
                except (BrokenPipeError, EOFError):
                    self.process = None  # died: start a new one, once
                    if attempt == 2:
                        raise
        raise AssertionError("unreachable")

    def _search(self, fen, limit, deadline_ms) -> tuple[str, list[str]]:
        if self.process is None:
            self._start()
        self._send("ucinewgame", f"position fen {fen}", f"go {limit} movetime {deadline_ms}")
        report: list[str] = []
        while True:
            line = self._read()
            if line.startswith("info") and " pv " in line:
                report = line.split()
            if line.startswith("bestmove"):
                return line.split()[1], report

    def _start(self) -> None:
        if not self.path.exists():
            raise EngineMissing(f"No Fairy-Stockfish at {self.path}: run make install.")
        self.process = subprocess.Popen(
            [str(self.path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self._send("uci")
        self._until("uciok")
        self._send(
            f"setoption name VariantPath value {VARIANT_FILE}",
            "setoption name UCI_Variant value empire",
            "setoption name Threads value 1",
            "setoption name Hash value 16",
            "isready",
        )
        self._until("readyok")

    def _send(self, *lines: str) -> None:
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()

    def _read(self) -> str:
        line = self.process.stdout.readline()
        if not line:
            raise EOFError("Fairy-Stockfish stopped")
        return line.strip()

    def _until(self, word: str) -> None:
        while self._read() != word:
            pass


_ENGINES: dict[Path, Engine] = {}


def engine() -> Engine:
    path = Path(os.environ.get("FAIRY_STOCKFISH", DEFAULT_PATH))
    return _ENGINES.setdefault(path, Engine(path))


class FairyPlayer(Player):
    """Levels 3 to 8 are the engine at growing limits; level 2 plays half its moves at random
    and the rest at level 3's; level 1 is the random mover."""

    name = "fairy"

    def pick(self, state, moves, rng, deadline) -> str:
        if self.level == 1 or (self.level == 2 and rng.random() < 0.5):
            return moves[0]
        budget = max(1, int((deadline - time.monotonic()) * 1000))
        move = engine().best(self.game.format(state), LIMITS[max(self.level, 3)], budget)
        if move not in moves:  # the rules and the engine agree (tests/rules): a broken engine
            raise RuntimeError(f"Fairy-Stockfish chose {move}, which is not legal here.")
        return move

    def describe(self) -> str:
        if self.level == 1:
            return "plays any legal move, at random"
        kind, amount = LIMITS[max(self.level, 3)].split()
        reach = (
            "one move deep" if kind == "depth" else f"searching {int(amount):,} positions a move"
        )
        engine_text = f"Fairy-Stockfish, the engine pychess-variants plays, {reach}"
        if self.level == 2:
            return f"plays half its moves at random, the rest as {engine_text}"
        return engine_text
