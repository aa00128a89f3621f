"""A battle between clubs, as lichess's team battles: an arena whose players each play for
one of its clubs, never paired with a clubmate, each club scored by the sum of its best
`battle_counted` players' scores."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.common.errors import Refused
from play.models import Club, Membership, Participant, Tournament

MOST_CLUBS = 50  # clubs in one battle
COUNTED = (1, 20)  # players counted per club, at least and at most


@dataclass
class ClubStanding:
    club: Club
    score: float = 0
    scorers: list[Participant] = field(default_factory=list)  # its best, the counted ones
    players: int = 0


def clubs_named(host: Club, names: list[str]) -> list[Club]:
    """The battle's clubs: the host's, and the open clubs named (by name or address), each
    once; Refused naming any that is none."""
    wanted = {" ".join(n.split()).casefold() for n in names if n.strip()}
    wanted -= {host.name.casefold(), host.slug.casefold()}
    if not wanted:
        raise Refused(_("Name at least one other club to battle."))
    if len(wanted) >= MOST_CLUBS:
        raise Refused(
            ngettext(
                "A battle has %(most)s club at most.", "A battle has %(most)s clubs at most.",
                MOST_CLUBS,
            ) % {"most": MOST_CLUBS}
        )  # fmt: skip
    query = Q()
    for name in wanted:
        query |= Q(name__iexact=name) | Q(slug=name)
    found = list(Club.objects.filter(query, closed_at__isnull=True).exclude(pk=host.pk))
    known = {c.name.casefold() for c in found} | {c.slug.casefold() for c in found}
    if missing := sorted(wanted - known):
        raise Refused(_("No open club is called %(names)s.") % {"names": ", ".join(missing)})
    return [host, *found]


def check_counted(counted: int) -> None:
    if not COUNTED[0] <= counted <= COUNTED[1]:
        raise Refused(
            _("A club is scored by its best %(least)s to %(most)s players.")
            % {"least": COUNTED[0], "most": COUNTED[1]}
        )


def club_for(tournament: Tournament, player, chosen: str = "") -> Club:
    """The club `player` plays for in the battle: the one of its clubs they chose (by its
    address), or the only one they belong to."""
    theirs = clubs_of(tournament, player)
    if not theirs:
        names = ", ".join(c.name for c in tournament.battle_clubs.order_by("name"))
        raise Refused(_("This battle is for the members of its clubs: %(clubs)s.")
                      % {"clubs": names}, 403)  # fmt: skip
    if len(theirs) == 1 and not chosen:
        return theirs[0]
    for club in theirs:
        if club.slug == chosen:
            return club
    raise Refused(_("Choose the club you play for."))


def clubs_of(tournament: Tournament, player) -> list[Club]:
    """The battle's clubs `player` belongs to, by name."""
    if not player.is_authenticated:
        return []
    theirs = Membership.objects.filter(user=player).values("club_id")
    return list(tournament.battle_clubs.filter(pk__in=theirs).order_by("name"))


def table(tournament: Tournament) -> list[ClubStanding]:
    """The clubs, the best first: each scored by its best `battle_counted` players."""
    standings = {club.pk: ClubStanding(club) for club in tournament.battle_clubs.all()}
    ranked = tournament.players.exclude(club=None).order_by("-score", "-rating", "pk")
    for player in ranked.select_related("user"):
        standing = standings.get(player.club_id)
        if standing is None:
            continue
        standing.players += 1
        if len(standing.scorers) < tournament.battle_counted:
            standing.scorers.append(player)
            standing.score += player.score
    return sorted(standings.values(), key=lambda s: (-s.score, s.club.name.casefold()))
