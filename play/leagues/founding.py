"""A club's own championship or cup, made by one of its leaders for its members: played as
the site's are (play/leagues/championships.py, cups.py), with the site's rules for groups,
promotion and relegation, on a correspondence clock the leader chooses."""

from __future__ import annotations

from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from play.clubs import clubs
from play.common import clocks
from play.common.errors import Refused
from play.leagues import cups
from play.models import Championship, Club

FIRST_EDITION_WITHIN = 60  # days: a league's first edition starts within two months


def found(leader, club: Club, *, name: str, kind: str, game_slug: str, options: dict,
          time_control: dict, games_per_pair: int, starts_in_days: int) -> Championship:  # fmt: skip
    """A new league or cup for the club's members; a cup takes entries from this month."""
    if club.closed_at is not None or not clubs.is_leader(leader, club):
        raise Refused(_("Only the club's leaders make its events."), 403)
    name = " ".join(name.split())
    if not 1 <= len(name) <= Championship._meta.get_field("name").max_length:
        raise Refused(_("Name the championship, in 100 characters at most."))
    if kind not in Championship.Kind.values:
        raise Refused(_("Choose a championship or a cup."))
    if not 0 <= starts_in_days <= FIRST_EDITION_WITHIN:
        raise Refused(_("The first edition starts within 60 days."))
    slug = slugify(f"{club.slug} {name}", allow_unicode=True)[:64].strip("-")
    made = Championship(
        slug=slug, name=name, kind=kind, game_slug=game_slug, options=options,
        time_control=time_control, games_per_pair=games_per_pair, club=club,
        first_edition_at=clocks.now() + timedelta(days=starts_in_days),
    )  # fmt: skip
    try:
        made.clean()
    except ValidationError as exc:
        raise Refused(exc.messages[0]) from None
    with transaction.atomic():
        if Championship.objects.filter(slug=slug).exists():
            raise Refused(_("The club has a championship of that name already."), 409)
        made.save()
    if made.is_cup:
        cups.open_monthly()
    return made
