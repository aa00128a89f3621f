"""Whether a move costs more late in a game than early: the bytes of the mover's answer, the
bytes of the push the opponent's socket and a spectator's receive, and the server's time per
move, by band of plies; and what permessage-deflate would make of the pushes. Prints numbers;
asserts nothing.

    .venv/bin/python bench/growth.py [--game empire] [--plies 950] [--band 100] [--seed 1]

One game per rules, played with random legal moves by both sides through Django's test client
(the answer as the page asks for it: a click on the current board, its revision sent) and a
socket connected for each player (channels' WebsocketCommunicator on an event loop in its own
thread, as daphne's delivers pushes), and one for a spectator. Empire runs to --plies (its
placements never end before ~950); the others to their end or --plies. The last line of each
game compares the last band with the first (plies 10 on): a move late in a game should cost
within 1.2x of an early one. "Deflated" is each push compressed as permessage-deflate does on
a socket that keeps its window between messages (raw deflate, context takeover, a sync flush),
with the microseconds it took.
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
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import games_to_play, setup  # noqa: E402

GAMES = ("empress", "empire-chess", "empire", "imperial-shuffle", "imperial-chess")


class Sockets:
    """A game socket per player, on a loop in a thread; what each has received, in bytes."""

    def __init__(self, public_id: str, clients, spectator=True):
        from channels.testing import WebsocketCommunicator

        from imperia_site.asgi import application
        from play.push import live

        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        live.serve_from(self.loop)
        self.sockets = []
        self.deflaters = []  # each socket's permessage-deflate window, were it on
        for client in [*clients, *([None] if spectator else [])]:
            headers = [(b"origin", b"http://localhost")]
            if client is not None:
                headers.append(
                    (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())
                )
            socket = WebsocketCommunicator(application, f"/ws/g/{public_id}/", headers)
            self._run(socket.connect())
            self.sockets.append(socket)
            self.deflaters.append(zlib.compressobj(wbits=-15))
        self.drain()

    def _run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    def received(self, index: int, revision: int) -> tuple[int, int, float]:
        """Bytes the socket received until the push of this revision (a whole fragment or an
        update) arrived; the same deflated on this socket's window, and the microseconds the
        deflating took."""
        total, deflated, spent, marker = 0, 0, 0.0, f'name="revision" value="{revision}"'
        while True:
            message = self._run(self.sockets[index].receive_from(timeout=10)).encode()
            total += len(message)
            start = time.perf_counter()
            window = self.deflaters[index]
            # A message's deflate block ends with the sync flush's 4 bytes, which the extension
            # leaves off the wire (RFC 7692, 7.2.1).
            deflated += len(window.compress(message) + window.flush(zlib.Z_SYNC_FLUSH)) - 4
            spent += (time.perf_counter() - start) * 1e6
            if marker.encode() in message:
                return total, deflated, spent

    def drain(self) -> None:
        for socket in self.sockets:
            while not self._run(socket.receive_nothing(timeout=0.05)):
                self._run(socket.receive_from())

    def close(self) -> None:
        for socket in self.sockets:
            self._run(socket.disconnect())


def play(slug: str, plies: int, seed: int) -> list[tuple]:
    """(ply, answer bytes, ms, push bytes, deflated, deflating µs, a spectator's push bytes)
    for each move of one random game."""
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
        pushed, watched = sockets.received(1 - seat, revision), sockets.received(2, revision)
        sockets.drain()
        out.append((ply + 1, len(response.content), ms, *pushed, watched[0]))
        state = game_rules.play(state, move)
    sockets.close()
    return out


COLUMNS = ("answer B", "ms", "push B", "deflated", "µs", "watch B")


def report(slug: str, rows, band: int) -> None:
    print(f"\n{slug}: {len(rows)} plies")
    print(f"{'plies':>9} " + " ".join(f"{c:>9}" for c in COLUMNS))
    bands = {}
    for ply, *values in rows:
        if ply >= 10:
            bands.setdefault((ply // band) * band, []).append(values)
    medians = {}
    for start, values in sorted(bands.items()):
        medians[start] = [statistics.median(v[i] for v in values) for i in range(len(COLUMNS))]
        print(f"{start:>4}-{start + band - 1:<4} " + " ".join(f"{m:>9.1f}" for m in medians[start]))
    first, last = medians[min(medians)], medians[max(medians)]
    ratios = [b / a if a else float("nan") for a, b in zip(first, last, strict=True)]
    print(
        f"last band / first: answer {ratios[0]:.2f}x, push {ratios[2]:.2f}x, "
        f"server time {ratios[1]:.2f}x"
    )
    pushes = sorted(v for row in rows if row[0] >= 10 for v in (row[3], row[6]))
    print(
        f"pushes from ply 10, the opponent's and a spectator's: median {statistics.median(pushes):.0f} B, "
        f"p90 {pushes[int(0.9 * len(pushes))]} B, max {pushes[-1]} B; deflated "
        f"{sum(r[4] for r in rows) / sum(r[3] for r in rows):.0%} of the opponent's bytes, "
        f"{statistics.median(r[5] for r in rows):.0f} µs a push"
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
