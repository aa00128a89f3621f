import time

from django.core.management.base import BaseCommand, CommandError

import rules
from bots import tactics
from play.puzzles import catalogue

# The computer's games against itself are played on these boards: Empire's enclosures come
# often enough on 16×16 for a search to find them in minutes, and rarely on 32×32.
OPTIONS = {"empire": {"width": 16, "height": 16}, "imperial-shuffle": {"deal": True}}
PER_GAME = 2  # puzzles from one self-play game at most: the next comes from another game


class Command(BaseCommand):
    help = (
        "Make puzzles for a game from the computer's games against itself: positions where one "
        "move wins clearly against the best defence, confirmed by a deeper search (bots/tactics.py). "
        "Adds them to play/puzzles/data/<game>.jsonl. Takes minutes: not for CI."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", choices=[g.slug for g in rules.games()])
        parser.add_argument("--count", type=int, default=10, help="puzzles to add")
        parser.add_argument("--first-seed", type=int, default=0, help="the first self-play game")

    def handle(self, game, count, first_seed, **options):
        if not 1 <= count <= 1000:
            raise CommandError("--count is from 1 to 1000.")
        game_rules, started = rules.get(game), time.monotonic()
        made = looked = 0
        seed = first_seed
        while made < count:
            kept_here, last_ply = 0, -2
            for ply, state in tactics.self_play(game, seed, OPTIONS.get(game)):
                looked += 1
                if ply - last_ply < 2:  # the next ply is much the same position
                    continue
                found = tactics.check(game_rules, state)
                if found is None:
                    continue
                source = f"self-play seed {seed}, after {ply} plies"
                puzzle = catalogue.append(game, found.position, OPTIONS.get(game, {}),
                                          found.line, found.themes, source)  # fmt: skip
                if puzzle is None:
                    continue
                made, kept_here, last_ply = made + 1, kept_here + 1, ply
                self.stdout.write(f"{puzzle.id} {' '.join(found.line)} ({', '.join(found.themes)})")
                if made >= count or kept_here >= PER_GAME:
                    break
            seed += 1
        self.stdout.write(
            f"{made} puzzles made from {looked} positions of {seed - first_seed} games "
            f"in {time.monotonic() - started:.0f} s; next --first-seed {seed}"
        )
