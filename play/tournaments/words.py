"""What the tournaments' pages say of a Swiss's pacing and of the site's plans, in the
reader's language (the models keep their English names for the staff's desk)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import rules
from play.common import language
from play.models import Tournament, TournamentPlan

Pacing = Tournament.Pacing

# When a Swiss's rounds begin, as its form offers it.
PACING = {
    Pacing.AUTOMATIC: gettext_lazy("As soon as every game has ended"),
    Pacing.INTERVAL: gettext_lazy("At a fixed interval"),
    Pacing.DAILY: gettext_lazy("Daily"),
    Pacing.MANUAL: gettext_lazy("When the organiser starts them"),
}

# A weekly plan's day, whole (a weekday's name takes a case of its own in many languages).
WEEKLY = [
    gettext_lazy("every Monday at %(time)s UTC"),
    gettext_lazy("every Tuesday at %(time)s UTC"),
    gettext_lazy("every Wednesday at %(time)s UTC"),
    gettext_lazy("every Thursday at %(time)s UTC"),
    gettext_lazy("every Friday at %(time)s UTC"),
    gettext_lazy("every Saturday at %(time)s UTC"),
    gettext_lazy("every Sunday at %(time)s UTC"),
]


def pacing(tournament: Tournament) -> str:
    return str(PACING[tournament.pacing]) if tournament.pacing else ""


def plan_title(plan: TournamentPlan) -> str:
    """Its name, with its game's, or "each game in turn" for several (as the model's title
    says it in English)."""
    if len(plan.games) == 1 and plan.games[0] in {g.slug for g in rules.games()}:
        game = language.translated(rules.get(plan.games[0]).name)
        return _(plan.name).replace("{game}", game)  # the site's plans' names are translated
    name = _(plan.name).replace("{game} ", "").replace("{game}", "")
    return _("%(name)s (each game in turn)") % {"name": name}


def plan_when(plan: TournamentPlan) -> str:
    """When the plan's tournaments start (as the model's `when` says it in English)."""
    time = f"{plan.hour:02d}:{plan.minute:02d}"
    if plan.every == TournamentPlan.Every.HOUR:
        return _("every hour at :%(minute)s") % {"minute": f"{plan.minute:02d}"}
    if plan.every == TournamentPlan.Every.DAY:
        return _("every day at %(time)s UTC") % {"time": time}
    return str(WEEKLY[plan.weekday]) % {"time": time}
