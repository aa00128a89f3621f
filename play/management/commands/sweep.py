import logging
import time

from django.core.management.base import BaseCommand

from imperia_site import outages
from play.games.sweeper import sweep_once
from play.leagues import schedule
from play.push import relay
from play.tournaments import schedule as tournaments

log = logging.getLogger("imperia.sweep")


class Command(BaseCommand):
    help = (
        "Run the periodic duties (timeouts, digests, championships, cups, tournaments) in a loop."
    )

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="one pass, then exit")
        parser.add_argument("--every", type=float, default=2.0, help="seconds between passes")

    def handle(self, *args, once=False, every=2.0, **options):
        # Beside the server, a pass's pushes (a timeout, a tournament's standings and next
        # games) reach its pages, whether it runs in a loop or once.
        relay.forward_from_this_process()
        loop = outages.Loop(log, "the sweeper", every)
        while True:
            try:
                done = sweep_once() | schedule.sweep() | tournaments.sweep()
                loop.recovered()
            except Exception as exc:  # noqa: BLE001 - clocks must be flagged once it is back
                if once:
                    raise
                loop.rest_after(exc)
                continue
            if any(done.values()):
                log.info("sweep: %s", ", ".join(f"{k}: {v}" for k, v in done.items() if v))
            if once:
                self.stdout.write(", ".join(f"{k}: {v}" for k, v in done.items()))
                return
            time.sleep(every)
