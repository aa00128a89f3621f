"""The site's own tournaments, made from its plans (TournamentPlan, set in the admin): each
plan's next tournaments are made `ahead_hours` before they start, by the sweeper, once each
however many sweepers run (a tournament's plan and hour are unique). A plan in several
games takes them in turn, by the slot's number since the epoch."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction

import rules
from play.common import clocks
from play.common.errors import Refused
from play.models import Tournament, TournamentPlan
from play.tournaments import arenas, entries, swisses

PERIOD = {
    TournamentPlan.Every.HOUR: timedelta(hours=1),
    TournamentPlan.Every.DAY: timedelta(days=1),
    TournamentPlan.Every.WEEK: timedelta(weeks=1),
}


def slots(plan: TournamentPlan, after: datetime, until: datetime) -> list[datetime]:
    """The plan's starting times in (after, until]."""
    period = PERIOD[plan.every]
    first = after.replace(minute=plan.minute, second=0, microsecond=0)
    if plan.every != TournamentPlan.Every.HOUR:
        first = first.replace(hour=plan.hour)
    if plan.every == TournamentPlan.Every.WEEK:
        first -= timedelta(days=first.weekday() - plan.weekday)
    while first > after:
        first -= period
    found = []
    while (first := first + period) <= until:
        found.append(first)
    return found


def game_of(plan: TournamentPlan, starts_at: datetime) -> str:
    """The game a slot is played in: the plan's games in turn."""
    number = int(starts_at.timestamp() // PERIOD[plan.every].total_seconds())
    return plan.games[number % len(plan.games)]


def make(plan: TournamentPlan, starts_at: datetime) -> Tournament:
    """The plan's tournament starting then (a plan not yet saved, being checked, is not
    named by it)."""
    slug = game_of(plan, starts_at)
    fields = dict(
        name=plan.name.replace("{game}", rules.get(slug).name), game_slug=slug,
        options=plan.options.get(slug, {}), time_control=plan.time_control,
        starts_at=starts_at, rated=plan.rated, official=True, plan=plan if plan.pk else None,
    )  # fmt: skip
    if plan.kind == Tournament.Kind.ARENA:
        return arenas.create(None, minutes=plan.minutes, **fields)
    return swisses.create(None, rounds=plan.rounds, pacing=plan.pacing,
                          interval_minutes=plan.interval_minutes, **fields)  # fmt: skip


def make_due(at: datetime) -> int:
    """Every active plan's tournaments starting within its `ahead_hours`, made if not yet."""
    made = 0
    for plan in TournamentPlan.objects.filter(active=True):
        taken = set(plan.made.filter(starts_at__gt=at).values_list("starts_at", flat=True))
        for slot in slots(plan, at, at + timedelta(hours=plan.ahead_hours)):
            if slot in taken:
                continue
            try:
                with transaction.atomic():
                    make(plan, slot)
            except IntegrityError:
                continue  # another sweeper made it
            made += 1
    return made


def refusal(plan: TournamentPlan) -> str | None:
    """Why the plan cannot make its tournaments (one of each of its games is made and thrown
    away), or None."""
    if plan.ahead_hours * 3600 > entries.AHEAD.total_seconds():
        return "Make them at most 60 days ahead."
    if plan.kind == Tournament.Kind.SWISS and plan.pacing == Tournament.Pacing.MANUAL:
        return "The site's Swiss events have no organiser to start their rounds."
    at = clocks.now()
    for index in range(len(plan.games)):
        slot = at + PERIOD[plan.every] * index  # each game in turn
        try:
            with transaction.atomic():
                make(plan, slot)
                transaction.set_rollback(True)
        except Refused as exc:
            return f"{game_of(plan, slot)}: {exc.message}"
        except ValueError as exc:  # the name asked for a game there is not
            return str(exc)
    return None
