"""Swiss events, as lichess and pychess-variants run them: a fixed number of rounds, each
paired by the FIDE Dutch system (swiss.py, through py4swiss) from the tournament so far,
written as a FIDE report file that anyone may download to check the pairings. A bye
scores 1; a round missed (joined late, paused, withdrawn) scores 0. Ranked by points, then
Sonneborn-Berger, then Buchholz.

Rounds begin as the tournament's pacing says: as soon as every game has ended (after a
short pause), at a fixed interval after that, daily, or when the organiser starts them;
on a correspondence clock, daily or by the organiser.

A round is paired outside any transaction (a large field takes seconds, and SQLite has one
writer), from the tournament as it stood at a revision; it is written only if the revision
is still that one, else paired again from the new state."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.accounts import bots
from play.common import clocks, language
from play.common.errors import Refused
from play.games import games
from play.models import Game, Move, Pairing, Participant, Tournament
from play.notify import notify
from play.tournaments import entries, standings, swiss

ROUNDS = (3, 15)
INTERVAL = (1, 7 * 24 * 60)  # minutes between a round's end and the next
BETWEEN = timedelta(seconds=20)  # automatic pacing: the pause after a round's last game
PAIRING_TRIES = 3  # pairings thrown away when the tournament changed as they were made

Pacing = Tournament.Pacing


def create(user, *, rounds: int, pacing: str, interval_minutes=None, rated: bool = True,
           official: bool = False, plan=None, **fields) -> Tournament:  # fmt: skip
    """A new Swiss, checked whole before anything is written (`fields`: entries.checked's)."""
    fields = entries.checked(user, **fields)
    if not isinstance(rounds, int) or not ROUNDS[0] <= rounds <= ROUNDS[1]:
        raise Refused(
            ngettext(
                "A Swiss has from %(least)s to %(most)s round.",
                "A Swiss has from %(least)s to %(most)s rounds.",
                ROUNDS[1],
            )
            % {"least": ROUNDS[0], "most": ROUNDS[1]}
        )
    if pacing not in Pacing.values:
        raise Refused(_("Rounds begin automatically, at an interval, daily or by the organiser."))
    if clocks.is_correspondence(fields["time_control"]) and pacing not in (
        Pacing.DAILY,
        Pacing.MANUAL,
    ):
        raise Refused(_("A correspondence Swiss's rounds begin daily or when the organiser "
                        "starts them: its games last days."))  # fmt: skip
    if pacing == Pacing.INTERVAL:
        if not isinstance(interval_minutes, int) or not (
            INTERVAL[0] <= interval_minutes <= INTERVAL[1]
        ):
            raise Refused(
                ngettext(
                    "The interval between rounds is %(least)s to %(most)s minute.",
                    "The interval between rounds is %(least)s to %(most)s minutes.",
                    INTERVAL[1],
                )
                % {"least": INTERVAL[0], "most": INTERVAL[1]}
            )
    else:
        interval_minutes = None
    return Tournament.objects.create(
        kind=Tournament.Kind.SWISS, rounds=rounds, pacing=pacing,
        interval_minutes=interval_minutes, rated=rated, official=official, plan=plan, **fields,
    )  # fmt: skip


# --- rounds ---------------------------------------------------------------------------------


def round_over(tournament: Tournament) -> bool:
    """Whether every game of the round last begun has ended."""
    return not Pairing.objects.filter(
        tournament=tournament, round=tournament.round_number, game__status__in=Game.IN_PLAY
    ).exists()


def next_round_time(tournament: Tournament, at: datetime) -> datetime | None:
    """When the next round begins, the last one having ended at `at` (None: when the
    organiser starts it)."""
    if tournament.pacing == Pacing.AUTOMATIC:
        return at + BETWEEN
    if tournament.pacing == Pacing.INTERVAL:
        return at + timedelta(minutes=tournament.interval_minutes)
    if tournament.pacing == Pacing.DAILY:  # at the hour the tournament began, the next day
        nearest = at.replace(hour=tournament.starts_at.hour, minute=tournament.starts_at.minute,
                             second=0, microsecond=0)  # fmt: skip
        return nearest if nearest > at else nearest + timedelta(days=1)
    return None


def start_round(tournament: Tournament, by=None) -> list[Pairing]:
    """Pair and begin the next round (`by`: the organiser starting it by hand). Refused
    while a game of the last round is in play, or after the last round."""
    for _try in range(PAIRING_TRIES):
        seen = Tournament.objects.get(pk=tournament.pk)
        _check_may_start(seen, by)
        entrants = _entrants(seen, _players(seen))
        pairs = swiss.pair(seen.name, seen.rounds, list(entrants.values()))
        with transaction.atomic():
            locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
            if locked.revision != seen.revision:
                continue  # joined, paused or a result changed meanwhile: pair again
            return _begin(locked, entrants, pairs)
    raise Refused(_("The tournament kept changing as the round was paired: try again."), 409)


def _check_may_start(tournament: Tournament, by) -> None:
    if tournament.status != Tournament.Status.STARTED:
        raise Refused(_("The tournament is not in play."), 409)
    if tournament.round_number >= tournament.rounds:
        raise Refused(_("Every round has been played."), 409)
    if not round_over(tournament):
        raise Refused(
            _("Round %(round)s is still being played.") % {"round": tournament.round_number}, 409
        )
    if by is not None:
        if tournament.created_by_id is None or by.pk != tournament.created_by_id:
            raise Refused(_("Only the organiser starts the rounds."), 403)
        if tournament.pacing != Pacing.MANUAL:
            raise Refused(_("This Swiss's rounds begin by themselves."), 409)


def _begin(tournament: Tournament, entrants: dict, pairs) -> list[Pairing]:
    """Write the round paired (inside the tournament's lock): its games begun, its byes
    scored, the players told."""
    at = clocks.now()
    number = tournament.round_number + 1
    by_number = {e.number: user_id for user_id, e in entrants.items()}
    players = {p.user_id: p for p in tournament.players.select_related("user__profile")}
    games_paired = [(by_number[w], by_number[b]) for w, b in pairs if b != swiss.BYE]
    made = games.start_paired(
        tournament.game_slug, tournament.options, tournament.time_control,
        [(players[w].user, players[b].user) for w, b in games_paired], rated=tournament.rated,
        tournament=tournament,
    )  # fmt: skip
    rows = [
        Pairing(
            tournament=tournament, game=game, round=number, white_id=w, black_id=b, created_at=at
        )  # fmt: skip
        for game, (w, b) in zip(made, games_paired, strict=True)
    ]
    byes = [by_number[w] for w, b in pairs if b == swiss.BYE]
    rows += [
        Pairing(tournament=tournament, round=number, white_id=user_id, created_at=at)
        for user_id in byes
    ]
    Pairing.objects.bulk_create(rows)
    for user_id, entrant in entrants.items():
        players[user_id].number = entrant.number
    Participant.objects.bulk_update(players.values(), ["number"])
    tournament.round_number, tournament.next_round_at = number, None
    tournament.revision += 1
    tournament.save(update_fields=["round_number", "next_round_at", "revision"])
    said = {"round": number, "rounds": tournament.rounds, "tournament": tournament.name}
    told = []
    for game, (w, b) in zip(made, games_paired, strict=True):
        for me, other in ((w, b), (b, w)):
            with language.for_user(players[me].user):
                text = _(
                    "Round %(round)s of %(rounds)s in %(tournament)s: your game against "
                    "%(opponent)s is ready."
                ) % {**said, "opponent": players[other].user.username}
            told.append((players[me].user, text, game, ""))
    for user_id in byes:
        with language.for_user(players[user_id].user):
            text = _("Round %(round)s of %(rounds)s in %(tournament)s: you have a bye, which "
                     "scores 1.") % said  # fmt: skip
        told.append((players[user_id].user, text, None, tournament.get_absolute_url()))
    notify.tell_each(notify.Kind.TOURNAMENT, told, pushed=notify.Pushed.BEGUN)
    opened = list(zip(made, games_paired, strict=True))
    transaction.on_commit(lambda: notify.open_games(opened))
    recount(tournament)
    return rows


def _players(tournament: Tournament) -> list[Participant]:
    """Everyone in the tournament, in starting order: by their rating as they joined (the
    same order each round, late entrants in their place)."""
    return list(tournament.players.select_related("user").order_by("-rating", "pk"))


def _entrants(tournament: Tournament, players: list[Participant]) -> dict[int, swiss.Entrant]:
    """The players (_players()) with their rounds so far, by user, numbered in order."""
    people = set(bots.people_only(tournament.players).values_list("user_id", flat=True))
    entrants = {
        p.user_id: swiss.Entrant(
            n,
            p.user.username,
            round(p.rating),
            absent_next=p.paused or p.withdrawn or p.user_id not in people,
        )  # fmt: skip
        for n, p in enumerate(players, 1)
    }
    played = {}  # (user, round) -> their swiss.Round
    for row in _pairings(tournament):
        if row.black_id is None:
            played[row.white_id, row.round] = swiss.Round(swiss.BYE, None, 1)
            continue
        white_score = _white_score(row.game)
        for me, other, white in ((row.white_id, row.black_id, True),
                                 (row.black_id, row.white_id, False)):  # fmt: skip
            score = None if white_score is None else white_score[0 if white else 1]
            played[me, row.round] = swiss.Round(entrants[other].number, white, score)
    absent = swiss.Round(swiss.BYE, None, 0, absent=True)
    for user_id, entrant in entrants.items():
        entrant.rounds = [
            played.get((user_id, n), absent) for n in range(1, tournament.round_number + 1)
        ]
    return entrants


def _pairings(tournament: Tournament):
    return (
        Pairing.objects.filter(tournament=tournament)
        .select_related("game")
        .only("round", "white_id", "black_id", "game__status", "game__winner", "game__reason")
    )


def _white_score(game: Game) -> tuple[float, float] | None:
    """White's and Black's points from a game: None while it is played; an annulled game
    is lost by both (a forfeit each: no one scores from a game a referee struck out)."""
    if game.status in Game.IN_PLAY:
        return None
    if game.status != Game.Status.FINISHED:
        return (0.0, 0.0)
    if game.winner is None:
        return (0.5, 0.5)
    return (1.0, 0.0) if game.winner == 0 else (0.0, 1.0)


# --- the table ------------------------------------------------------------------------------


def recount(tournament: Tournament) -> None:
    """Every player's points, tiebreaks and line of rounds, from the pairings (inside the
    transaction that changed them, the tournament's row locked): Sonneborn-Berger adds each
    beaten opponent's points and half each drawn one's; Buchholz adds every opponent's.
    Byes and absences add nothing to either."""
    players = _players(tournament)
    entrants = _entrants(tournament, players)
    points = {user_id: e.points for user_id, e in entrants.items()}
    by_number = {e.number: user_id for user_id, e in entrants.items()}
    changed = []
    for player in players:
        entrant = entrants[player.user_id]
        sonneborn = buchholz = 0.0
        for r in entrant.rounds:
            if r.opponent == swiss.BYE or r.score is None:
                continue
            theirs = points[by_number[r.opponent]]
            buchholz += theirs
            sonneborn += r.score * theirs
        sheet = [_line(r) for r in entrant.rounds]
        values = (entrant.points, sonneborn, buchholz, sheet,
                  sum(r.opponent != swiss.BYE for r in entrant.rounds))  # fmt: skip
        if values != (player.score, player.sonneborn_berger, player.buchholz, player.sheet,
                      player.games):  # fmt: skip
            (player.score, player.sonneborn_berger, player.buchholz, player.sheet,
             player.games) = values  # fmt: skip
            changed.append(player)
    Participant.objects.bulk_update(
        changed, ["score", "sonneborn_berger", "buchholz", "sheet", "games"]
    )
    entries.touch(tournament)


def _line(played: swiss.Round) -> list[str]:
    """A round in the standings: the points and the mark (a bye, an absence, in play)."""
    if played.absent:
        return ["–", "absent"]
    if played.opponent == swiss.BYE:
        return ["1", "bye"]
    if played.score is None:
        return ["*", ""]
    return [{1: "1", 0.5: "½", 0: "0"}[played.score], ""]


def report(tournament: Tournament) -> str:
    """The tournament so far as a FIDE report file (TRF), as the pairing engine reads it."""
    entrants = list(_entrants(tournament, _players(tournament)).values())
    return swiss.text(swiss.trf(tournament.name, tournament.rounds, entrants))


def withdraw_unbegun(game: Game) -> None:
    """A Swiss game lost on the clock by a player who never moved in it: they are withdrawn
    from the rounds to come (inside the game's transaction)."""
    if game.status != Game.Status.FINISHED or game.winner is None:
        return
    if game.reason not in ("no-start", "timeout"):
        return
    loser = 1 - game.winner
    if Move.objects.filter(game=game, seat=loser).exists():
        return
    Participant.objects.filter(tournament_id=game.tournament_id, user=game.player(loser)).update(
        withdrawn=True, free_since=None
    )


# --- the sweeper's part ---------------------------------------------------------------------


def advance(at: datetime) -> dict[str, int]:
    """Each Swiss in play moved on: a round ended gets its next one's time (or the
    tournament ends after its last), and rounds whose time has come are paired."""
    rounds = finished = 0
    for tournament in Tournament.objects.filter(
        kind=Tournament.Kind.SWISS, status=Tournament.Status.STARTED
    ):
        if tournament.round_number and not round_over(tournament):
            continue
        if tournament.round_number >= tournament.rounds:
            finished += finish(tournament, at)
            continue
        if tournament.next_round_at is None and tournament.round_number:
            when = next_round_time(tournament, at)
            Tournament.objects.filter(pk=tournament.pk, next_round_at=None).update(
                next_round_at=when
            )
            tournament.next_round_at = when
        if tournament.next_round_at is not None and tournament.next_round_at <= at:
            try:
                start_round(tournament)
            except Refused:
                continue  # another process began it, or it kept changing: the next pass
            rounds += 1
    return {"Swiss rounds begun": rounds, "Swiss events ended": finished}


def finish(tournament: Tournament, at: datetime) -> bool:
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status != Tournament.Status.STARTED or not round_over(tournament):
            return False
        tournament.status, tournament.finished_at = Tournament.Status.FINISHED, at
        tournament.revision += 1
        tournament.save(update_fields=["status", "finished_at", "revision"])
        standings.tell_final(tournament)
    return True
