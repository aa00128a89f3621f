"""A monthly cup: groups of five as players enter, winners on, a winner at the end."""

import pytest

from play.common.errors import Refused
from play.leagues import cups
from play.models import Championship, CupEntry, Edition, Game, LeagueGroup
from tests.play.leagues.helpers import finish

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(db):
    return Championship.objects.get(slug="empress-cup")


def test_the_schedule_opens_a_cup_a_month(cup, clock):
    assert cups.open_monthly(clock()) == 5  # one a game
    assert cups.open_monthly(clock()) == 0
    edition = cups.taking_entries(cup)
    assert edition.name == "November 2026"
    assert edition.entries_close_at.isoformat() == "2026-12-01T00:00:00+00:00"


def test_five_entries_start_a_group_and_its_winner_goes_on_to_win(cup, players, clock):
    cups.open_monthly(clock())
    users = players(7)
    for user in users[:4]:
        cups.enter(cup, user)
    assert not LeagueGroup.objects.exists()
    cups.enter(cup, users[4])
    group = LeagueGroup.objects.get()
    assert (group.tier, group.members.count()) == (1, 5)
    assert Game.objects.filter(league_group=group).count() == 10
    for user in users[5:]:
        cups.enter(cup, user)
    with pytest.raises(Refused, match="already in"):
        cups.enter(cup, users[0])
    edition = cups.taking_entries(cup)
    assert edition.cup_entries.count() == 7
    # The month ends: the two left waiting play each other; the group's winner waits.
    finish(group, [users[2]])
    clock.advance(days=10)
    cups.sweep(clock())
    edition.refresh_from_db()
    assert edition.status == Edition.Status.PLAYING
    entry = CupEntry.objects.get(user=users[2])
    assert (entry.round, entry.status) == (2, "waiting")
    second = LeagueGroup.objects.get(tier=1, number=2)
    assert {m.user_id for m in second.members.all()} == {users[5].pk, users[6].pk}
    finish(second, [users[6]])
    cups.sweep(clock())
    final = LeagueGroup.objects.get(tier=2)
    assert {m.user_id for m in final.members.all()} == {users[2].pk, users[6].pk}
    finish(final, [users[6]])
    cups.sweep(clock())
    edition.refresh_from_db()
    assert edition.status == "finished" and edition.champion_id == users[6].pk
    assert CupEntry.objects.get(user=users[6]).status == "won"
    assert CupEntry.objects.filter(status="out").count() == 6


def test_withdrawing_from_a_group_resigns_its_games(cup, players, clock):
    cups.open_monthly(clock())
    users = players(5)
    for user in users:
        cups.enter(cup, user)
    cups.withdraw(cup, users[0])
    lost = Game.objects.filter(seats__user=users[0], league_group__isnull=False)
    assert {(g.status, g.reason) for g in lost} == {("finished", "withdrew")}
    assert CupEntry.objects.get(user=users[0]).status == "out"
    with pytest.raises(Refused, match="no Empress cup"):
        cups.withdraw(cup, users[0])


def test_no_cup_takes_entries_before_the_schedule_opens_one(cup, ann):
    with pytest.raises(Refused, match="takes no entries") as refused:
        cups.enter(cup, ann)
    assert refused.value.status == 409
    assert not CupEntry.objects.exists()


def test_a_ruling_changes_who_goes_on_until_their_next_group_begins(cup, players, clock, referee):
    from play.referee import disputes

    cups.open_monthly(clock())
    users = players(5)
    for user in users:
        cups.enter(cup, user)
    group = LeagueGroup.objects.get()
    finish(group, [users[0]])
    assert CupEntry.objects.get(user=users[0]).status == "waiting"
    # users[1] (who beat the other three) disputes their loss to users[0] and is given the
    # game: four points to three, and users[1] goes on instead.
    lost = (
        Game.objects.filter(league_group=group, seats__user=users[0])
        .filter(seats__user=users[1])
        .get()
    )
    dispute = disputes.report(lost, users[1], "other", "Played on after the flag.")
    disputes.rule(dispute, referee, "result", "Upheld.", winner=lost.seat_of(users[1]).index)
    table = {m.user_id: m for m in group.members.all()}
    leader = min(table.values(), key=lambda m: m.rank)
    assert leader.user_id == users[1].pk and leader.points == 4
    entries = {e.user_id: e for e in CupEntry.objects.all()}
    assert (entries[leader.user_id].round, entries[leader.user_id].status) == (2, "waiting")
    others = [e for uid, e in entries.items() if uid != leader.user_id]
    assert all((e.round, e.status) == (1, "out") for e in others)


def test_the_lowest_round_moves_on_while_a_higher_round_plays(cup, players, clock):
    """Twenty-five entries make five groups, whose winners make a round-2 group; two more
    wait in round 1. When entries close they play each other at once, though round 2 is still
    playing; their winner waits for round 2's, and the two play the last group."""
    cups.open_monthly(clock())
    users = players(27)
    for user in users:
        cups.enter(cup, user)
    first_round = list(LeagueGroup.objects.filter(tier=1).order_by("number"))
    assert len(first_round) == 5
    for group in first_round:
        finish(group, [min(group.members.all(), key=lambda m: m.seed).user])
    cups.sweep(clock())
    second = LeagueGroup.objects.get(tier=2)
    assert second.members.count() == 5
    clock.advance(days=10)  # the month ends
    cups.sweep(clock())
    late = LeagueGroup.objects.get(tier=1, number=6)
    assert {m.user_id for m in late.members.all()} == {users[25].pk, users[26].pk}
    finish(late, [users[26]])
    assert cups.sweep(clock()) == 0  # round 2 is still playing: the late winner waits
    finish(second, [min(second.members.all(), key=lambda m: m.seed).user])
    assert cups.sweep(clock()) == 1
    final = LeagueGroup.objects.get(tier=3)
    assert users[26].pk in {m.user_id for m in final.members.all()}
    finish(final, [users[26]])
    cups.sweep(clock())
    assert cup.editions.get(number=1).champion_id == users[26].pk
