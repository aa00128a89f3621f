"""What a premove costs, in process: the opponent's move through the move service when the
player to move has a premove waiting (the move, then the premove played on its commit, both
boards drawn and pushed) beside the same move with none waiting; and how long after the
opponent's move the premove is stored (the two moves' server times). Prints numbers; asserts
nothing.

    .venv/bin/python bench/premove.py [--games 10] [--moves 20] [--game empire-chess]

On a fresh SQLite database in a temporary folder (PostgreSQL when DATABASE_URL is set); the
games are live, 5+3. Each game is played by random moves; White premoves before each of
Black's moves on every other turn (a move still legal after it), and moves itself on the others.
"""

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import games_to_play, serve_pushes, setup  # noqa: E402
from bench.site import machine_speed  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--moves", type=int, default=20, help="Black's moves a game")
    parser.add_argument("--game", default="empire-chess")
    args = parser.parse_args()
    setup(tempfile.mkdtemp(prefix="imperia-bench-premove-"))
    serve_pushes()
    from play.games.lifecycle import moves_and_state
    from play.models import Game, Move
    from play.round import moves, premoves

    rng = random.Random(55)
    with_premove, without, gaps = [], [], []
    for public_id, _clients, _users in games_to_play(args.games, args.game, "pre"):
        game = Game.objects.get(public_id=public_id)
        white, black = game.player(0), game.player(1)
        blacks = 0
        while blacks < args.moves:
            game = Game.objects.get(public_id=public_id)
            if game.is_over:
                break
            state = moves_and_state(game)[1]
            if game.turn == 0:
                move = rng.choice(sorted(game.rules.legal_moves(state)))
                moves.submit(public_id, white, move, game.ply)
                continue
            theirs = rng.choice(sorted(game.rules.legal_moves(state)))
            after = game.rules.play(state, theirs)
            ahead = [m for m in game.rules.premoves(state, 0) if m in game.rules.legal_moves(after)]
            blacks += 1
            waiting = bool(blacks % 2 and ahead and not game.rules.outcome(after))
            if waiting:
                premoves.keep(public_id, white, rng.choice(sorted(ahead)), game.ply)
            started = time.perf_counter()
            moves.submit(public_id, black, theirs, game.ply)
            took = time.perf_counter() - started
            (with_premove if waiting else without).append(took)
            if waiting:
                pair = Move.objects.filter(game__public_id=public_id, ply__gt=game.ply)
                times = list(pair.order_by("ply").values_list("created_at", flat=True))
                gaps.append((times[1] - times[0]).total_seconds())

    def line(name, values):
        values = sorted(values)
        middle, p90 = statistics.median(values), values[int(0.9 * (len(values) - 1))]
        print(f"{name}: {len(values)}, median {middle * 1000:.1f} ms, 90th {p90 * 1000:.1f} ms")

    line("the opponent's move, no premove waiting", without)
    line("the opponent's move and the premove it answers", with_premove)
    line("the premove stored after the opponent's move (server times)", gaps)
    print(f"machine: {machine_speed():.1f} ms (bench/site.py's yardstick)")


if __name__ == "__main__":
    main()
