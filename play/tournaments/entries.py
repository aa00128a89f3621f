"""Making a tournament, and being in one: the checks an arena and a Swiss share, joining
(with its password and entry conditions), pausing, and coming back."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.hashers import check_password, make_password
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

import rules
from play.accounts import bots, guests
from play.clubs import clubs
from play.common import clocks, language
from play.common.errors import Refused
from play.models import Computer, Participant, Rating, Tournament
from play.ratings import ratings
from play.tournaments import battles

AHEAD = timedelta(days=60)  # how far ahead a tournament may be set
PASSWORD_LENGTH = 100
# The rating a tournament's players enter with: "Empress (live)".
SPEEDS = {
    "live": pgettext_lazy("a rating's speed", "live"),
    "correspondence": pgettext_lazy("a rating's speed", "correspondence"),
}


def checked(user, *, name: str, game_slug: str, starts_at, options=None, time_control=None,
            rating_min=None, rating_max=None, min_rated_games: int = 0,
            password: str = "", club=None) -> dict:  # fmt: skip
    """The fields every tournament has, checked whole before anything is written: the
    model's fields, ready to be saved (`user` None: the site's own). `club`: for its members
    only, made by one of its leaders."""
    if user is not None:
        guests.refuse(user, "make tournaments")
    if club is not None and (club.closed_at is not None or not clubs.is_leader(user, club)):
        raise Refused(_("Only the club's leaders make its events."), 403)
    name = (name or "").strip()
    if not 1 <= len(name) <= Tournament._meta.get_field("name").max_length:
        raise Refused(_("Name the tournament, in 80 characters at most."))
    try:
        game_rules = rules.get(game_slug)
        options = game_rules.validate_options(options)
        time_control = clocks.parse(time_control)
    except (KeyError, ValueError) as exc:
        raise Refused(
            str(exc) if isinstance(exc, ValueError) else _("Choose one of the five games.")
        ) from None
    if not time_control:
        raise Refused(_("A tournament is played on a clock."))
    if game_rules.needs_setup and not options.get("deal"):
        raise Refused(_("A tournament's games start at once: deal the boards (the deal option)."))
    at = clocks.now()
    if not at - timedelta(minutes=1) <= starts_at <= at + AHEAD:
        raise Refused(_("A tournament starts between now and 60 days from now."))
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise Refused(_("The lowest rating allowed is above the highest."))
    if len(password) > PASSWORD_LENGTH:
        raise Refused(
            ngettext(
                "Keep the password under %(count)s character.",
                "Keep the password under %(count)s characters.",
                PASSWORD_LENGTH,
            )
            % {"count": PASSWORD_LENGTH}
        )
    return dict(
        name=name, game_slug=game_slug, options=options, time_control=time_control,
        created_by=user, starts_at=starts_at, rating_min=rating_min, rating_max=rating_max,
        min_rated_games=min_rated_games, password=make_password(password) if password else "",
        club=club,
    )  # fmt: skip


def join(tournament: Tournament, user, password: str = "", club: str = "") -> Participant:
    """Join before or during the tournament (again, after a pause: play on). `club`: in a
    battle, the address of the club the player plays for, if they belong to more than one."""
    guests.refuse(user, "play in tournaments")
    bots.refuse(user, "play in tournaments")
    if Computer.objects.filter(user_id=user.pk).exists():
        raise Refused(_("The computer plays no tournaments."), 403)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if over(tournament):
            raise Refused(_("This tournament has finished."), 409)
        mine = tournament.players.filter(user=user).first()
        if mine is not None:
            if mine.withdrawn:
                raise Refused(_("You were withdrawn from this tournament when a game of yours "
                                "was not begun."), 409)  # fmt: skip
            if not mine.paused:
                raise Refused(_("You are in this tournament already."), 409)
            mine.paused, mine.free_since = False, clocks.now()
            mine.save(update_fields=["paused", "free_since"])
            touch(tournament)
            return mine
        if not tournament.is_arena and tournament.round_number * 2 >= tournament.rounds:
            raise Refused(_("Half the rounds have begun: this Swiss takes no one new."), 409)
        clubs.refuse_outsider(tournament.club, user)
        if tournament.password and not check_password(password, tournament.password):
            raise Refused(_("That is not this tournament's password."), 403)
        rating = _check_conditions(tournament, user)
        playing_for = battles.club_for(tournament, user, club) if tournament.is_battle else None
        try:
            with transaction.atomic():
                mine = Participant.objects.create(
                    tournament=tournament, user=user, joined_at=clocks.now(), rating=rating,
                    free_since=clocks.now(), club=playing_for,
                )  # fmt: skip
        except IntegrityError:
            raise Refused(_("You are in this tournament already."), 409) from None
        touch(tournament)
    return mine


def _check_conditions(tournament: Tournament, user) -> float:
    """The player's rating in the tournament's game and speed, if they meet its conditions."""
    speed = ratings.speed_of(tournament.time_control)
    row = Rating.objects.filter(user=user, game_slug=tournament.game_slug, speed=speed).first()
    rating = row.rating if row else ratings.glicko.START
    named = {"name": rated_in(tournament), "yours": f"{rating:.0f}"}
    if tournament.rating_max is not None and rating > tournament.rating_max:
        raise Refused(_("This tournament is for players rated %(rating)s or less in %(name)s; "
                        "yours is %(yours)s.") % {**named, "rating": tournament.rating_max},
                      403)  # fmt: skip
    if tournament.rating_min is not None and rating < tournament.rating_min:
        raise Refused(_("This tournament is for players rated %(rating)s or more in %(name)s; "
                        "yours is %(yours)s.") % {**named, "rating": tournament.rating_min},
                      403)  # fmt: skip
    played = row.games if row else 0
    if played < tournament.min_rated_games:
        raise Refused(ngettext(
            "This tournament is for players with %(count)s rated games of %(name)s at least; "
            "you have %(played)s.",
            "This tournament is for players with %(count)s rated games of %(name)s at least; "
            "you have %(played)s.",
            tournament.min_rated_games,
        ) % {"count": tournament.min_rated_games, "name": named["name"], "played": played},
            403)  # fmt: skip
    return rating


def rated_in(tournament: Tournament) -> str:
    """The rating its players enter with, in words: "Empress (live)"."""
    speed = ratings.speed_of(tournament.time_control)
    # Translators: a rating, by its game and speed: "Empress (live)".
    return _("%(game)s (%(speed)s)") % {
        "game": language.translated(tournament.rules.name),
        "speed": SPEEDS[speed],
    }


def pause(tournament: Tournament, user) -> Participant:
    """Stop being paired (a Swiss: absent from the rounds missed); the score stays. Joining
    again plays on."""
    with transaction.atomic():
        mine = Participant.objects.select_for_update().filter(tournament=tournament, user=user)
        mine = mine.first()
        if mine is None or mine.paused or mine.withdrawn:
            raise Refused(_("You are not playing in this tournament."), 409)
        mine.paused, mine.free_since = True, None
        mine.save(update_fields=["paused", "free_since"])
    touch(tournament)
    return mine


def over(tournament: Tournament) -> bool:
    return tournament.status == Tournament.Status.FINISHED or (
        tournament.ends_at is not None and clocks.now() >= tournament.ends_at
    )


def touch(tournament: Tournament) -> None:
    """The standings changed: the sweeper's next pass pushes them."""
    Tournament.objects.filter(pk=tournament.pk).update(revision=F("revision") + 1)
