"""The turning points of a game, inside the caller's transaction with the game row locked:
play begins, the clock runs out, the game ends. Each tells the players."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.dispatch import Signal
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from play.common import clocks
from play.common.errors import Refused
from play.common.language import for_user, translated
from play.common.lru import LRU
from play.models import ArchivedMove, Game, Move, Notification, Offer
from play.models.prepared import Prepared
from play.notify import notify
from play.push import presence
from play.push.live import broadcast
from play.ratings import ratings

Kind = Notification.Kind
# Sent inside the transaction that changed a game's result (its end, a referee's ruling),
# the game row locked: a championship's table follows its games (play/leagues/).
result_changed = Signal()
# Sent inside the transaction that seats a game's second player (a challenge or a seek
# accepted, a pairing): `games`, the games begun. And a challenge sent to a player, `game`.
# The API's event streams follow them (play/api/).
games_began = Signal()
challenge_sent = Signal()
_PLAYED = LRU(1024)  # (public id, revision) -> (moves, rules state)
_LATEST = LRU(1024)  # public id -> the latest (moves, rules state) this process knows
_BEFORE = LRU(1024)  # (public id, revision) -> the rules state before its last move


def state_of(game: Game, moves=None) -> rules.State:
    """The current rules state, from the stored positions (with repetition history).

    `moves`, the game's moves in order when the caller has them already, saves a query.
    """
    if moves is None:
        after = list(game.moves.values_list("position_after", flat=True))
    else:
        after = [m.position_after for m in moves]
    return game.rules.resume([game.initial_position, *after], game.options)


def moves_and_state(game: Game) -> tuple[list, rules.State]:
    """The moves and the rules state of the game's revision, read once per revision in this
    process and shared by the move service and every view of it."""
    key = (game.public_id, game.revision)
    found = _PLAYED.get(key)
    if found is None:
        found = _catch_up(game)
        moves = found[0]
        # Read outside the game's lock, a move committed between the game row and its moves
        # shows as a ply count that disagrees: use it, but do not keep it under this revision.
        if len(moves) == game.ply and (not moves or moves[-1].ply == game.ply):
            remember(game, *found)
    return found


def remember(game: Game, moves: list, state: rules.State, before: rules.State | None = None):
    """The moves and state of the game's revision (one just committed, or just read), so that
    no one here reads them back; `before`, the state its last move was played on."""
    _PLAYED.put((game.public_id, game.revision), (moves, state))
    _LATEST.put(game.public_id, (moves, state))
    if before is not None:
        _BEFORE.put((game.public_id, game.revision), before)


def before_last(game: Game, moves: list) -> rules.State:
    """The position before the game's last move (of `moves`, the revision's): the state it
    was played on, where this process played it; else only the move before it is read, not
    the game's history. Every seat's update of a move compares the two."""
    position = position_before_last(game, moves)
    return _BEFORE.remembered((game.public_id, game.revision), lambda: game.rules.parse(position))


def position_before_last(game: Game, moves: list) -> str:
    """The position text the last of `moves` was played on."""
    return moves[-2].position_after if moves[1:] else game.initial_position


def _catch_up(game: Game) -> tuple[list, rules.State]:
    """From the database: only the moves after the last one this process knows, when it is
    still there (another server played them, or nothing is known: all of them). Replaying
    every stored position is O(plies): 0.14 s at ply 900 of Empire."""
    known = _LATEST.get(game.public_id)
    if known is not None and known[0] and len(known[0]) <= game.ply:
        moves, state = known
        last = moves[-1]
        newer = _MOVES_FROM(game.pk, last.ply)
        if newer and newer[0].pk == last.pk and newer[0].hash == last.hash:  # not rewound
            added = newer[1:]
            for move in added:  # as game.moves would have it: its game known
                Move.game.field.set_cached_value(move, game)
            after = [m.position_after for m in added]
            return [*moves, *added], game.rules.extend(state, after, game.options)
    moves = list(game.moves.all())
    return moves, state_of(game, moves)


# A game's moves from a ply on: what a server reads on each move it did not play (the
# opponent's came through another), its SQL built once.
_MOVES_FROM = Prepared(
    lambda game_id, ply: Move.objects.filter(game_id=game_id, ply__gte=ply),
    stand_ins=(-1, 2_147_483_000),
)


def begin_play(game: Game, at) -> None:
    """Both players are in (and set up): the first move is due and the clocks start. Each is
    told, except in a game against the computer, which its player began at the board."""
    game.status = Game.Status.ACTIVE
    game.started_at = at
    game.turn = game.rules.to_move(state_of(game, []))
    clocks.start(game, at)
    ratings.mark_seats(game)
    game.revision += 1
    game.save()
    if game.computer_seat is None:
        for seat in game.seats.all():
            with for_user(seat.user):
                words = {
                    "game": translated(game.rules.name),
                    "opponent": opponent_name(game, seat.index),
                    "mover": game.player_name(game.turn),
                }
                if seat.index == game.turn:
                    text = _("%(game)s against %(opponent)s has begun: your move.") % words
                else:
                    text = _("%(game)s against %(opponent)s has begun: %(mover)s moves first.")
                    text %= words
            notify.tell(seat.user, Kind.STARTED, text, game)
    transaction.on_commit(lambda: broadcast(game))


def next_turn(game: Game, state, at, *, premove: bool = False) -> None:
    """After a move: the cached turn, the clocks, and a word to the player now to move. Not
    where the player is at the board (as on lichess): in a live game, with the clock running;
    against the computer, whose answer they wait for; in a game whose page they have open.
    A notice a move would fill the bell with hundreds. Their other pages' count of games
    waiting for them is still redrawn. `premove`: the move was chosen ahead (clocks.on_move)."""
    mover = game.turn
    game.turn = game.rules.to_move(state)
    clocks.on_move(game, mover, at, premove=premove)
    if game.turn is None:
        return
    user = game.player(game.turn)
    at_the_board = (
        (game.time_control and not clocks.is_correspondence(game.time_control))
        or game.computer_seat is not None  # its answers come while the player waits for them
        or presence.watching(game.public_id, user.pk)
    )
    if at_the_board:
        transaction.on_commit(lambda: notify.push(user.pk))
        return
    with for_user(user):
        text = _("Your turn against %(opponent)s (%(game)s).") % {
            "opponent": opponent_name(game, game.turn),
            "game": translated(game.rules.name),
        }
    notify.tell(user, Kind.YOUR_TURN, text, game)


def end(
    game: Game, winner: int | None, reason: str, status=Game.Status.FINISHED, *, rerate=True
) -> None:
    """Record a result, rate it and tell its tables (unless the caller does: a ruling rates
    with its reason), and tell everyone after the transaction."""
    game.status = status
    game.winner = winner
    game.reason = reason
    game.finished_at = clocks.now()
    game.turn = None
    clocks.stop(game)
    game.revision += 1
    game.offers.filter(status="open").update(status="withdrawn", answered_at=game.finished_at)
    game.save()
    game.seats.update(finished_at=game.finished_at)
    for seat in game.seats.all():
        seat.finished_at = game.finished_at
    if rerate:
        ratings.settle(game, game.finished_at)
        # Rated first, then the tables: the locks in the one order every path takes (a
        # game, its players' ratings, its group or tournament). A caller that rates sends it.
        result_changed.send(Game, game=game)
    for seat in game.seats.all():
        with for_user(seat.user):
            text = _("%(game)s against %(opponent)s: %(result)s.") % {
                "game": translated(game.rules.name),
                "opponent": opponent_name(game, seat.index),
                "result": game.result_text,
            }
        notify.tell(seat.user, Kind.OVER, text, game)
    transaction.on_commit(lambda: broadcast(game))


def settle(game: Game, at=None) -> bool:
    """Make the clock's verdict a fact: spend vacation days on an expired correspondence
    clock, else end the game on time (aborted if both sides have not yet moved).
    Whether the game ended."""
    at = at or clocks.now()
    if game.status != Game.Status.ACTIVE or not clocks.expired(game, at):
        return False
    seat = game.turn
    profile = notify.profile_of(game.player(seat))
    spent = clocks.spend_vacation(game, profile, at)
    if spent:
        profile.save()
        with for_user(game.player(seat)):
            # Translators: %(days)s is "1 vacation day", "3 vacation days".
            text = _("Your clock ran out against %(opponent)s: %(days)s spent (%(left)s left).") % {
                "opponent": opponent_name(game, seat),
                "days": ngettext("%(count)s vacation day", "%(count)s vacation days", spent)
                % {"count": spent},
                "left": int(profile.vacation_days),
            }
        notify.tell(game.player(seat), Kind.LOW_TIME, text, game)
    if not clocks.expired(game, at):
        game.revision += 1
        game.save()
        transaction.on_commit(lambda: broadcast(game))
        return False
    if game.ply < 2 and not game.mandatory:
        # A timeout before both have moved aborts a game, but not a championship's or a
        # tournament's: there the games are owed, and one never begun is lost by the player
        # who let it lapse.
        end(game, None, "abort", Game.Status.ABORTED)
    else:
        end(game, 1 - seat, "timeout")
    return True


def rewind(game: Game, ply: int, at) -> list[ArchivedMove]:
    """Back to the position after `ply` (a referee's rewind, a takeback): the later moves
    leave the log and are returned as archive rows for the caller to keep; play resumes with
    the turn and the clocks as they stood then; standing offers, charge drafts, premoves and
    conditional moves lapse."""
    cut = list(game.moves.filter(ply__gt=ply))
    archive = [
        ArchivedMove(
            game=game,
            ply=m.ply,
            seat=m.seat,
            text=m.text,
            display=m.display,
            position_after=m.position_after,
            created_at=m.created_at,
            clock_after=m.clock_after,
            hash=m.hash,
        )  # fmt: skip
        for m in cut
    ]
    Move.objects.filter(pk__in=[m.pk for m in cut]).delete()
    kept = game.moves.filter(ply=ply).first()
    game.ply = ply
    game.position = kept.position_after if kept else game.initial_position
    game.rewound_revision = game.revision + 1  # every caller shows the rewind at the next
    game.status = Game.Status.ACTIVE
    game.winner, game.reason, game.finished_at = None, "", None
    game.turn = game.rules.to_move(state_of(game))
    game.low_time_warned_ply = -1
    if game.time_control:
        full = clocks.full(game.time_control)
        game.clocks = list(kept.clock_after) if kept and kept.clock_after else [full, full]
        game.turn_started_at = at
        game.deadline = at + timedelta(seconds=game.clocks[game.turn])
    game.offers.filter(status=Offer.Status.OPEN).update(status="withdrawn", answered_at=at)
    game.seats.update(charge=None, finished_at=None, premove="", premove_ply=None)
    # Conditional moves were left for positions that are gone: none may be played now.
    game.forecasts.all().delete()
    game.has_forecasts = False
    return archive


def opponent_name(game: Game, seat: int) -> str:
    return game.player_name(1 - seat)


def take_back(game: Game, seat: int, at) -> None:
    """The seat's last move, and the answer to it if there is one, leave the log (kept as
    archived moves with no ruling); the clocks go back as they stood."""
    last = game.moves.filter(seat=seat).values_list("ply", flat=True).last()
    if last is None:
        raise Refused(_("There is no move of yours to take back yet."), 409)
    ArchivedMove.objects.bulk_create(rewind(game, last - 1, at))
