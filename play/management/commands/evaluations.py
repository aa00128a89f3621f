import logging
import os
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from imperia_site import outages
from play.push import relay
from play.review import evaluations, reviews

log = logging.getLogger("imperia.evaluations")

NICENESS = 10  # below the server and the computer's moves: players waiting on a move come first


class Command(BaseCommand):
    help = (
        "Answer the analysis board's evaluations: claim one that waits (at most "
        f"{evaluations.AT_ONCE} run at once across every such process), run the engine, store "
        "its answer; between them, review whole games, a few positions at a time; in a loop, "
        "at a lower priority than the server. Run one beside the server."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--once", action="store_true", help="answer every waiting one, then exit"
        )
        parser.add_argument(
            "--every", type=float, default=0.2, help="seconds between looks when nothing waits"
        )

    def handle(self, *args, once=False, every=0.2, **options):
        if not once:
            os.nice(NICENESS)  # Fairy-Stockfish, started from here, inherits it
            relay.forward_from_this_process()  # its answers reach the asking pages
        answered = 0
        loop = outages.Loop(log, "the evaluations' worker", every)
        while True:
            try:
                # A position on the board first: a review's chunk waits behind it.
                done = evaluations.work() or reviews.work()
                loop.recovered()
            except Exception as exc:  # noqa: BLE001 - the pages' evaluations wait for it
                if once:
                    raise
                loop.rest_after(exc)
                continue
            if done is not None:
                answered += 1
                continue
            if once:
                self.stdout.write(f"done: {answered} (evaluations, and reviews' chunks)")
                return
            close_old_connections()
            time.sleep(every)
