"""The life of a game outside its moves: create, join, abort, resign, finish, rebuild."""

from __future__ import annotations

import random
from datetime import timedelta

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

import rules
from play.accounts import bots, guests, standing
from play.common import clocks
from play.common.errors import Refused
from play.common.language import for_user, translated
from play.common.players import shown_name
from play.games import setup
from play.games.lifecycle import begin_play, challenge_sent, end, games_began, settle
from play.models import DECLINE_REASONS, Computer, Game, Move, Pairing, Rating, Seat
from play.notify import notify
from play.push.live import broadcast
from play.ratings import ratings
from play.relations import relations

SIDES = ("white", "black", "random")
# The side a game's maker plays, as players read it.
SIDE_NAMES = {
    "white": pgettext_lazy("side", "White"),
    "black": pgettext_lazy("side", "Black"),
    "random": pgettext_lazy("side", "Random"),
}


RATING_RANGES = (50, 1000)  # a seek's range: from ±50 to ±1000 points


def create(
    user, slug: str, side: str, listing: str, options=None, time_control=None, invited=None,
    *, rated=False, rating_range=None,
) -> Game:  # fmt: skip
    """A new game with its maker seated: rated or casual; a seek's rating range (±points)
    admits the players rated within it of the maker's rating in that game and speed."""
    try:
        game_rules = rules.get(slug)
        options = game_rules.validate_options(options)
        state = game_rules.start(options)
        time_control = clocks.parse(time_control)
    except ValueError as exc:  # the rules' words (a Said), or the clock's, translated already
        raise Refused(translated(exc.args[0])) from None
    if side not in SIDES:
        raise Refused(_("Choose White, Black or random."))
    if listing not in Game.Listing.values:
        raise Refused(_("Choose an open seek or a private invitation link."))
    guests.check_new_game(user, listing=listing, rated=rated, challenged=invited is not None)
    if listing == Game.Listing.SEEK:
        bots.refuse(user, "open a seek in the lobby")
    if invited is not None:
        bots.check_challenge(invited, slug)
        relations.refuse_meeting(user, invited.pk)
    if rated and not time_control:
        raise Refused(_("A rated game needs a clock (a loser could otherwise wait forever): "
                        "choose one, or make the game casual."))  # fmt: skip
    speed = ratings.speed_of(time_control)
    low = high = None
    if rating_range is not None:
        if listing != Game.Listing.SEEK:
            raise Refused(_("A rating range is for open seeks: a link or a challenge names its "
                            "opponent."))  # fmt: skip
        if not isinstance(rating_range, int) or not (
            RATING_RANGES[0] <= rating_range <= RATING_RANGES[1]
        ):
            raise Refused(
                _("The rating range is from ±%(low)s to ±%(high)s.")
                % {"low": RATING_RANGES[0], "high": RATING_RANGES[1]}
            )
        mine = round(ratings.of(user, slug, speed).rating)
        low, high = mine - rating_range, mine + rating_range
    index = {"white": 0, "black": 1}.get(side, random.randrange(2))
    text = game_rules.format(state)
    with transaction.atomic():
        game = Game.objects.create(
            game_slug=slug,
            options=options,
            rules_version=game_rules.rules_version,
            listing=listing,
            created_by=user,
            requested_side=side,
            time_control=time_control,
            speed=speed,
            rated=rated,
            rating_min=low,
            rating_max=high,
            invited_user=invited,
            initial_position=text,
            position=text,
        )
        Seat.objects.create(game=game, user=user, index=index)
        if invited is not None:
            with for_user(invited):
                text = _("%(player)s challenges you to %(game)s (%(clock)s).") % {
                    "player": shown_name(user),
                    "game": translated(game_rules.name),
                    "clock": clocks.describe(time_control),
                }
            notify.tell(invited, notify.Kind.CHALLENGE, text, game)
            challenge_sent.send(Game, game=game)
    return game


def start_paired(
    slug: str, options: dict, time_control: dict, pairs, *, rated: bool, **belongs
) -> list[Game]:
    """Games begun at once between the pairs given (first player White), as a championship's
    group or a tournament's pairing starts them: each as a join would begin it (its clocks
    running, or its arrangements drafted, or dealt), written in a few queries for all of
    them; `belongs` names what they belong to (league_group=, tournament=). Inside the
    caller's transaction; the caller tells the players."""
    game_rules = rules.get(slug)
    options = game_rules.validate_options(options)
    speed = ratings.speed_of(time_control)
    at = clocks.now()
    rng = random.SystemRandom()
    start = game_rules.format(game_rules.start(options))
    found = ratings.lookup((u.pk, slug, speed) for pair in pairs for u in pair)
    arranging = game_rules.needs_setup and not options.get("deal")
    marked = standing.marked_ids([u.pk for pair in pairs for u in pair]) if rated else set()
    games, seats = [], []
    for pair in pairs:
        position = start
        if game_rules.needs_setup and not arranging:
            first = game_rules.random_arrangement(rng, options, 0)
            second = game_rules.random_arrangement(rng, options, 1, first)
            position = game_rules.format(game_rules.from_setup(first, second, rng.randrange(2)))
        game = Game(
            game_slug=slug, options=options, rules_version=game_rules.rules_version,
            listing=Game.Listing.INVITE, created_by=pair[0], requested_side="white",
            time_control=time_control, speed=speed, initial_position=position,
            rated=rated and not marked & {u.pk for u in pair},
            position=position, revision=1, **belongs,
        )  # fmt: skip
        if arranging:
            game.status = Game.Status.SETUP
        else:
            game.status, game.started_at = Game.Status.ACTIVE, at
            game.turn = game_rules.to_move(game_rules.parse(position))
            clocks.start(game, at)
        games.append(game)
        for index, user in enumerate(pair):
            rating = found.get((user.pk, slug, speed)) or Rating()
            arrangement = game_rules.random_arrangement(rng, options, index) if arranging else ""
            seats.append(Seat(game=game, user=user, index=index, arrangement=arrangement,
                              rating=rating.rating, rating_rd=rating.rd))  # fmt: skip
        game.rating_mean = ratings.mean_of(seat.rating for seat in seats[-len(pair) :])
    Game.objects.bulk_create(games)
    for seat in seats:
        seat.game_id = seat.game.pk
    Seat.objects.bulk_create(seats)
    games_began.send(Game, games=games)
    return games


def join(game: Game, user) -> Game:
    with transaction.atomic():
        game = Game.locked(game.pk)
        if game.seat_of(user):
            return game
        if game.status != Game.Status.OPEN:
            raise Refused(_("This game already has its players."), 409)
        if game.invited_user_id not in (None, user.pk):
            raise Refused(_("This challenge is for another player."), 403)
        if game.rated:
            guests.refuse(user, "play rated games")
        if game.listing == Game.Listing.SEEK:
            guests.refuse(user, "accept a seek")
            bots.refuse(user, "accept a seek")
        bots.check_challenge(user, game.game_slug)
        relations.refuse_meeting(user, game.created_by_id)
        _check_range(game, user)
        taken = {s.index for s in game.seats.all()}
        index = 1 - taken.pop()
        Seat.objects.create(game=game, user=user, index=index)
        if Computer.objects.filter(user_id=user.pk).exists():  # its games are never rated
            Game.objects.filter(pk=game.pk).update(computer_seat=index, rated=False)
        elif game.rated and standing.marked_ids([user.pk, game.created_by_id]):
            Game.objects.filter(pk=game.pk).update(rated=False)  # a marked player's are not
        game = Game.locked(game.pk)  # with both seats
        # Games whose players arrange their pieces start with the setup, unless dealt.
        if not game.rules.needs_setup or setup.begin(game):
            begin_play(game, clocks.now())
        else:
            game.revision += 1
            game.save()
            transaction.on_commit(lambda: broadcast(game))
        games_began.send(Game, games=[game])
    return Game.objects.prefetch_related("seats").get(pk=game.pk)


def _check_range(game: Game, user) -> None:
    """A seek with a rating range is for the players rated within it."""
    if game.rating_min is None:
        return
    mine = ratings.of(user, game.game_slug, game.speed).rating
    if not game.rating_min <= mine <= game.rating_max:
        raise Refused(
            _(
                "This seek is for players rated %(low)s–%(high)s in %(game)s (%(speed)s); "
                "yours is %(mine)s."
            )
            % {
                "low": game.rating_min,
                "high": game.rating_max,
                "game": translated(game.rules.name),
                "speed": ratings.SPEEDS[game.speed].lower(),
                "mine": f"{mine:.0f}",
            },
            403,
        )


def abort(game: Game, user) -> Game:
    """Cancel a seek, or abort before both sides have moved."""
    with transaction.atomic():
        game = Game.locked(game.pk)
        game.seat_of_player(user, _("Only the players may abort this game."))
        if game.league_group_id is not None:
            raise Refused(_("A championship's game is owed to the table: it cannot be aborted. "
                            "Resign it, or leave the championship."), 409)  # fmt: skip
        if game.tournament_id is not None:
            raise Refused(_("A tournament's game cannot be aborted: resign it, or pause in the "
                            "tournament after it."), 409)  # fmt: skip
        if (
            game.status not in (Game.Status.OPEN, Game.Status.SETUP, Game.Status.ACTIVE)
            or game.ply >= 2
        ):
            raise Refused(_("A game can be aborted only before both sides have moved."), 409)
        end(game, None, "abort", Game.Status.ABORTED)
    return game


def resign(game: Game, user) -> Game:
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of(user)
        if not seat:
            raise Refused(_("Only the players may resign."), 403)
        if game.status != Game.Status.ACTIVE:
            raise Refused(_("This game is not in play."), 409)
        end(game, 1 - seat.index, "resign")
    return game


def rebuild(game: Game) -> rules.State:
    """Replay the move log alone through the rules, checking every stored fact on the way.

    Raises ValueError naming the first ply whose stored position or hash disagrees.
    """
    game_rules = game.rules
    if game.rules_version != game_rules.rules_version:
        raise ValueError(
            f"Played under rules version {game.rules_version}, now {game_rules.rules_version}."
        )
    state = game_rules.with_options(game_rules.parse(game.initial_position), game.options)
    previous = ""
    for move in game.moves.order_by("ply"):
        try:
            state = game_rules.play(state, move.text)
        except rules.IllegalMove as exc:
            raise ValueError(
                f"Ply {move.ply}: {move.text} is not legal on replay ({exc})."
            ) from None
        if game_rules.format(state) != move.position_after:
            raise ValueError(f"Ply {move.ply}: stored position differs from the replay.")
        expected = Move.chain(previous, move.ply, move.text, move.position_after, move.created_at)
        if move.hash != expected:
            raise ValueError(f"Ply {move.ply}: the hash chain is broken.")
        previous = move.hash
    if game_rules.format(state) != game.position:
        raise ValueError("The game's current position differs from its move log.")
    return state


def flag(game: Game) -> Game:
    """Anyone may ask the server to record what the clock says (the page does when it hits 0)."""
    with transaction.atomic():
        game = Game.locked(game.pk)
        settle(game)
    return game


def give_time(game: Game, user) -> Game:
    """Add a day (15 s in live play) to the opponent's clock."""
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(user, _("Only the players may give time."))
        if game.status != Game.Status.ACTIVE or game.clocks is None:
            raise Refused(_("There is no running clock to add time to."), 409)
        if settle(game):
            raise Refused(_("The clock has already run out."), 409)
        seconds = clocks.give(game, 1 - seat.index)
        game.revision += 1
        game.save()
        given = game.player(1 - seat.index)
        with for_user(given):
            text = _("%(player)s gave you %(time)s (%(game)s).") % {
                "player": shown_name(user),
                "time": clocks.human(seconds),
                "game": translated(game.rules.name),
            }
        notify.tell(given, notify.Kind.OFFER, text, game)
        transaction.on_commit(lambda: broadcast(game))
    return game


def berserkable(game: Game, seat: int, moved: bool) -> bool:
    """An arena player may go berserk in a live game until they have moved (`moved`: they
    have), once, as on lichess."""
    return (
        game.tournament_id is not None
        and game.status == Game.Status.ACTIVE
        and game.time_control.get("kind") == "live"
        and game.ply < 2
        and not moved
        and seat not in game.berserk
        and game.tournament.kind == "arena"
    )


def berserk(game: Game, user) -> Game:
    """Halve the player's clock and give up the increment, for a point more if they win in
    at least 7 of their own moves (play/tournaments/sheets.py)."""
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(user, _("Only the players may go berserk.")).index
        moved = game.moves.filter(seat=seat).exists()
        if settle(game):
            raise Refused(_("The clock has already run out."), 409)
        if not berserkable(game, seat, moved):
            raise Refused(_("Berserk is for an arena game's live clock, once, before your first "
                            "move."), 409)  # fmt: skip
        half = clocks.full(game.time_control) / 2
        game.clocks[seat] = max(0.0, game.clocks[seat] - half)
        if seat == game.turn and game.deadline is not None:
            game.deadline -= timedelta(seconds=half)
        game.berserk = [*game.berserk, seat]
        game.revision += 1
        game.save()
        Pairing.objects.filter(game=game).update(**{("white_berserk", "black_berserk")[seat]: True})
        transaction.on_commit(lambda: broadcast(game))
    return game


def decline(game: Game, user, reason: str = "generic") -> Game:
    """The invited player turns a direct challenge down, for one of lichess's reasons."""
    if reason not in DECLINE_REASONS:
        raise Refused(
            _("A reason to decline is one of %(reasons)s.")
            % {"reasons": ", ".join(DECLINE_REASONS)}
        )
    with transaction.atomic():
        game = Game.locked(game.pk)
        if game.invited_user_id != user.pk or game.status != Game.Status.OPEN:
            raise Refused(_("There is no challenge of yours to decline here."), 409)
        game.decline_reason = reason
        end(game, None, "declined", Game.Status.ABORTED)
    return game
