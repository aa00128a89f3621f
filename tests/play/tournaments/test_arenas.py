"""An arena's life: made, joined, begun, paired again and again, scored, paused, ended."""

from datetime import timedelta

import pytest

from play.common.errors import Refused
from play.games import games
from play.models import Game, Notification, Pairing, Participant, Rating, Tournament
from play.referee import disputes
from play.tournaments import arenas, entries, schedule
from tests.play.tournaments.helpers import begun

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 3, "increment": 2}


@pytest.fixture
def arena(ann, clock):
    return arenas.create(ann, name="Hourly Empress", game_slug="empress", time_control=LIVE,
                         minutes=60, starts_at=clock() + timedelta(minutes=5))  # fmt: skip


def entered(arena, users):
    for user in users:
        entries.join(arena, user)


def resign_all(arena, losers):
    """End every game of the arena in play: whoever is in `losers` resigns (else Black)."""
    for game in Game.objects.filter(tournament=arena, status="active"):
        seats = {s.user_id: s for s in game.seats.all()}
        loser = next((u for u in losers if u.pk in seats), None) or game.player(1)
        games.resign(game, loser)


@pytest.mark.parametrize(
    "fields, said",
    [
        ({"time_control": {"kind": "days", "days": 3}}, "live clock"),
        ({"minutes": 10}, "from 20 minutes"),
        ({"minutes": 200}, "to 3 hours"),
        ({"game_slug": "imperial-shuffle"}, "deal the boards"),
        ({"game_slug": "chess"}, "no game called 'chess'"),
        ({"name": " "}, "Name the tournament"),
        ({"rating_min": 1800, "rating_max": 1500}, "above the highest"),
    ],
)
def test_an_arena_that_cannot_be_played_is_refused_whole(ann, clock, fields, said):
    values = dict(name="A", game_slug="empress", time_control=LIVE, minutes=60,
                  starts_at=clock())  # fmt: skip
    with pytest.raises(Refused, match=said):
        arenas.create(ann, **(values | fields))
    assert not Tournament.objects.exists()


def test_joining_checks_the_password_and_the_conditions_and_changes_nothing_when_refused(
    ann, bob, make_user, clock
):
    locked = arenas.create(ann, name="Club", game_slug="empress", time_control=LIVE, minutes=30,
                           starts_at=clock(), password="secret", rating_max=1600,
                           min_rated_games=1)  # fmt: skip
    with pytest.raises(Refused, match="password") as refused:
        entries.join(locked, bob, "guess")
    assert refused.value.status == 403
    with pytest.raises(Refused, match="1 rated games"):
        entries.join(locked, bob, "secret")
    Rating.objects.create(user=bob, game_slug="empress", speed="live", rating=1700, rd=60, games=3)
    with pytest.raises(Refused, match="rated 1600 or less"):
        entries.join(locked, bob, "secret")
    assert not Participant.objects.exists()
    carl = make_user("carl")
    Rating.objects.create(user=carl, game_slug="empress", speed="live", rating=1400, rd=60, games=3)
    entries.join(locked, carl, "secret")
    with pytest.raises(Refused, match="already"):
        entries.join(locked, carl, "secret")
    assert Participant.objects.count() == 1


def test_an_arena_begins_and_pairs_its_free_players_near_in_rank(arena, players, clock):
    users = players(4)
    entered(arena, users)
    assert schedule.begin_due(clock()) == 0
    clock.advance(minutes=5)
    assert schedule.begin_due(clock()) == 1
    made = arenas.pair_free(arena)
    assert len(made) == 2
    assert all(g.status == "active" and g.tournament_id == arena.pk and g.rated for g in made)
    seated = sorted(s.user_id for g in made for s in g.seats.all())
    assert seated == sorted(u.pk for u in users)
    assert arenas.pair_free(arena) == []  # everyone is playing
    ready = Notification.objects.filter(kind="tournament", text__contains="next game")
    assert ready.count() == 4


def test_scores_streaks_and_no_immediate_rematch(arena, players, clock):
    users = players(4)
    begun(arena, users, clock)
    star = users[0]
    for _ in range(3):
        before = {p.user_id: p.last_opponent_id for p in Participant.objects.all()}
        arenas.pair_free(arena)
        game = Game.objects.get(tournament=arena, status="active", seats__user=star)
        opponent = next(s.user for s in game.seats.all() if s.user_id != star.pk)
        assert opponent.pk != before[star.pk]
        resign_all(arena, [u for u in users if u != star])
    scores = {p.user_id: p.score for p in Participant.objects.all()}
    assert scores[star.pk] == 2 + 2 + 4
    assert Participant.objects.get(user=star).on_fire


def test_a_first_move_not_made_in_time_loses_and_pauses(arena, players, clock):
    users = players(2)
    begun(arena, users, clock)
    (game,) = arenas.pair_free(arena)
    idle = game.player(game.turn)
    clock.advance(seconds=21)
    assert schedule.lapse_unbegun(clock()) == 1
    game.refresh_from_db()
    assert (
        game.status == "finished" and game.reason == "no-start" and game.player(game.winner) != idle
    )
    assert Participant.objects.get(user=idle).paused
    assert arenas.pair_free(arena) == []  # the idle player waits paused
    entries.join(arena, idle)  # back
    assert len(arenas.pair_free(arena)) == 1  # only two: a rematch is allowed


def test_at_the_end_games_in_play_do_not_count(arena, players, clock):
    users = players(4)
    begun(arena, users, clock)
    first, second = arenas.pair_free(arena)
    games.resign(first, first.player(1))
    clock.advance(minutes=60)
    assert arenas.pair_free(arena) == []
    assert schedule.end_due(clock()) == 1
    games.resign(second, second.player(1))
    assert not Pairing.objects.get(game=second).counted
    scores = sorted(p.score for p in Participant.objects.all())
    assert scores == [0, 0, 0, 2]
    with pytest.raises(Refused, match="finished"):
        entries.join(arena, players(1, prefix="late")[0])
    assert Notification.objects.filter(text__contains="has ended: you finished").count() == 4


def test_a_ruling_changes_the_scores(arena, players, clock, referee):
    users = players(2)
    begun(arena, users, clock)
    (game,) = arenas.pair_free(arena)
    games.resign(game, game.player(1))
    winner = game.player(0)
    assert Participant.objects.get(user=winner).score == 2
    dispute = disputes.report(game, game.player(1), "misclick", "I clicked resign by mistake.")
    disputes.rule(dispute, referee, "result", "A draw, agreed.", winner=None)
    # A draw at ply 0 is under ten plies: it scores nothing for either.
    assert {p.score for p in Participant.objects.all()} == {0}


def test_a_pause_keeps_the_score_and_stops_the_pairing(arena, players, clock):
    users = players(4)
    begun(arena, users, clock)
    arenas.pair_free(arena)
    resign_all(arena, users[1:])
    entries.pause(arena, users[0])
    made = arenas.pair_free(arena)
    assert all(users[0].pk not in [s.user_id for s in g.seats.all()] for g in made)
    assert Participant.objects.get(user=users[0]).score == 2
    with pytest.raises(Refused, match="not playing"):
        entries.pause(arena, users[0])


def test_the_next_game_is_told_in_the_app_never_by_email(arena, players, clock, mailoutbox):
    from play.models import Delivery

    users = players(2)
    for user in users:
        user.email = f"{user.username}@example.com"
        user.save()
    begun(arena, users, clock)
    arenas.pair_free(arena)
    ready = Delivery.objects.filter(notification__text__contains="next game", channel="email")
    assert ready.count() == 2 and set(ready.values_list("status", flat=True)) == {"skipped"}
    assert not [m for m in mailoutbox if "next game" in m.subject]


def test_the_top_game_is_the_best_placed_players(arena, players, clock):
    from play.tournaments import standings

    users = players(6)
    begun(arena, users, clock)
    arenas.pair_free(arena)
    leader = standings.ranked(arena).first().user
    assert leader in [s.user for s in standings.top_game(arena).seats.all()]
    resign_all(arena, [leader])  # the leader loses; the others' games end as they may
    arenas.pair_free(arena)
    first = standings.ranked(arena).first().user
    assert first != leader and first in [s.user for s in standings.top_game(arena).seats.all()]


def test_a_pairing_pass_and_the_page_cost_the_same_queries_whatever_the_field(
    ann, players, clock, client
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for field in (4, 12):
        arena = arenas.create(ann, name=f"Field {field}", game_slug="empress", time_control=LIVE,
                              minutes=60, starts_at=clock())  # fmt: skip
        begun(arena, players(field, prefix=f"q{field}-"), clock)
        with CaptureQueriesContext(connection) as paired:
            assert len(arenas.pair_free(arena)) == field // 2
        with CaptureQueriesContext(connection) as page:
            client.get(arena.get_absolute_url())
        counts.append((len(paired), len(page)))
    assert counts[0] == counts[1], counts
