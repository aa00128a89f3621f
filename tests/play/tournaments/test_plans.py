"""The site's own tournaments, made from its plans ahead of their hour, once each."""

from datetime import UTC, datetime, timedelta

import pytest

from play.models import Tournament, TournamentPlan
from play.tournaments import plans, schedule
from play.tournaments.admin import PlanForm

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 3, "increment": 2}


def at(day, hour, minute=0):
    return datetime(2026, 11, day, hour, minute, tzinfo=UTC)  # the 23rd is a Monday


def test_a_plans_slots_every_hour_and_every_week():
    hourly = TournamentPlan(every="hour", minute=15)
    assert plans.slots(hourly, at(23, 12, 15), at(23, 15, 30)) == [
        at(23, 13, 15), at(23, 14, 15), at(23, 15, 15)]  # fmt: skip
    weekly = TournamentPlan(every="week", weekday=2, hour=19)
    assert plans.slots(weekly, at(23, 12), at(30, 12) + timedelta(days=3)) == [
        at(25, 19), at(30, 12).replace(day=2, month=12, hour=19)]  # fmt: skip
    daily = TournamentPlan(every="day", hour=6)
    assert plans.slots(daily, at(23, 6), at(24, 6)) == [at(24, 6)]


def test_the_sites_plans_make_their_tournaments_once_in_each_game_in_turn(clock):
    made = plans.make_due(clock())
    hourly = Tournament.objects.filter(plan__every="hour").order_by("starts_at")
    assert hourly.count() == 3 and made == 3 + Tournament.objects.filter(plan__every="week").count()
    assert len({t.game_slug for t in hourly}) == 3
    assert all(t.official and t.created_by is None and t.kind == "arena" for t in hourly)
    assert plans.make_due(clock()) == 0
    clock.advance(days=7)
    plans.make_due(clock())
    shuffle = Tournament.objects.filter(game_slug="imperial-shuffle", plan__every="week").first()
    assert shuffle.name == "Weekly Imperial Shuffle Arena" and shuffle.options["deal"] is True


def test_the_sweeper_makes_them_and_the_page_shows_the_schedule(clock, client):
    schedule.sweep(clock())
    page = client.get("/tournaments/").content.decode()
    assert "The site&#x27;s schedule" in page or "The site's schedule" in page
    assert "Weekly Empire Arena: arena, every Wednesday at 19:00 UTC, 120 minutes." in page
    assert "Hourly Arena (each game in turn)" in page
    made = Tournament.objects.filter(plan__isnull=False).first()
    assert "One of the site" in client.get(made.get_absolute_url()).content.decode()


def plan_data(**overrides):
    data = {"name": "Daily {game} Swiss", "kind": "swiss", "games": '["empress"]',
            "options": "{}", "every": "day", "weekday": "0", "hour": "18", "minute": "0",
            "time_control": '{"kind": "live", "minutes": 5, "increment": 3}', "rounds": "5",
            "pacing": "auto", "rated": "on", "ahead_hours": "24", "active": "on"}  # fmt: skip
    return data | overrides


@pytest.mark.parametrize(
    "overrides, said",
    [
        ({"games": '["chess"]'}, "no game called"),
        ({"games": '["imperial-shuffle"]'}, "deal the boards"),
        ({"pacing": "manual"}, "no organiser"),
        ({"rounds": "20"}, "from 3 to 15 rounds"),
        ({"kind": "arena", "minutes": "5"}, "from 20 minutes"),
        ({"ahead_hours": "2000"}, "60 days"),
        ({"hour": "24"}, "the hour 0 to 23"),
    ],
)
def test_the_admin_refuses_a_plan_that_cannot_be_played(clock, overrides, said):
    form = PlanForm(plan_data(**overrides))
    assert not form.is_valid() and said in str(form.errors)
    assert not Tournament.objects.exists()


def test_the_admin_takes_a_plan_that_can(clock):
    form = PlanForm(plan_data())
    assert form.is_valid(), form.errors
    plan = form.save()
    assert not Tournament.objects.exists()  # the trial ones were thrown away
    plans.make_due(clock())
    assert plan.made.get().name == "Daily Empress Swiss"


def test_a_visitor_reads_the_site_tournaments_chat_without_a_form_to_write(clock, client):
    plans.make_due(clock())
    made = Tournament.objects.filter(plan__isnull=False).first()  # no organiser
    page = client.get(made.get_absolute_url()).content.decode()
    assert 'id="tournament-chat-log"' in page and 'name="text"' not in page
