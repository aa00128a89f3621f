import logging
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from play import computer

log = logging.getLogger("imperia.computer")


class Command(BaseCommand):
    help = (
        "Move for the computer opponents: claim a game where the computer is to act, choose "
        "its move, play it through the move service; in a loop. Run one or more beside the server."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--once", action="store_true", help="act in every waiting game, then exit"
        )
        parser.add_argument(
            "--every", type=float, default=0.2, help="seconds between looks when nothing waits"
        )

    def handle(self, *args, once=False, every=0.2, **options):
        acted = 0
        while True:
            try:
                done = computer.work()
            except Exception:  # noqa: BLE001 - one game's failure must not stop the others'
                log.exception("the computer failed to act; its claim lapses and it is tried again")
                done = "failed"
            if done is not None:
                acted += 1
                continue
            if once:
                self.stdout.write(f"acted in {acted} turn{'s' if acted != 1 else ''}")
                return
            close_old_connections()
            time.sleep(every)
