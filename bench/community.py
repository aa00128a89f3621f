"""What clubs and the forum cost at their scale: a club of --members members (its page, a
deep page of its members, a search among them); a thread of --posts posts (its first, middle
and last pages); and a search over --corpus posts (the forum's words, drawn from a vocabulary
of 5,000 by Zipf's law, as a language's are: a rare word, a common one, two together, and
the search's page). Prints the time (the median of --repeat runs) and the queries of each;
asserts nothing.

    .venv/bin/python bench/community.py [--members 10000] [--posts 10000]
        [--corpus 1000000] [--repeat 7]

On a fresh SQLite database in a temporary folder (PostgreSQL when DATABASE_URL is set:
`scripts/with-services.sh .venv/bin/python bench/community.py`). Making a million posts takes
a few minutes."""

import argparse
import itertools
import os
import random
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import setup  # noqa: E402
from bench.relations import measure  # noqa: E402
from bench.site import machine_speed  # noqa: E402

VOCABULARY = 5000
BATCH = 10_000
THREADS = 10_000  # the corpus's threads, its posts spread over them


def words(rng: random.Random, count: int) -> list[str]:
    """Words of the vocabulary ("w17"), the n-th drawn as often as 1/n."""
    weights = [1 / n for n in range(1, VOCABULARY + 1)]
    return [f"w{n}" for n in rng.choices(range(1, VOCABULARY + 1), weights, k=count)]


def club_of(members: int):
    from django.contrib.auth import get_user_model

    from play.common import clocks
    from play.models import Club, Membership

    User = get_user_model()
    players = User.objects.bulk_create(
        [User(username=f"m{i:06}", password="!") for i in range(members)], batch_size=BATCH
    )
    now = clocks.now()
    club = Club.objects.create(slug="big", name="Big club", description="Many members.",
                               games=["empress"], language="en", founded_by=players[0],
                               founded_at=now, members_count=members)  # fmt: skip
    Membership.objects.bulk_create(
        [Membership(club=club, user=u, leader=i == 0, joined_at=now - timedelta(seconds=i))
         for i, u in enumerate(players)], batch_size=BATCH,
    )  # fmt: skip
    return club, players[0]


def forum_of(author, posts: int, corpus: int, rng: random.Random):
    """A thread of `posts` posts on general talk, and `corpus` more spread over THREADS
    threads: the long thread."""
    from play.common import clocks
    from play.models import Board, Post, Thread

    general = Board.objects.get(slug="general")
    start = clocks.now() - timedelta(days=365)
    long = Thread.objects.create(board=general, title="A long thread", author=author,
                                 created_at=start, last_post_at=start, posts_count=posts)  # fmt: skip
    threads = Thread.objects.bulk_create(
        [Thread(board=general, title=f"Thread {i}", author=author, created_at=start,
                last_post_at=start, posts_count=-(-corpus // THREADS)) for i in range(THREADS)],
        batch_size=BATCH,
    )  # fmt: skip
    numbers = {t.pk: itertools.count(1) for t in threads}
    made = [(long, n) for n in range(1, posts + 1)]
    made += [(threads[i % THREADS], None) for i in range(corpus)]
    for first in range(0, len(made), BATCH):
        chunk = made[first : first + BATCH]
        drawn = iter(words(rng, 30 * len(chunk)))
        Post.objects.bulk_create(
            Post(thread=thread, number=n or next(numbers[thread.pk]), author=author,
                 text=" ".join(itertools.islice(drawn, 30)), created_at=start)
            for thread, n in chunk
        )  # fmt: skip
    return long


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--posts", type=int, default=10_000)
    parser.add_argument("--corpus", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    yardstick = machine_speed()
    os.environ["STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
    with tempfile.TemporaryDirectory() as var:
        setup(var)
        from django.db import connection
        from django.test import Client

        from play.search import search

        club, leader = club_of(args.members)
        long = forum_of(leader, args.posts, args.corpus, random.Random(7))
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:  # as a live database's statistics would be
                cursor.execute("VACUUM ANALYZE")
        client = Client(SERVER_NAME="localhost")
        client.force_login(leader)
        deep, last = args.members // 50, -(-args.posts // 20)
        thread = f"/forum/general/{long.pk}/"
        cases = {
            f"club of {args.members}, its page": lambda: client.get("/club/big/"),
            f"club, members page {deep} (the last)": lambda: client.get(f"/club/big/?page={deep}"),
            "club, members whose name begins m0099": lambda: client.get("/club/big/?member=m0099"),
            f"thread of {args.posts}, first page": lambda: client.get(thread),
            f"thread, page {last // 2}": lambda: client.get(f"{thread}?page={last // 2}"),
            f"thread, page {last} (the last)": lambda: client.get(f"{thread}?page={last}"),
            "search, a rare word (the service)": lambda: search.posts("w4999", leader),
            "search, a common word (the service)": lambda: search.posts("w3", leader),
            "search, two words (the service)": lambda: search.posts("w2 w40", leader),
            "search, the page": lambda: client.get("/forum/search/?q=w40+w2"),
            "clubs found by a word's beginning": lambda: list(search.clubs("bi")),
        }
        client.get("/")  # the first request sets the process up
        print(f"a club of {args.members}; a thread of {args.posts} among {args.corpus} posts; "
              f"{connection.vendor}; yardstick {yardstick:.1f} ms")  # fmt: skip
        print("| what | ms (median) | queries |")
        print("|---|---:|---:|")
        for name, call in cases.items():
            ms, queries = measure(call, args.repeat)
            print(f"| {name} | {ms:.1f} | {queries} |")


if __name__ == "__main__":
    main()
