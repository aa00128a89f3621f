"""A group's table kept as its games end and as rulings change them: inside the transaction
that changed the result, the game row locked, then the group's (play/games/lifecycle.py's
`result_changed`). Locks are taken in one order everywhere: a game, its group, its edition."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max
from django.dispatch import receiver

from play.common import clocks
from play.games.lifecycle import result_changed
from play.leagues import standings
from play.models import CupEntry, Edition, Game, LeagueGroup, Member, Seat
from play.push import live


def group_channel(group_id: int) -> str:
    return f"league-{group_id}"


def score_of(game: Game) -> float | None:
    """White's score in a game of the table, or None while it counts for nothing."""
    if game.status != Game.Status.FINISHED:
        return None  # in play, or annulled
    if game.winner is None:
        return 0.5
    return 1.0 if game.winner == 0 else 0.0


def seated(group: LeagueGroup) -> dict[tuple[int, int], int]:
    """Who sits where in the group's games: (game id, seat) -> user id, in one query."""
    rows = Seat.objects.filter(game__league_group=group).values_list("game_id", "index", "user_id")
    return {(game_id, index): user_id for game_id, index, user_id in rows}


def results(group: LeagueGroup) -> tuple[list[standings.Result], list[Game]]:
    """The group's results (White first) and its games, in two queries."""
    games = list(Game.objects.filter(league_group=group).order_by("pk"))
    players = seated(group)
    found = [
        standings.Result(players[g.pk, 0], players[g.pk, 1], score_of(g))
        for g in games
        if (g.pk, 0) in players and (g.pk, 1) in players
    ]
    return found, games


@receiver(result_changed)
def follow(sender, game: Game, **kwargs) -> None:
    """A game's result changed: its group's table follows, if it has one."""
    if game.league_group_id is not None:
        recount(game.league_group_id)


def recount(group_id: int) -> LeagueGroup:
    """The group's table from its games now (and, once all have ended, who goes up or down),
    with its row locked; its page is pushed after the commit."""
    group = (
        LeagueGroup.objects.select_for_update()
        .select_related("edition__championship")
        .get(pk=group_id)
    )
    members = list(group.members.order_by("seed"))
    found, games = results(group)
    lines = {line.player: line for line in standings.table([m.user_id for m in members], found)}
    over = bool(games) and all(g.is_over for g in games)
    moves = movements(group, len(members)) if over else [0] * len(members)
    for member in members:
        line = lines[member.user_id]
        member.points, member.sonneborn, member.wins = line.points, line.sonneborn, line.wins
        member.played, member.rank = line.played, line.rank
        member.movement = moves[line.rank - 1]
    Member.objects.bulk_update(
        members, ["points", "sonneborn", "wins", "played", "rank", "movement"]
    )
    ends = [g.finished_at for g in games if g.finished_at]
    group.finished_at = max(ends) if over and ends else None
    group.save(update_fields=["finished_at"])
    if group.edition.championship.is_cup:
        _follow_cup(group, sorted(members, key=lambda m: m.rank), over)
    else:
        _follow_edition(group, over)
    transaction.on_commit(lambda: live.send(group_channel(group.pk), {"type": "standings.update"}))
    return group


def movements(group: LeagueGroup, size: int) -> list[int]:
    """By rank: who goes up (+1) and down (-1) once the group's games are all over. A cup's
    winner goes on; a league's top go up (not from division 1) and bottom go down (not from
    the lowest division), more of them from a full group."""
    championship = group.edition.championship
    if championship.is_cup:
        return standings.movements(size, 1, 0)
    up = championship.promoted if group.tier > 1 else 0
    lowest = group.edition.groups.aggregate(Max("tier"))["tier__max"]
    down = 0
    if group.tier < lowest:
        full = size >= championship.group_max
        down = championship.relegated_full if full else championship.relegated
    return standings.movements(size, up, down)


def _follow_cup(group: LeagueGroup, ranked: list[Member], over: bool) -> None:
    """A cup group's players' entries follow its table: while it is played, playing it;
    once over, its winner (the first in the table who has not left) waiting in the next
    round and the others out. A ruling moves them again, until one of them has gone on to
    play a later group: then the table changes, and who went on stands."""
    entries = {
        e.user_id: e
        for e in CupEntry.objects.select_for_update().filter(
            edition_id=group.edition_id, user_id__in=[m.user_id for m in ranked]
        )
    }
    tier = group.tier
    if any(e.round > tier + 1 or (e.round == tier + 1 and e.status != CupEntry.Status.WAITING)
           for e in entries.values()):  # fmt: skip
        return
    winner = next((m for m in ranked if m.left_at is None), None) if over else None
    at = clocks.now()
    changed = []
    for member in ranked:
        entry = entries[member.user_id]
        if member.left_at is not None:
            wanted = (tier, CupEntry.Status.OUT)
        elif not over:
            wanted = (tier, CupEntry.Status.PLAYING)
        elif member is winner:
            wanted = (tier + 1, CupEntry.Status.WAITING)
        else:
            wanted = (tier, CupEntry.Status.OUT)
        if (entry.round, entry.status) != wanted:
            entry.round, entry.status = wanted
            entry.since = at
            changed.append(entry)
    CupEntry.objects.bulk_update(changed, ["round", "status", "since"])


def _follow_edition(group: LeagueGroup, over: bool) -> None:
    """A ruling on a finished league edition's game: its champion follows the table; a game
    played again (a rewind) opens the edition again, unless the next one has begun (then the
    table and its movements are the record, and the divisions played stand)."""
    edition = group.edition
    if edition.championship.is_cup or edition.status != Edition.Status.FINISHED:
        return
    edition = Edition.objects.select_for_update().get(pk=edition.pk)
    if edition.status != Edition.Status.FINISHED:
        return
    if over:
        edition.champion_id = champion_of(edition)
        edition.save(update_fields=["champion"])
        return
    if Edition.objects.filter(championship_id=edition.championship_id, number__gt=edition.number):
        return
    edition.status = Edition.Status.PLAYING
    edition.finished_at = edition.next_at = None
    edition.save(update_fields=["status", "finished_at", "next_at"])


def champion_of(edition: Edition) -> int | None:
    """The winner of division 1's first group."""
    top = Member.objects.filter(group__edition=edition, group__tier=1, rank=1)
    return top.order_by("group__number").values_list("user_id", flat=True).first()
