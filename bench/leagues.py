"""What a championship costs at scale: an edition of N players (2,000 unless said) made and
begun, with all its games and a word to every player; the longest single transaction of it
(what a request could wait behind); a group's page; and the dashboard of a player with 40
league games in play, with its queries. Prints numbers; asserts nothing.

    .venv/bin/python bench/leagues.py [--players 2000] [--repeat 20] [--instructions]

--instructions counts the machine instructions of the pages and the sweeper's pass (their
mean) instead of timing them, under callgrind as bench/pages.py does: this machine's times of
one page swing by half from minute to minute. Under callgrind everything runs some forty
times slower: use a smaller edition (--players 200).

On a fresh SQLite database in a temporary folder (PostgreSQL when DATABASE_URL is set).
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.move import setup, under_callgrind  # noqa: E402
from bench.pages import cost  # noqa: E402
from bench.site import machine_speed  # noqa: E402


def entered(championship, count: int, prefix: str):
    """`count` new players with established correspondence ratings, entered."""
    from django.contrib.auth import get_user_model

    from play.common import clocks
    from play.models import Entrant, Rating

    User = get_user_model()
    users = User.objects.bulk_create(User(username=f"{prefix}{i}") for i in range(count))
    users = list(User.objects.filter(username__startswith=prefix).order_by("pk"))
    Rating.objects.bulk_create(
        Rating(user=u, game_slug=championship.game_slug, speed="correspondence",
               rating=1000 + 1000 * i / count, rd=60)
        for i, u in enumerate(users)
    )  # fmt: skip
    at = clocks.now()
    Entrant.objects.bulk_create(
        Entrant(championship=championship, user=u, joined_at=at) for u in users
    )
    return users


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - start


def edition(players: int) -> dict:
    from channels.layers import get_channel_layer
    from django.urls import reverse

    from play.common import clocks
    from play.leagues import championships
    from play.models import Championship, Game, Notification

    league = Championship.objects.get(slug="empress-3-days")
    entered(league, players, "bench-")
    # What a running sweeper has loaded already: the addresses and the channel layer.
    reverse("championships"), get_channel_layer()
    league.first_edition_at = clocks.now()
    league.save()
    longest = []
    start_group = championships._start_group

    def measured(group_id):
        _, seconds = timed(start_group, group_id)
        longest.append(seconds)

    championships._start_group = measured
    try:
        made, seconds = timed(championships.start_if_due, league)
    finally:
        championships._start_group = start_group
    return {
        "players": players,
        "games": Game.objects.filter(league_group__edition=made).count(),
        "groups": made.groups.count(),
        "notices": Notification.objects.filter(kind="league").count(),
        "seconds": seconds,
        "longest group transaction ms": max(longest) * 1000,
        "median group transaction ms": statistics.median(longest) * 1000,
        "edition": made,
    }


def page_times(client, address: str, repeat: int) -> tuple[float, int]:
    """A page's median ms (under callgrind, its mean M instructions) and its queries."""

    def asked():
        answer = client.get(address)
        assert answer.status_code == 200, (address, answer.status_code)

    asked()
    return cost(asked, repeat)


def dashboard_of_forty(repeat: int) -> tuple[float, int, float, int]:
    """A player in four groups of ten and one of five: 40 league games in play; and the same
    player's dashboard with 4 of them, for the query count."""
    from django.test import Client

    from play.common import clocks
    from play.leagues import championships
    from play.models import Championship, Game

    busy = None
    sizes = (5, 10, 10, 10, 10)
    timings = []
    for n, size in enumerate(sizes):
        league = Championship.objects.create(
            slug=f"bench-{n}", name=f"Bench {n}", game_slug="empire-chess", group_min=2,
            group_max=10, time_control={"kind": "days", "days": 3},
        )  # fmt: skip
        users = entered(league, size - (busy is not None), f"dash{n}-")
        if busy is None:
            busy = users[0]
        else:
            championships.join(league, busy)
        league.first_edition_at = clocks.now()
        league.save()
        championships.start_if_due(league)
        client = Client(HTTP_HOST="127.0.0.1")
        client.force_login(busy)
        in_play = Game.objects.filter(seats__user=busy, league_group__isnull=False).count()
        timings.append((in_play, *page_times(client, "/", repeat)))
    return timings


def sweep_pass(repeat: int) -> tuple[float, int]:
    """One pass of the championships' and cups' part of the sweeper, with nothing to do but
    look: as page_times measures a page."""
    from play.leagues import schedule

    schedule.sweep()  # opens this month's cups
    return cost(schedule.sweep, repeat)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()
    if args.instructions and not os.environ.get("IMPERIA_CALLGRIND_OUT"):
        return under_callgrind()
    unit = "M instructions" if args.instructions else "ms"
    # Pages drawn without the collected files' manifest (no collectstatic here).
    os.environ["STATICFILES_STORAGE"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
    with tempfile.TemporaryDirectory() as var:
        setup(var)
        from django.test import Client

        from play.games import games
        from play.models import Game

        print(f"machine yardstick: {machine_speed():.1f} ms (bench/site.py; lower is faster)")
        made = edition(args.players)
        print(
            f"edition of {made['players']} players: {made['games']} games in {made['groups']} "
            f"groups, {made['notices']} notices, made and begun in {made['seconds']:.1f} s; "
            f"a group's transaction {made['median group transaction ms']:.0f} ms at the median, "
            f"{made['longest group transaction ms']:.0f} ms at the longest"
        )
        sweep_ms, sweep_queries = sweep_pass(args.repeat)
        print(f"the championships' sweeper pass (one edition in play): {sweep_ms:.1f} {unit}, "
              f"{sweep_queries} queries")  # fmt: skip
        group = made["edition"].groups.order_by("-tier").first()
        for game in Game.objects.filter(league_group=group)[:20]:
            games.resign(game, game.player(1))
        ms, queries = page_times(
            Client(HTTP_HOST="127.0.0.1"), group.get_absolute_url(), args.repeat
        )
        size = group.members.count()
        print(f"group page ({size} players, 20 games over): {ms:.1f} {unit}, {queries} queries")
        for in_play, ms, queries in dashboard_of_forty(args.repeat):
            print(f"dashboard with {in_play} league games in play: {ms:.1f} {unit}, {queries} "
                  "queries")  # fmt: skip


if __name__ == "__main__":
    main()
