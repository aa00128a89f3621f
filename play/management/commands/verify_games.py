from contextlib import contextmanager

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from play.games.games import rebuild
from play.models import Game


class Command(BaseCommand):
    help = "Replay games through the rules and the move hash chain; report any disagreement."

    def add_arguments(self, parser):
        parser.add_argument("public_id", nargs="?", help="one game (default: every game)")

    def handle(self, *args, public_id=None, **options):
        games = Game.objects.exclude(status=Game.Status.OPEN).order_by("pk")
        if public_id:
            games = games.filter(public_id=public_id)
            if not games.exists():
                raise CommandError(f"No started game {public_id!r}.")
        checked, failed = 0, []
        for pk in games.values_list("pk", flat=True).iterator():
            try:
                with snapshot():
                    game = Game.objects.filter(pk=pk).first()
                    if game is None:  # deleted since it was listed
                        continue
                    checked += 1
                    rebuild(game)
            except ValueError as exc:
                failed.append(game.public_id)
                self.stdout.write(f"{game.public_id} ({game.rules.name}): {exc}")
        self.stdout.write(f"{checked} games checked, {len(failed)} disagree.")
        if failed:
            raise CommandError("Some games disagree with their move log: " + ", ".join(failed))


@contextmanager
def snapshot():
    """A transaction whose reads all see the database as it was at the first: a game and its
    moves agree though players go on moving. On PostgreSQL a repeatable read; on SQLite the
    transaction holds the write lock, so nothing commits until the game is read. Inside a
    transaction already (a caller's, a test's), its own reads are the snapshot."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield
