"""Arenas, as lichess runs them: for a fixed time, every free player is paired again at once
with a free player near in rank (pairing.py); each game scores by lichess's sheet
(sheets.py); a paused player is not paired and keeps their score; at the end, the games
still in play do not count.

Locks are taken in one order: the tournament's row, then a game's (a pairing pass makes
games under the tournament's lock; a game's end counts it under the game's, then takes the
tournament's)."""

from __future__ import annotations

import re
from datetime import timedelta

from django.contrib.auth.hashers import check_password, make_password
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.dispatch import receiver
from django.template.loader import render_to_string

import rules
from play.accounts import guests
from play.common import clocks
from play.common.errors import Refused
from play.games import games
from play.games.lifecycle import result_changed
from play.models import Computer, Game, Move, Pairing, Participant, Rating, Tournament
from play.notify import notify
from play.push import live
from play.ratings import ratings
from play.tournaments import pairing, sheets

MINUTES = (20, 180)  # an arena's length
AHEAD = timedelta(days=60)  # how far ahead an arena may be set
PASSWORD_LENGTH = 100


def create(user, *, name: str, game_slug: str, options=None, time_control=None, minutes: int,
           starts_at, rated: bool = True, rating_min=None, rating_max=None,
           min_rated_games: int = 0, password: str = "", official: bool = False) -> Tournament:  # fmt: skip
    """A new arena, checked whole before anything is written."""
    guests.refuse(user, "make tournaments")
    name = (name or "").strip()
    if not 1 <= len(name) <= Tournament._meta.get_field("name").max_length:
        raise Refused("Name the tournament, in 80 characters at most.")
    try:
        game_rules = rules.get(game_slug)
        options = game_rules.validate_options(options)
        time_control = clocks.parse(time_control)
    except (KeyError, ValueError) as exc:
        raise Refused(
            str(exc) if isinstance(exc, ValueError) else "Choose one of the five games."
        ) from None
    if time_control.get("kind") != "live":
        raise Refused("An arena is played on a live clock: minutes and an increment.")
    if game_rules.needs_setup and not options.get("deal"):
        raise Refused("An arena's games start at once: deal the boards (the deal option).")
    if not isinstance(minutes, int) or not MINUTES[0] <= minutes <= MINUTES[1]:
        raise Refused(f"An arena lasts from {MINUTES[0]} minutes to {MINUTES[1] // 60} hours.")
    at = clocks.now()
    if not at - timedelta(minutes=1) <= starts_at <= at + AHEAD:
        raise Refused("An arena starts between now and 60 days from now.")
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise Refused("The lowest rating allowed is above the highest.")
    if len(password) > PASSWORD_LENGTH:
        raise Refused(f"Keep the password under {PASSWORD_LENGTH} characters.")
    return Tournament.objects.create(
        name=name, kind=Tournament.Kind.ARENA, game_slug=game_slug, options=options,
        time_control=time_control, rated=rated, created_by=user, official=official,
        starts_at=starts_at, minutes=minutes, rating_min=rating_min, rating_max=rating_max,
        min_rated_games=min_rated_games, password=make_password(password) if password else "",
    )  # fmt: skip


def join(tournament: Tournament, user, password: str = "") -> Participant:
    """Join before or during the arena (again, after a pause: play on)."""
    guests.refuse(user, "play in tournaments")
    if Computer.objects.filter(user_id=user.pk).exists():
        raise Refused("The computer plays no tournaments.", 403)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if _over(tournament):
            raise Refused("This tournament has finished.", 409)
        mine = tournament.players.filter(user=user).first()
        if mine is not None:
            if not mine.paused:
                raise Refused("You are in this tournament already.", 409)
            mine.paused, mine.free_since = False, clocks.now()
            mine.save(update_fields=["paused", "free_since"])
            return mine
        if tournament.password and not check_password(password, tournament.password):
            raise Refused("That is not this tournament's password.", 403)
        rating = _check_conditions(tournament, user)
        try:
            with transaction.atomic():
                mine = Participant.objects.create(
                    tournament=tournament, user=user, joined_at=clocks.now(), rating=rating,
                    free_since=clocks.now(),
                )  # fmt: skip
        except IntegrityError:
            raise Refused("You are in this tournament already.", 409) from None
        _touch(tournament)
    return mine


def _check_conditions(tournament: Tournament, user) -> float:
    """The player's rating in the tournament's game and speed, if they meet its conditions."""
    speed = ratings.speed_of(tournament.time_control)
    row = Rating.objects.filter(user=user, game_slug=tournament.game_slug, speed=speed).first()
    rating = row.rating if row else ratings.glicko.START
    name = f"{tournament.rules.name} ({ratings.SPEEDS[speed].lower()})"
    if tournament.rating_max is not None and rating > tournament.rating_max:
        raise Refused(f"This tournament is for players rated {tournament.rating_max} or less "
                      f"in {name}; yours is {rating:.0f}.", 403)  # fmt: skip
    if tournament.rating_min is not None and rating < tournament.rating_min:
        raise Refused(f"This tournament is for players rated {tournament.rating_min} or more "
                      f"in {name}; yours is {rating:.0f}.", 403)  # fmt: skip
    played = row.games if row else 0
    if played < tournament.min_rated_games:
        raise Refused(f"This tournament is for players with {tournament.min_rated_games} rated "
                      f"games of {name} at least; you have {played}.", 403)  # fmt: skip
    return rating


def pause(tournament: Tournament, user) -> Participant:
    """Stop being paired; the score stays. Joining again plays on."""
    with transaction.atomic():
        mine = Participant.objects.select_for_update().filter(tournament=tournament, user=user)
        mine = mine.first()
        if mine is None or mine.paused:
            raise Refused("You are not playing in this tournament.", 409)
        mine.paused, mine.free_since = True, None
        mine.save(update_fields=["paused", "free_since"])
    return mine


def _over(tournament: Tournament) -> bool:
    return tournament.status == Tournament.Status.FINISHED or (
        tournament.ends_at is not None and clocks.now() >= tournament.ends_at
    )


def _touch(tournament: Tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(revision=tournament.revision + 1)


# --- pairing --------------------------------------------------------------------------------


def ranked(tournament: Tournament):
    """Everyone, first place first: by score, then rating as they joined (a queryset)."""
    return tournament.players.order_by("-score", "-rating", "pk").select_related("user")


def standings(tournament: Tournament) -> list[Participant]:
    return list(ranked(tournament))


PUBLIC_ID = re.compile(r"[A-Za-z0-9]{1,12}")


def channel(tournament: Tournament) -> str:
    return f"tournament-{tournament.public_id}"


STANDINGS_SHOWN = 50  # a page of the standings


def standings_html(tournament: Tournament, page=None, *, oob: bool = False) -> str:
    """The standings' first page (or `page`, a page of ranked()), as its page draws it and
    as the push redraws it: drawn once for every socket on the tournament."""
    if page is None:
        page = Paginator(ranked(tournament), STANDINGS_SHOWN).page(1)
    offset = (page.number - 1) * STANDINGS_SHOWN
    context = {"tournament": tournament, "page": page, "oob": oob,
               "ranked": [(offset + i, p) for i, p in enumerate(page, 1)]}  # fmt: skip
    return render_to_string("tournaments/partials/standings.html", context)


def push_standings(tournament: Tournament) -> bool:
    """Send the standings to the tournament's pages if they changed since the last push."""
    if tournament.revision == tournament.pushed_revision:
        return False
    html = standings_html(tournament, oob=True)
    Tournament.objects.filter(pk=tournament.pk).update(pushed_revision=tournament.revision)
    live.send(channel(tournament), {"type": "standings.update", "html": html})
    return True


def pair_free(tournament: Tournament, at=None) -> list[Game]:
    """One pairing pass, under the tournament's row lock: every free player (joined, not
    paused, not in a game of this arena) paired near in rank, and their games begun."""
    at = at or clocks.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if tournament.status != Tournament.Status.STARTED or _over(tournament):
            return []
        everyone = standings(tournament)
        busy = set(
            Pairing.objects.filter(tournament=tournament, game__status__in=Game.IN_PLAY)
            .values_list("white_id", "black_id")
            .iterator()
        )
        busy = {user_id for pair_ in busy for user_id in pair_}
        active = [p for p in everyone if not p.paused]
        free = [
            pairing.Free(p.user_id, rank, p.rating, p.last_opponent_id, p.white_balance)
            for rank, p in enumerate(everyone, 1)
            if not p.paused and p.user_id not in busy
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
        changed = []
        for white, black in pairs:
            for me, other, balance in ((white, black, 1), (black, white, -1)):
                player = by_user[me]
                player.last_opponent_id, player.free_since = other, None
                player.white_balance += balance
                changed.append(player)
        Participant.objects.bulk_update(changed, ["last_opponent", "free_since", "white_balance"])
        text = f"Your next game in {tournament.name} is ready."
        for game, pair_ in zip(made, pairs, strict=True):
            for user_id in pair_:
                notify.tell(by_user[user_id].user, notify.Kind.TOURNAMENT, text, game,
                            by_email=False)  # fmt: skip
            # Each player's pages open it, as lichess sends a player to their next game.
            transaction.on_commit(lambda g=game, users=pair_: notify.open_game(g, users))
        _touch(tournament)
    return made


# --- a game's end ---------------------------------------------------------------------------


@receiver(result_changed)
def follow(sender, game: Game, **kwargs) -> None:
    """A game's result changed: its arena's scores follow, if it has one."""
    if game.tournament_id is not None:
        recount(game)


def recount(game: Game) -> None:
    """Inside the transaction that changed an arena game's result (the game row locked): its
    players' scores from their sheets, in the order their games were made."""
    tournament = Tournament.objects.select_for_update().get(pk=game.tournament_id)
    pair_ = Pairing.objects.get(game=game)
    for user_id in (pair_.white_id, pair_.black_id):
        player = Participant.objects.select_for_update().get(tournament=tournament, user_id=user_id)
        played = _played(tournament, user_id)
        scored = sheets.sheet(played)
        player.score = sum(s.points for s in scored)
        player.games = len(played)
        player.on_fire = sheets.on_fire(played)
        if not player.paused and player.free_since is None and game.is_over:
            player.free_since = clocks.now()
        player.save(update_fields=["score", "games", "on_fire", "free_since"])
    _touch(tournament)


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
