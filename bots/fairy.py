"""Fairy-Stockfish over UCI: Empire Chess's computer opponent, as pychess-variants plays it.

The engine is a separate process (it is GPL), built by `make install` into var/engines/, or
wherever FAIRY_STOCKFISH points. It learns the Empire from pychess's `empire` definition
(bots/empire.ini). One process serves every player in this process, one search at a time;
each search starts with new search threads and a cleared hash and stops at a count of
positions, so that it is the same search every time. Whatever goes wrong with it is an
EngineFailure: the computer's worker then counts the failure and, after a few in one game,
plays on with its own search."""

from __future__ import annotations

import os
import queue
import subprocess
import threading
import time
from pathlib import Path

from bots.players import Player
from rules.said import said

HERE = Path(__file__).resolve().parent
DEFAULT_PATH = HERE.parent / "var" / "engines" / "fairy-stockfish"
VARIANT_FILE = HERE / "empire.ini"

# What each level asks of the engine: a depth, or a count of positions.
LIMITS = {3: "depth 1", 4: "nodes 300", 5: "nodes 2000", 6: "nodes 10000", 7: "nodes 50000",
          8: "nodes 250000"}  # fmt: skip


# How long the engine may take past what it was asked for before it counts as hung: to start
# and learn the Empire, and to give its move after the search's own time.
START_SECONDS = 10.0
ANSWER_MARGIN = 2.0


class EngineFailure(RuntimeError):
    """Fairy-Stockfish could not give a move: missing, stopped, hung or answering nonsense."""


class EngineMissing(EngineFailure):
    """Fairy-Stockfish is not where it should be: `make install` builds it."""


class Engine:
    """One Fairy-Stockfish process speaking UCI. Every read has a deadline: an engine that
    does not answer in time is killed, and one that stopped is started again, once a search."""

    def __init__(self, path: Path):
        self.path, self.process, self.lock = path, None, threading.Lock()
        self.lines: queue.Queue[str | None] = queue.Queue()

    def best(self, fen: str, limit: str, deadline_ms: int) -> str:
        return self.search(fen, limit, deadline_ms)[0]

    def search(self, fen: str, limit: str, deadline_ms: int) -> tuple[str, list[str]]:
        """The best move, and the engine's last report of its search: `info … score cp 35 …
        pv e2e4 …` split into words (empty if it gave none). EngineFailure if it cannot."""
        with self.lock:
            for attempt in (1, 2):
                try:
                    return self._search(fen, limit, deadline_ms)
                except EngineMissing:
                    raise
                except (OSError, EOFError, EngineFailure) as exc:
                    self._stop()  # dead or hung: a new one, once
                    if attempt == 2:
                        raise EngineFailure(f"Fairy-Stockfish failed: {exc}") from None
        raise AssertionError("unreachable")

    def _search(self, fen, limit, deadline_ms) -> tuple[str, list[str]]:
        if self.process is None:
            self._start()
        # ucinewgame clears the hash and the move histories but not the tables each search
        # thread keeps (its pawn and material caches), and what they hold from earlier
        # searches changes this one's move. Setting Threads (one) makes new threads, with
        # new tables.
        self._send(
            "setoption name Threads value 1",
            "ucinewgame",
            f"position fen {fen}",
            f"go {limit} movetime {deadline_ms}",
        )
        deadline = time.monotonic() + deadline_ms / 1000 + ANSWER_MARGIN
        report: list[str] = []
        while True:
            line = self._read(deadline)
            if line.startswith("info") and " pv " in line:
                report = line.split()
            if line.startswith("bestmove"):
                words = line.split()
                if len(words) < 2:
                    raise EngineFailure("it gave no move")
                return words[1], report

    def _start(self) -> None:
        if not self.path.exists():
            raise EngineMissing(f"No Fairy-Stockfish at {self.path}: run make install.")
        self.process = subprocess.Popen(
            [str(self.path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(
            target=_pass_lines, args=(self.process.stdout, self.lines), daemon=True
        ).start()
        deadline = time.monotonic() + START_SECONDS
        self._send("uci")
        self._until("uciok", deadline)
        self._send(
            f"setoption name VariantPath value {VARIANT_FILE}",
            "setoption name UCI_Variant value empire",
            "setoption name Hash value 16",
            "isready",
        )
        self._until("readyok", deadline)

    def _stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
        self.process = None

    def _send(self, *lines: str) -> None:
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()

    def _read(self, deadline: float) -> str:
        try:
            line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise EngineFailure("it did not answer in time") from None
        if line is None:
            raise EOFError("it stopped")
        return line.strip()

    def _until(self, word: str, deadline: float) -> None:
        while self._read(deadline) != word:
            pass


def _pass_lines(stream, lines: queue.Queue) -> None:
    """The engine's output, a line at a time, onto the queue its reads wait on (None: it
    stopped), so that a read can wait with a deadline."""
    for line in stream:
        lines.put(line)
    lines.put(None)


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
            raise EngineFailure(f"Fairy-Stockfish chose {move}, which is not legal here.")
        return move

    def describe(self) -> str:
        if self.level == 1:
            return said("plays any legal move, at random")
        if self.level == 2:  # the engine at level 3's limit, one move deep
            return said(
                "plays half its moves at random, the rest as Fairy-Stockfish, the engine "
                "pychess-variants plays, one move deep"
            )
        kind, amount = LIMITS[self.level].split()
        if kind == "depth":
            return said("Fairy-Stockfish, the engine pychess-variants plays, one move deep")
        positions = f"{int(amount):,}"
        return said(
            "Fairy-Stockfish, the engine pychess-variants plays, searching {positions} positions "
            "a move",
            positions=positions,
        )
