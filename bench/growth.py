"""Whether a move costs more late in a game than early: the bytes of the mover's answer, the
bytes of the push the opponent's socket receives, and the server's time per move, by band of
plies. Prints numbers; asserts nothing.

    .venv/bin/python bench/growth.py [--game empire] [--plies 950] [--band 100] [--seed 1]

One game per rules, played with random legal moves by both sides through Django's test client
(the answer as the page asks for it: a click on the current board, its revision sent) and a
socket connected for each player (channels' WebsocketCommunicator on an event loop in its own
thread, as daphne's delivers pushes). Empire runs to --plies (its placements never end before
~950); the others to their end or --plies. The last line of each game compares the last band
with the first (plies 10 on): a move late in a game should cost within 1.2x of an early one.
"""

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import games_to_play, setup  # noqa: E402

GAMES = ("empress", "empire-chess", "empire", "imperial-shuffle", "imperial-chess")


class Sockets:
    """A game socket per player, on a loop in a thread; what each has received, in bytes."""

    def __init__(self, public_id: str, clients):
        from channels.testing import WebsocketCommunicator

        from imperia_site.asgi import application
        from play.push import live

        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        live.serve_from(self.loop)
        self.sockets = []
        for client in clients:
            cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
            headers = [(b"cookie", cookie), (b"origin", b"http://localhost")]
            socket = WebsocketCommunicator(application, f"/ws/g/{public_id}/", headers)
            self._run(socket.connect())
            self.sockets.append(socket)
        self.drain()

    def _run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    def received(self, index: int, revision: int) -> int:
        """Bytes the socket received until the push of this revision (a whole fragment or an
        update) arrived."""
        total, marker = 0, f'name="revision" value="{revision}"'
        while True:
            message = self._run(self.sockets[index].receive_from(timeout=10))
            total += len(message.encode())
            if marker in message:
                return total

    def drain(self) -> None:
        for socket in self.sockets:
            while not self._run(socket.receive_nothing(timeout=0.05)):
                self._run(socket.receive_from())

    def close(self) -> None:
        for socket in self.sockets:
            self._run(socket.disconnect())


def play(slug: str, plies: int, seed: int) -> list[tuple[int, int, int, float]]:
    """(ply, answer bytes, push bytes, ms) for each move of one random game."""
    import rules
    from play.models import Game

    game_rules = rules.get(slug)
    ((public_id, clients, _),) = games_to_play(1, slug, prefix=slug)
    sockets = Sockets(public_id, clients)
    game = Game.objects.get(public_id=public_id)
    state, rng, out = game_rules.parse(game.position), random.Random(seed), []
    revision = game.revision
    for ply in range(plies):
        if game_rules.outcome(state):
            break
        seat = game_rules.to_move(state)
        moves = game_rules.legal_moves(state)
        if slug == "empire":  # placements, not passes, as players do while points are left
            moves = [m for m in moves if m != "pass"] or moves
        move = rng.choice(moves)
        values = {"move": move, "ply": str(ply), "revision": str(revision), "confirmed": "1"}
        start = time.perf_counter()
        response = clients[seat].post(f"/g/{public_id}/move/", values)
        ms = (time.perf_counter() - start) * 1000
        if response.status_code != 200:
            raise SystemExit(f"{move} was refused: {response.status_code} {response.content[:200]}")
        revision = Game.objects.values_list("revision", flat=True).get(public_id=public_id)
        pushed = sockets.received(1 - seat, revision)
        sockets.drain()
        out.append((ply + 1, len(response.content), pushed, ms))
        state = game_rules.play(state, move)
    sockets.close()
    return out


def report(slug: str, rows, band: int) -> None:
    print(f"\n{slug}: {len(rows)} plies")
    print(f"{'plies':>9} {'answer B':>9} {'push B':>9} {'ms':>6}")
    bands = {}
    for ply, answer, push, ms in rows:
        if ply >= 10:
            bands.setdefault((ply // band) * band, []).append((answer, push, ms))
    medians = {}
    for start, values in sorted(bands.items()):
        answer, push, ms = (statistics.median(v[i] for v in values) for i in range(3))
        medians[start] = (answer, push, ms)
        print(f"{start:>4}-{start + band - 1:<4} {answer:>9.0f} {push:>9.0f} {ms:>6.2f}")
    first, last = medians[min(medians)], medians[max(medians)]
    ratios = [b / a if a else float("nan") for a, b in zip(first, last, strict=True)]
    print(
        f"last band / first: answer {ratios[0]:.2f}x, push {ratios[1]:.2f}x, "
        f"server time {ratios[2]:.2f}x"
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--plies", type=int, default=950)
    parser.add_argument("--band", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup(tempfile.mkdtemp(prefix="imperia-bench-"))
    from bench.site import machine_speed

    for slug in args.game or GAMES:
        report(slug, play(slug, args.plies, args.seed), args.band)
    print(f"\nmachine: {machine_speed():.1f} ms (as in bench/live.py); pid {os.getpid()}")


if __name__ == "__main__":
    main()
