"""What following and writing cost a player who follows many and writes much: their list of
followed players (its first page and a deep one), their followers, and the players they
follow who are online now (also on their dashboard, with the timeline of what they did), for
a player following --follows others (5,000 unless said) and followed by as many, --online of
them online; and their inbox of --conversations conversations (its first and last pages), and
a conversation of --letters messages (its latest page and its oldest). Prints the time (the
median of --repeat runs) and the queries of each; asserts nothing.

    .venv/bin/python bench/relations.py [--follows 5000] [--online 200] [--letters 10000]
        [--conversations 2000] [--repeat 7]

On a fresh SQLite database in a temporary folder (PostgreSQL when DATABASE_URL is set), with
the settings' cache (Redis when REDIS_URL is set)."""

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import count_query, setup  # noqa: E402
from bench.site import machine_speed  # noqa: E402


def populate(follows: int, online: int):
    """A star following `follows` players and followed by as many others; `online` of those
    followed online, each in a game in play; every followed player with a game ended."""
    from django.contrib.auth import get_user_model

    from play.common import clocks
    from play.models import Game, Relation, Seat
    from play.push import presence

    User = get_user_model()
    star = User.objects.create_user("star", password="a-long-passphrase")
    others = User.objects.bulk_create(
        [User(username=f"p{i:05}", password="!") for i in range(2 * follows)]
    )
    now = clocks.now()
    Relation.objects.bulk_create(
        [Relation(from_user=star, to_user=u, kind="follow", created_at=now - timedelta(seconds=i))
         for i, u in enumerate(others[:follows])]
        + [Relation(from_user=u, to_user=star, kind="follow", created_at=now - timedelta(seconds=i))
           for i, u in enumerate(others[follows:])]
    )  # fmt: skip
    games = Game.objects.bulk_create(
        [Game(game_slug="empress", created_by=u, status=Game.Status.ACTIVE if i < online
              else Game.Status.FINISHED) for i, u in enumerate(others[:follows])]
    )  # fmt: skip
    Seat.objects.bulk_create(
        [
            Seat(
                game=g,
                user=u,
                index=0,
                finished_at=None if i < online else now - timedelta(minutes=i),
            )
            for i, (g, u) in enumerate(zip(games, others[:follows], strict=True))
        ]  # fmt: skip
    )
    for user in others[:online]:
        presence.online(user.pk)
    return star


def write(star, letters: int, conversations: int) -> str:
    """`letters` messages between the star and one player, and `conversations` more with one
    message each, the latest last: the name of the long conversation's other player."""
    from django.contrib.auth import get_user_model

    from play.common import clocks
    from play.models import Conversation, Correspondent, Letter

    User = get_user_model()
    others = User.objects.bulk_create(
        [User(username=f"w{i:05}", password="!") for i in range(conversations + 1)]
    )
    start = clocks.now() - timedelta(days=30)
    talks = Conversation.objects.bulk_create(
        [Conversation(started_by=other, created_at=start) for other in others]
    )
    lines = [Letter(conversation=talks[0], sender=(star, others[0])[i % 2], text=f"Line {i}",
                    created_at=start + timedelta(seconds=i)) for i in range(letters)]  # fmt: skip
    lines += [Letter(conversation=talk, sender=other, text="Hello",
                     created_at=start + timedelta(seconds=letters + i))
              for i, (talk, other) in enumerate(zip(talks[1:], others[1:], strict=True))]  # fmt: skip
    Letter.objects.bulk_create(lines, batch_size=2000)
    Correspondent.objects.bulk_create(
        [Correspondent(conversation=talk, user=star, other=other, unread=1, last_text="Hello",
                       last_at=start + timedelta(seconds=letters + i))
         for i, (talk, other) in enumerate(zip(talks, others, strict=True))],
        batch_size=2000,
    )  # fmt: skip
    return others[0].username


def measure(call, repeat: int) -> tuple[float, int]:
    from django.db import connection

    times, queries = [], 0
    for _ in range(repeat):
        counted = []
        with connection.execute_wrapper(partial(count_query, counted)):
            start = time.perf_counter()
            answer = call()
            times.append(time.perf_counter() - start)
        queries = len(counted)
        if getattr(answer, "status_code", 200) != 200:
            raise SystemExit(f"answered {answer.status_code}")
    return statistics.median(times) * 1000, queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--follows", type=int, default=5000)
    parser.add_argument("--online", type=int, default=200)
    parser.add_argument("--letters", type=int, default=10_000)
    parser.add_argument("--conversations", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    yardstick = machine_speed()
    # The pages as served: plain static files (no manifest to collect first).
    os.environ["STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
    with tempfile.TemporaryDirectory() as var:
        setup(var)
        from django.db import connection
        from django.test import Client

        from play.relations import relations

        star = populate(args.follows, args.online)
        other = write(star, args.letters, args.conversations)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:  # as a live database's statistics would be
                cursor.execute("ANALYZE")
        client = Client(SERVER_NAME="localhost")
        client.force_login(star)
        deep = args.follows // 50  # the last page of the list
        inbox_last = -(-(args.conversations + 1) // 30)
        talk, talk_last = f"/inbox/{other}/", -(-args.letters // 50)
        cases = {
            "following, first page": lambda: client.get("/relations/following/"),
            f"following, page {deep}": lambda: client.get(f"/relations/following/?page={deep}"),
            "followers, first page": lambda: client.get("/relations/followers/"),
            "online followed (the service)": lambda: relations.online_followed(star),
            "timeline (the service)": lambda: relations.timeline(star),
            "dashboard (all of it)": lambda: client.get("/"),
            "inbox, first page": lambda: client.get("/inbox/"),
            f"inbox, page {inbox_last}": lambda: client.get(f"/inbox/?page={inbox_last}"),
            f"conversation of {args.letters}, latest page": lambda: client.get(talk),
            f"conversation, page {talk_last} (the oldest)": lambda: client.get(
                f"{talk}?page={talk_last}"
            ),
        }
        client.get("/")  # the first request sets the process up
        print(f"{args.follows} followed and following, {args.online} online; "
              f"{args.conversations + 1} conversations, one of {args.letters} messages; "
              f"yardstick {yardstick:.1f} ms")  # fmt: skip
        print("| what | ms (median) | queries |")
        print("|---|---:|---:|")
        for name, call in cases.items():
            ms, queries = measure(call, args.repeat)
            print(f"| {name} | {ms:.1f} | {queries} |")


if __name__ == "__main__":
    main()
