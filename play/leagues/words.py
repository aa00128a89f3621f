"""What the championships' and cups' pages and notices call their editions, groups, places
and states, in the reader's language (the models keep their English names for the staff's
desk)."""

from __future__ import annotations

from django.utils import formats, timezone
from django.utils.translation import gettext, gettext_lazy, pgettext

from play.models import Edition, LeagueGroup

# As a sentence says it: "Edition 3 is taking entries".
STATUS = {
    Edition.Status.ENTERING: gettext_lazy("taking entries"),
    Edition.Status.STARTING: gettext_lazy("its games being made"),
    Edition.Status.PLAYING: gettext_lazy("in play"),
    Edition.Status.FINISHED: gettext_lazy("finished"),
}


def status(edition: Edition) -> str:
    return str(STATUS[edition.status])


def edition_name(edition: Edition) -> str:
    """A league's "Edition 3"; a cup's month, "November 2026" (as cups.open_monthly names
    them)."""
    if edition.championship.is_cup:
        if edition.started_at is None:
            return edition.name
        return formats.date_format(timezone.localtime(edition.started_at), "YEAR_MONTH_FORMAT")
    return gettext("Edition %(number)s") % {"number": edition.number}


def group_name(group: LeagueGroup) -> str:
    """A league's "Division 1, group 2"; a cup's "Round 1, group 2"."""
    if group.edition.championship.is_cup:
        return gettext("Round %(round)s, group %(number)s") % {
            "round": group.tier,
            "number": group.number,
        }
    return gettext("Division %(division)s, group %(number)s") % {
        "division": group.tier,
        "number": group.number,
    }


def ordinal(n: int | None) -> str:
    """A place in a table: "1st", "22nd", "13th"."""
    if n is None:
        return gettext("unranked")
    if 10 <= n % 100 <= 20:
        template = pgettext("ordinal 0", "%(number)sth")
    else:
        template = {
            1: pgettext("ordinal 1", "%(number)sst"),
            2: pgettext("ordinal 2", "%(number)snd"),
            3: pgettext("ordinal 3", "%(number)srd"),
        }.get(n % 10) or pgettext("ordinal 0", "%(number)sth")
    return template % {"number": n}
