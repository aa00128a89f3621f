"""What the championships' and cups' pages show: every championship with where it stands, an
edition's divisions and groups, a group's crosstable, a player's leagues."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, OuterRef, Subquery
from django.utils.translation import pgettext_lazy

import rules
from play.leagues import championships, cups, tables, words
from play.models import Championship, CupEntry, Edition, Entrant, Game, LeagueGroup, Member

POINTS = {1.0: "1", 0.5: "½", 0.0: "0"}


@dataclass
class Standing:
    """A championship as its list shows it."""

    championship: Championship
    edition: Edition | None
    entrants: int
    entered: bool

    @property
    def edition_name(self) -> str:
        return words.edition_name(self.edition)

    @property
    def status(self) -> str:
        return words.status(self.edition)


def every_championship(user) -> list[tuple[rules.Game, list[Standing]]]:
    """Each game's championships and cup, with the latest edition of each and whether the
    player is in: a few queries for them all."""
    found = list(Championship.objects.filter(club=None))  # a club's are on its page
    newest = Edition.objects.filter(championship=OuterRef("championship")).order_by("-number")
    latest = {
        e.championship_id: e for e in Edition.objects.filter(pk=Subquery(newest.values("pk")[:1]))
    }
    counts = dict(
        Entrant.objects.filter(left_at__isnull=True)
        .values_list("championship_id")
        .annotate(n=Count("pk"))
    )
    open_editions = [e.pk for e in latest.values() if e.status != Edition.Status.FINISHED]
    cup_counts = dict(
        CupEntry.objects.filter(edition_id__in=open_editions)
        .values_list("edition_id")
        .annotate(n=Count("pk"))
    )
    mine = set()
    if user.is_authenticated:
        mine = set(
            Entrant.objects.filter(user=user, left_at__isnull=True).values_list(
                "championship_id", flat=True
            )
        )
        mine |= set(
            CupEntry.objects.filter(
                user=user, edition_id__in=open_editions, status__in=LIVE_ENTRY
            ).values_list("edition__championship_id", flat=True)
        )
    by_game = defaultdict(list)
    for c in found:
        edition = latest.get(c.pk)
        count = cup_counts.get(edition.pk, 0) if c.is_cup and edition else counts.get(c.pk, 0)
        by_game[c.game_slug].append(Standing(c, edition, count, c.pk in mine))
    return [(g, by_game[g.slug]) for g in rules.games() if by_game[g.slug]]


LIVE_ENTRY = [CupEntry.Status.WAITING, CupEntry.Status.PLAYING]


@dataclass
class Tier:
    number: int
    groups: list = field(default_factory=list)


def edition_page(championship: Championship, edition: Edition | None, user) -> dict:
    """An edition's divisions (or a cup's rounds), each group with its table; past editions
    and their champions; the player's entry."""
    tiers = {}
    if edition is not None:
        groups = list(edition.groups.all())
        members = defaultdict(list)
        for m in Member.objects.filter(group__edition=edition).select_related("user"):
            members[m.group_id].append(m)
        for group in groups:
            group.edition = edition
            group.table = sorted(members[group.pk], key=lambda m: (m.rank or 99, m.seed))
            tiers.setdefault(group.tier, Tier(group.tier)).groups.append(group)
    past = championship.editions.filter(status=Edition.Status.FINISHED).select_related("champion")
    context = {
        "championship": championship,
        "edition": edition,
        "edition_name": edition and words.edition_name(edition),
        "status": edition and words.status(edition),
        "tiers": [tiers[t] for t in sorted(tiers)],
        "past": [(e, words.edition_name(e)) for e in past.order_by("-number")[:50]],
        "leaving_rule": championships.LEAVING_RULE,
        "entered": False,
    }
    if championship.is_cup:
        context |= _cup(championship, edition, user)
    else:
        context |= _league(championship, user)
    return context


def _league(championship: Championship, user) -> dict:
    entrants = championship.entrants.filter(left_at__isnull=True)
    entered = user.is_authenticated and entrants.filter(user=user).exists()
    return {"entered": entered, "entrant_count": entrants.count()}


def _cup(cup: Championship, edition: Edition | None, user) -> dict:
    taking = cups.taking_entries(cup)
    waiting = []
    entered = False
    if edition is not None:
        entries = edition.cup_entries.select_related("user")
        waiting = [e for e in entries if e.status == CupEntry.Status.WAITING]
        entered = user.is_authenticated and any(
            e.user_id == user.pk and e.status in LIVE_ENTRY for e in entries
        )
    return {
        "taking": taking,
        "taking_name": taking and words.edition_name(taking),
        "waiting": waiting,
        "entered": entered,
    }


@dataclass
class Cell:
    opponent: Member
    games: list  # (game, the row player's result as the table writes it, and in words)


# A cell's game, in words: the row player's result, or why it has none.
WORDS = {
    "1": pgettext_lazy("a game in a crosstable", "won"),
    "½": pgettext_lazy("a game in a crosstable", "drew"),
    "0": pgettext_lazy("a game in a crosstable", "lost"),
    "in play": pgettext_lazy("a game in a crosstable", "in play"),
    "annulled": pgettext_lazy("a game in a crosstable", "annulled"),
}


def crosstable(group: LeagueGroup) -> dict:
    """The group's table, first place first, and each cell's games, linked."""
    members = list(group.members.select_related("user").order_by("rank", "seed"))
    order = {m.user_id: i for i, m in enumerate(members)}
    cells = [[Cell(other, []) for other in members] for _ in members]
    seated = tables.seated(group)
    for game in Game.objects.filter(league_group=group).order_by("pk"):
        white, black = seated.get((game.pk, 0)), seated.get((game.pk, 1))
        score = tables.score_of(game)
        for me, other, mine in ((white, black, score), (black, white, _other_side(score))):
            if mine is not None:
                text, said = POINTS[mine], str(WORDS[POINTS[mine]])
            else:
                text = said = str(WORDS["annulled" if game.is_over else "in play"])
            cells[order[me]][order[other]].games.append((game, text, said))
    rows = [(m, cells[i]) for i, m in enumerate(members)]
    return {
        "group": group,
        "group_name": words.group_name(group),
        "edition_name": words.edition_name(group.edition),
        "members": members,
        "rows": rows,
    }


def _other_side(score: float | None) -> float | None:
    return None if score is None else 1 - score


def of_player(user) -> dict:
    """The championships a player is in, their place in each one's current edition, and
    their cups."""
    entries = list(
        Entrant.objects.filter(user=user, left_at__isnull=True).select_related("championship")
    )
    places = {}
    for m in (
        Member.objects.filter(user=user)
        .select_related("group__edition__championship")
        .order_by("group__edition__number")
    ):
        places[m.group.edition.championship_id] = m
    cups_in = CupEntry.objects.filter(user=user).select_related("edition__championship")
    return {
        "entries": [(e, places.get(e.championship_id)) for e in entries],
        "cups": list(cups_in.order_by("-edition__started_at")[:10]),
        "past": [
            m
            for m in Member.objects.filter(user=user, group__finished_at__isnull=False)
            .select_related("group__edition__championship")
            .order_by("-group__finished_at")[:20]
        ],
    }
