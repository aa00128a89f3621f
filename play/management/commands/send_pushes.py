import logging
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from imperia_site import outages
from play.webpush import keys, outbox

log = logging.getLogger("imperia.webpush")


class Command(BaseCommand):
    help = (
        "Send the queued web pushes (play/webpush/): encrypted for each device, signed with the "
        "site's VAPID key (made into var/ on the first run unless the settings give one), "
        "tried again with back-off; in a loop. Run one beside the server."
    )

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="send what is due, then exit")
        parser.add_argument(
            "--every", type=float, default=1.0, help="seconds between looks when nothing is due"
        )

    def handle(self, *args, once=False, every=1.0, **options):
        if keys.make():
            log.info("web push: VAPID keys made in %s", keys.path())
        loop = outages.Loop(log, "the push sender", every)
        while True:
            try:
                done = outbox.send_due()
                loop.recovered()
            except Exception as exc:  # noqa: BLE001 - what is queued waits for it
                if once:
                    raise
                loop.rest_after(exc)
                continue
            if any(done.values()):
                log.info("pushes: %s", ", ".join(f"{k}: {v}" for k, v in done.items() if v))
            if once:
                self.stdout.write(", ".join(f"{k}: {v}" for k, v in done.items()))
                return
            if not any(done.values()):  # while pushes are due, no rest between batches
                close_old_connections()
                time.sleep(every)
