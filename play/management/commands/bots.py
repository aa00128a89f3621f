import logging

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

from imperia_site import outages
from play.computer import turns
from play.push import relay

log = logging.getLogger("imperia.computer")
FAILURES_IN_A_ROW = 3  # with --once: then the run stops, rather than retry for ever


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
            "--every",
            type=float,
            default=0.2,
            help="seconds between looks when nothing waits (on one machine the server wakes it)",
        )

    def handle(self, *args, once=False, every=0.2, **options):
        if once:
            self.turns(every, wait=None)
            return
        # Beside the server: its moves reach the players' pages, and a player's move wakes it.
        relay.forward_from_this_process()
        alarm = relay.Alarm()
        try:
            self.turns(every, wait=alarm.wait)
        finally:
            alarm.close()

    def turns(self, every: float, wait) -> None:
        """Act in game after game; when none waits, `wait(every)`, or with none (--once)
        report and return."""
        acted, could_not = 0, {}
        loop = outages.Loop(log, "the computer's worker", every)
        while True:
            try:
                done = turns.work()
                loop.recovered()
            except turns.CouldNotAct as exc:  # counted on the game, which is tried again
                log.warning("the computer %s", exc)
                could_not[exc.game] = exc.reason
                continue
            except Exception as exc:  # noqa: BLE001 - one failure must not stop the other games
                if wait is None and loop.failures + 1 >= FAILURES_IN_A_ROW:
                    raise CommandError("the computer keeps failing: see the log") from exc
                loop.rest_after(exc)
                continue
            if done is not None:
                acted += 1
                continue
            if wait is None:
                self.stdout.write(f"acted in {acted} turn{'s' if acted != 1 else ''}")
                if could_not:
                    for game, reason in could_not.items():
                        self.stderr.write(f"could not act in {game}: {reason}")
                    raise CommandError(f"the computer could not act in {len(could_not)} game(s)")
                return
            close_old_connections()
            wait(every)
