"""A championship's life: joining, an edition made and begun, its tables, its end with
promotion and relegation, the next edition, leaving, and rulings."""

from datetime import timedelta

import pytest

from play.common.errors import Refused
from play.games import games
from play.leagues import championships, tables
from play.models import (
    Delivery,
    Edition,
    Entrant,
    Game,
    LeagueGroup,
    Member,
    Notification,
    Rating,
)
from play.referee import disputes
from tests.play.leagues.helpers import begin, finish

pytestmark = pytest.mark.django_db


def rated(users, slug="empress", start=2000, step=-50):
    """Give the players established correspondence ratings, the first the highest."""
    for i, user in enumerate(users):
        Rating.objects.create(
            user=user, game_slug=slug, speed="correspondence", rating=start + step * i, rd=60
        )


def test_joining_twice_is_refused_and_changes_nothing(small_league, ann):
    championships.join(small_league, ann)
    with pytest.raises(Refused, match="already entered") as refused:
        championships.join(small_league, ann)
    assert refused.value.status == 409
    assert Entrant.objects.filter(championship=small_league).count() == 1


def test_an_edition_puts_players_in_divisions_by_rating_and_starts_every_game(
    small_league, players, clock
):
    users = players(8)
    rated(users)
    edition = begin(small_league, users, clock)
    assert edition.status == Edition.Status.PLAYING
    groups = list(edition.groups.order_by("tier", "number"))
    assert [(g.tier, g.members.count()) for g in groups] == [(1, 4), (2, 4)]
    top = {m.user_id for m in groups[0].members.all()}
    assert top == {u.pk for u in users[:4]}  # the four best rated in division 1
    made = Game.objects.filter(league_group__edition=edition)
    assert made.count() == 12  # six pairs a group, one game each
    assert set(made.values_list("status", flat=True)) == {"active"}
    assert all(g.rated and g.speed == "correspondence" and g.deadline for g in made)
    # White balanced: in a group of four each plays White in at least one game.
    for group in groups:
        whites = [g.seats.get(index=0).user_id for g in made.filter(league_group=group)]
        assert {m.user_id for m in group.members.all()} <= set(whites)
    notes = Notification.objects.filter(kind="league")
    assert notes.count() == 8 and all("3 games" in n.text for n in notes)
    assert all(n.address == n.user.league_places.get().group.get_absolute_url() for n in notes)


def test_league_news_waits_for_the_digest(small_league, players, clock, settings):
    users = players(4)
    for user in users:
        user.email = f"{user.username}@example.com"
        user.save()
    begin(small_league, users, clock)
    emailed = Delivery.objects.filter(notification__kind="league", channel="email")
    assert set(emailed.values_list("status", flat=True)) == {Delivery.Status.QUEUED}


def test_too_few_players_wait_and_the_first_edition_is_set_a_week_on(small_league, players, clock):
    (one,) = players(1)
    championships.join(small_league, one)
    assert championships.start_due(clock()) == 0
    small_league.refresh_from_db()
    assert small_league.first_edition_at is None
    (two,) = players(1, prefix="q")
    championships.join(small_league, two)
    assert championships.start_due(clock()) == 0
    small_league.refresh_from_db()
    assert small_league.first_edition_at == clock() + timedelta(days=7)
    clock.advance(days=7)
    assert championships.start_due(clock()) == 1
    assert Game.objects.filter(league_group__isnull=False).count() == 1


def test_an_edition_ends_with_promotion_and_relegation_and_the_next_begins(
    small_league, players, clock
):
    users = players(8)
    rated(users)
    first = begin(small_league, users, clock)
    top, second = first.groups.order_by("tier")
    # Division 1: the seeds in reverse order; division 2: in order.
    clock.advance(days=1)
    finish(top, list(reversed(users[:4])))
    assert championships.close_finished(clock()) == 0  # division 2 still playing
    finish(second, users[4:])
    top_table = list(top.members.order_by("rank"))
    assert [m.user_id for m in top_table] == [u.pk for u in reversed(users[:4])]
    assert [m.points for m in top_table] == [3, 2, 1, 0]
    assert [m.movement for m in top_table] == [0, 0, 0, -1]  # nobody goes up from division 1
    bottom_table = list(second.members.order_by("rank"))
    assert [m.movement for m in bottom_table] == [1, 0, 0, 0]  # the lowest division: none down
    assert championships.close_finished(clock()) == 1
    first.refresh_from_db()
    assert first.status == "finished" and first.champion_id == users[3].pk
    assert first.next_at == first.finished_at + timedelta(days=7)
    ended = Notification.objects.filter(kind="league", text__contains="has ended")
    assert ended.count() == 8
    assert ended.filter(user=users[0], text__contains="4th of 4 in Division 1, group 1, relegated")
    assert championships.start_due(clock()) == 0  # a week's rest
    clock.advance(days=7)
    assert championships.start_due(clock()) == 1
    nxt = championships.current(small_league)
    division = {m.user_id: m.group.tier for m in Member.objects.filter(group__edition=nxt)}
    assert division[users[0].pk] == 2  # relegated
    assert division[users[4].pk] == 1  # promoted
    assert sum(1 for d in division.values() if d == 1) == 4


def test_closing_twice_closes_once(small_league, players, clock):
    users = players(4)
    edition = begin(small_league, users, clock)
    finish(edition.groups.get(), users)
    assert championships.close(edition) is True
    assert championships.close(edition) is False
    assert Notification.objects.filter(text__contains="has ended").count() == 4


def test_leaving_during_an_edition_resigns_the_games_in_play(small_league, players, clock):
    users = players(4)
    edition = begin(small_league, users, clock)
    group = edition.groups.get()
    one = Game.objects.filter(league_group=group, seats__user=users[0]).first()
    games.resign(one, users[0])  # a game already over stands
    ended = championships.leave(small_league, users[0])
    assert len(ended) == 2
    assert all(g.reason == "withdrew" and g.player(g.winner) != users[0] for g in ended)
    leaver = Member.objects.get(group=group, user=users[0])
    assert leaver.left_at is not None and leaver.points == 0 and leaver.played == 3
    others = Member.objects.filter(group=group).exclude(user=users[0])
    assert sum(m.points for m in others) == 3  # each won their game against the leaver
    opponents_told = Notification.objects.filter(kind="league", text__contains="left the")
    assert opponents_told.count() == 2
    with pytest.raises(Refused, match="not entered"):
        championships.leave(small_league, users[0])
    finish(group, users[1:] + users[:1])
    championships.close_finished(clock())
    clock.advance(days=8)
    small_league.first_edition_at = None
    championships.start_due(clock())
    nxt = championships.current(small_league)
    assert nxt.number == 2
    assert not Member.objects.filter(group__edition=nxt, user=users[0]).exists()


def test_leaving_before_an_edition_is_a_click(small_league, ann):
    championships.join(small_league, ann)
    assert championships.leave(small_league, ann) == []
    assert Entrant.objects.get(user=ann).left_at is not None
    championships.join(small_league, ann)  # and back again
    assert Entrant.objects.get(user=ann).left_at is None


def test_a_league_game_cannot_be_aborted_and_an_unbegun_one_is_lost_on_time(
    small_league, players, clock, settings
):
    settings.VACATION_DAYS_PER_YEAR = 0
    users = players(2)
    edition = begin(small_league, users, clock)
    game = Game.objects.get(league_group__edition=edition)
    with pytest.raises(Refused, match="cannot be aborted"):
        games.abort(game, game.player(0))
    clock.advance(days=4)
    games.flag(game)
    game.refresh_from_db()
    assert (game.status, game.winner, game.reason) == ("finished", 1, "timeout")
    group = edition.groups.get()
    assert Member.objects.get(group=group, user=game.player(1)).points == 1


def test_a_ruling_changes_the_table_and_after_the_end_who_goes_down(
    small_league, players, clock, referee
):
    users = players(8)
    rated(users)
    edition = begin(small_league, users, clock)
    top, second = edition.groups.order_by("tier")
    finish(top, users[:4])
    finish(second, users[4:])
    championships.close_finished(clock())
    last = Member.objects.get(group=top, user=users[3])
    assert last.movement == -1
    # users[3] reports their loss to users[2]; the referee gives them the game.
    game = (
        Game.objects.filter(league_group=top, seats__user=users[3])
        .filter(seats__user=users[2])
        .get()
    )
    dispute = disputes.report(game, users[3], "other", "He left the board.")
    disputes.rule(dispute, referee, "result", "Upheld.", winner=game.seat_of(users[3]).index)
    by_user = {m.user_id: m for m in Member.objects.filter(group=top)}
    assert by_user[users[3].pk].points == 1 and by_user[users[2].pk].points == 0
    assert by_user[users[2].pk].movement == -1 and by_user[users[3].pk].movement == 0
    assert Edition.objects.get(pk=edition.pk).status == "finished"


def test_a_rewind_after_the_end_opens_the_edition_again(small_league, players, clock, referee):
    users = players(2)
    edition = begin(small_league, users, clock)
    game = Game.objects.get(league_group__edition=edition)
    games.resign(game, game.player(1))
    championships.close_finished(clock())
    dispute = disputes.report(game, game.player(1), "misclick", "I resigned by mistake.")
    disputes.rule(dispute, referee, "rewind", "Resume.", ply=0)
    edition.refresh_from_db()
    assert edition.status == "playing" and edition.next_at is None
    group = LeagueGroup.objects.get(edition=edition)
    assert group.finished_at is None
    assert set(Member.objects.filter(group=group).values_list("points", flat=True)) == {0}


def test_newcomers_join_the_lowest_division_or_where_their_rating_places_them(
    small_league, players, clock
):
    users = players(8)
    rated(users)
    first = begin(small_league, users, clock)
    for group in first.groups.all():
        finish(group, [u for u in users if group.members.filter(user=u).exists()])
    championships.close_finished(clock())
    strong, weak = players(2, prefix="new")
    Rating.objects.create(
        user=strong, game_slug="empress", speed="correspondence", rating=2500, rd=60
    )
    for user in (strong, weak):
        championships.join(small_league, user)
    clock.advance(days=8)
    championships.start_due(clock())
    nxt = championships.current(small_league)
    division = {m.user_id: m.group.tier for m in Member.objects.filter(group__edition=nxt)}
    assert division[strong.pk] == 1
    assert division[weak.pk] == max(division.values())  # provisional: the lowest division
    assert tables.champion_of(first) == users[0].pk


def test_the_case_page_and_the_game_page_name_the_league(
    small_league, players, clock, referee, client_of
):
    users = players(2)
    edition = begin(small_league, users, clock)
    game = Game.objects.get(league_group__edition=edition)
    dispute = disputes.report(game, users[0], "other", "Slow play.")
    case = client_of(referee).get(f"/admin/play/dispute/{dispute.pk}/change/").content.decode()
    group = edition.groups.get()
    assert "Empress test championship" in case and group.get_absolute_url() in case
    assert "changes its table" in case
    page = client_of(users[0]).get(game.get_absolute_url()).content.decode()
    assert group.get_absolute_url() in page


def test_two_games_a_pair_swap_the_colours(small_league, players, clock):
    small_league.games_per_pair = 2
    small_league.save()
    users = players(3)
    edition = begin(small_league, users, clock)
    made = Game.objects.filter(league_group__edition=edition).prefetch_related("seats")
    sides = [tuple(s.user_id for s in g.seats.all()) for g in made]
    assert len(sides) == 6
    for first, second in ((users[0], users[1]), (users[0], users[2]), (users[1], users[2])):
        assert (first.pk, second.pk) in sides and (second.pk, first.pk) in sides
    notes = Notification.objects.filter(kind="league")
    assert all("4 games" in n.text for n in notes)
