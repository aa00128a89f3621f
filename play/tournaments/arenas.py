"""Arenas, as lichess runs them: for a fixed time, every free player is paired again at once
with a free player near in rank (pairing.py); each game scores by lichess's sheet
(sheets.py); a paused player is not paired and keeps their score; at the end, the games
still in play do not count.

Locks are taken in one order: the tournament's row, then a game's (a pairing pass makes
games under the tournament's lock; a game's end counts it under the game's, then takes the
tournament's)."""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import Count, F, Q
from django.utils.translation import gettext as _

from play.accounts import bots
from play.common import clocks, language
from play.common.errors import Refused
from play.games import games
from play.models import Game, Move, Pairing, Participant, Tournament
from play.notify import notify
from play.tournaments import battles, entries, pairing, sheets, standings

MINUTES = (20, 180)  # an arena's length


def create(user, *, minutes: int, rated: bool = True, official: bool = False, plan=None,
           battle: tuple[list[str], int] | None = None, **fields) -> Tournament:  # fmt: skip
    """A new arena, checked whole before anything is written (`fields`: entries.checked's;
    `user` None and a plan: the site's own). `battle`: the other clubs' names and the players
    counted per club, for a battle between the maker's club (`club`) and those."""
    fields = entries.checked(user, **fields)
    if battle is not None:
        if fields["club"] is None:
            raise Refused(_("A battle is made for one of the clubs you lead."))
        battling = battles.clubs_named(fields["club"], battle[0])
        battles.check_counted(battle[1])
        fields |= {"club": None, "battle_counted": battle[1]}
    if fields["time_control"].get("kind") != "live":
        raise Refused(_("An arena is played on a live clock: minutes and an increment."))
    if not isinstance(minutes, int) or not MINUTES[0] <= minutes <= MINUTES[1]:
        raise Refused(
            # Translators: 20 minutes to 3 hours (MINUTES).
            _("An arena lasts from %(least)s minutes to %(most)s hours.")
            % {"least": MINUTES[0], "most": MINUTES[1] // 60}
        )
    with transaction.atomic():
        made = Tournament.objects.create(kind=Tournament.Kind.ARENA, minutes=minutes, rated=rated,
                                         official=official, plan=plan, **fields)  # fmt: skip
        if battle is not None:
            made.battle_clubs.set(battling)
    return made


def pair_free(tournament: Tournament, at=None) -> list[Game]:
    """One pairing pass, under the tournament's row lock: every free player (joined, not
    paused, not in a game of this arena) paired near in rank, and their games begun."""
    at = at or clocks.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status != Tournament.Status.STARTED or entries.over(tournament):
            return []
        if not tournament.players.filter(paused=False, free_since__isnull=False).exists():
            return []  # nobody came free since the last pass (most passes): nothing to read
        everyone = list(standings.ranked(tournament).select_related("user__profile"))
        busy = set(
            Pairing.objects.filter(tournament=tournament, game__status__in=Game.IN_PLAY)
            .values_list("white_id", "black_id")
            .iterator()
        )
        busy = {user_id for pair_ in busy for user_id in pair_}
        active = [p for p in everyone if not p.paused]
        people = set(bots.people_only(tournament.players).values_list("user_id", flat=True))
        free = [
            pairing.Free(
                p.user_id, rank, p.rating, p.last_opponent_id, p.white_balance, p.club_id
            )  # fmt: skip
            for rank, p in enumerate(everyone, 1)
            if not p.paused and p.user_id not in busy and p.user_id in people
        ]
        pairs = pairing.pair(free, only_two_left=len(active) == 2)
        if not pairs:
            return []
        by_user = {p.user_id: p for p in everyone}
        made = games.start_paired(
            tournament.game_slug, tournament.options, tournament.time_control,
            [(by_user[w].user, by_user[b].user) for w, b in pairs], rated=tournament.rated,
            tournament=tournament,
        )  # fmt: skip
        Pairing.objects.bulk_create(
            Pairing(tournament=tournament, game=game, white_id=w, black_id=b, created_at=at)
            for game, (w, b) in zip(made, pairs, strict=True)
        )
        _paired(tournament, pairs, by_user)
        notify.tell_each(
            notify.Kind.TOURNAMENT,
            [(by_user[u].user, _next_game(by_user[u].user, tournament), game, "")
             for game, pair_ in zip(made, pairs, strict=True) for u in pair_],
            by_email=False, pushed=notify.Pushed.BEGUN,
        )  # fmt: skip
        # Each player's pages open their game, as lichess sends a player to their next one.
        opened = list(zip(made, pairs, strict=True))
        transaction.on_commit(lambda: notify.open_games(opened))
        entries.touch(tournament)
    return made


def _next_game(user, tournament: Tournament) -> str:
    with language.for_user(user):
        return _("Your next game in %(tournament)s is ready.") % {"tournament": tournament.name}


def _paired(tournament: Tournament, pairs, by_user) -> None:
    """The players just paired: busy, each with their last opponent and their colours'
    balance, in a few statements whatever their number."""
    whites, blacks = [w for w, _ in pairs], [b for _, b in pairs]
    players = tournament.players.filter(user_id__in=whites + blacks)
    players.update(free_since=None)
    players.filter(user_id__in=whites).update(white_balance=F("white_balance") + 1)
    players.filter(user_id__in=blacks).update(white_balance=F("white_balance") - 1)
    table, ids = Participant._meta.db_table, {p: by_user[p].pk for pair_ in pairs for p in pair_}
    with connection.cursor() as cursor:  # a statement a player: Django's bulk_update of a
        cursor.executemany(  # thousand builds a CASE of a thousand, ten times slower
            f"UPDATE {table} SET last_opponent_id = %s WHERE id = %s",
            [(b, ids[w]) for w, b in pairs] + [(w, ids[b]) for w, b in pairs],
        )


# --- a game's end ---------------------------------------------------------------------------


def recount(game: Game, tournament: Tournament) -> None:
    """Inside the transaction that changed an arena game's result (the game row locked, then
    the tournament's): its players' scores from their sheets, in the order their games were
    made."""
    pair_ = Pairing.objects.get(game=game)
    for user_id in (pair_.white_id, pair_.black_id):
        player = Participant.objects.select_for_update().get(tournament=tournament, user_id=user_id)
        played = _played(tournament, user_id)
        scored = sheets.sheet(played)
        player.score = sum(s.points for s in scored)
        player.games = len(played)
        player.on_fire = sheets.on_fire(played)
        player.sheet = [
            [str(s.points), "berserk" if s.berserk_point else "streak" if s.on_fire else ""]
            for s in scored
        ]
        if not player.paused and player.free_since is None and game.is_over:
            player.free_since = clocks.now()
        player.save(update_fields=["score", "games", "on_fire", "sheet", "free_since"])
    entries.touch(tournament)


def _played(tournament: Tournament, user_id: int) -> list[sheets.Played]:
    """The player's counted, finished games of the arena, in the order they were made, with
    their own moves counted from the move log (a game's first mover is not always White)."""
    mine = Pairing.objects.filter(Q(white_id=user_id) | Q(black_id=user_id), tournament=tournament,
                                  counted=True, game__status=Game.Status.FINISHED)  # fmt: skip
    mine = list(mine.select_related("game").order_by("created_at", "pk"))
    own = dict(
        Move.objects.filter(game__in=[p.game for p in mine], seat=0)
        .values_list("game_id")
        .annotate(n=Count("pk"))
    )
    found = []
    for p in mine:
        game, seat = p.game, 0 if p.white_id == user_id else 1
        score = 0.5 if game.winner is None else float(game.winner == seat)
        whites = own.get(game.pk, 0)
        moves = whites if seat == 0 else game.ply - whites
        berserk = p.white_berserk if seat == 0 else p.black_berserk
        found.append(sheets.Played(score, game.ply, moves, berserk))
    return found
