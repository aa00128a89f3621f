"""Clubs, as lichess has its teams: founded by an established player, joined at once or by a
request that a leader accepts, led by leaders who accept, remove and appoint. A club with
members always has a leader: the last one leaves only after appointing another, or as its last
member, which closes the club.

Every change locks the club's row, so that its count of members holds and its last leader
stays, however many requests race."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, F, OuterRef, Q
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

import rules
from play.common import clocks, language
from play.common.errors import Refused, refuse_nulls
from play.common.players import has_account
from play.models import (
    Championship,
    Club,
    Game,
    JoinRequest,
    Membership,
    Notification,
    Seat,
    Tournament,
)
from play.models.clubs import ANSWER_LENGTH, CLUB_NAME_LENGTH, QUESTION_LENGTH
from play.notify import notify
from play.search import search

ESTABLISHED_DAYS = 7  # an account this old, with ESTABLISHED_GAMES finished, founds a club
ESTABLISHED_GAMES = 10
MOST_CLUBS = 50  # clubs one player belongs to
FOUNDED_EVERY_DAYS = 7  # one club a week from each player
RECENT_GAMES = 10  # games among members, on the club's page
GAMES_LOOKED_AT = 2000  # the latest of the site's games a club's recent games are found among


def refused_founding(player) -> str | None:
    """Why `player` may not found a club now, in words; None if they may."""
    if not has_account(player):
        return _("Only players with an account found clubs.")
    at = clocks.now()
    if player.date_joined > at - timedelta(days=ESTABLISHED_DAYS):
        return ngettext(
            "A club is founded by an account at least %(days)s day old.",
            "A club is founded by an account at least %(days)s days old.",
            ESTABLISHED_DAYS,
        ) % {"days": ESTABLISHED_DAYS}
    finished = Seat.objects.filter(user=player, game__finished_at__isnull=False)
    if finished[:ESTABLISHED_GAMES].count() < ESTABLISHED_GAMES:
        return ngettext(
            "A club is founded by a player who has finished %(games)s game.",
            "A club is founded by a player who has finished %(games)s games.",
            ESTABLISHED_GAMES,
        ) % {"games": ESTABLISHED_GAMES}
    recent = Club.objects.filter(
        founded_by=player, founded_at__gt=at - timedelta(days=FOUNDED_EVERY_DAYS)
    )
    if recent.exists() and not player.is_staff:
        return ngettext(
            "You founded a club in the last %(days)s day: one a player may found in that time.",
            "You founded a club in the last %(days)s days: one a player may found in that time.",
            FOUNDED_EVERY_DAYS,
        ) % {"days": FOUNDED_EVERY_DAYS}
    return None


def found(player, **chosen) -> Club:
    """A new club with `player` its first member and leader. `chosen`: its name, description,
    games, language, admission, question and forum, as the form cleans them."""
    with transaction.atomic():
        get_user_model().objects.select_for_update().get(pk=player.pk)  # one founding at once
        if refusal := refused_founding(player):
            raise Refused(refusal, 403)
        _within_clubs(player)
        club = Club(founded_by=player, founded_at=clocks.now(), members_count=1)
        _describe(club, **chosen)
        club.save()
        Membership.objects.create(club=club, user=player, leader=True, joined_at=club.founded_at)
    return club


def describe(leader, club: Club, **chosen) -> Club:
    """The club's name, description and choices changed by one of its leaders."""
    with _led(leader, club) as club:
        _describe(club, **chosen)
        club.save()
    return club


def join(player, club: Club, answer: str = "") -> bool:
    """`player` joins the club (True), or asks to, with their answer to its question (False,
    a leader decides)."""
    refuse_nulls(answer)
    answer = answer.replace("\r\n", "\n").strip()
    if len(answer) > ANSWER_LENGTH:
        raise Refused(_("An answer is at most %(most)s characters long.") % {"most": ANSWER_LENGTH})
    with transaction.atomic():
        club = _locked(club)
        if not has_account(player):
            raise Refused(_("Only players with an account join clubs."), 403)
        if club.closed_at is not None:
            raise Refused(_("This club is closed."), 410)
        if _membership(player, club) is not None:
            return True
        if club.admission == Club.Admission.OPEN:
            _within_clubs(player)
            _admit(club, player)
            return True
        if club.question and not answer:
            raise Refused(_("Answer the club's question to ask to join."))
        JoinRequest.objects.update_or_create(
            club=club, user=player, defaults={"answer": answer, "created_at": clocks.now()}
        )
        return False


def leave(player, club: Club) -> None:
    """`player` leaves the club, or withdraws their request to join it. The last leader
    appoints another first; the last member closes the club."""
    with transaction.atomic():
        club = _locked(club)
        JoinRequest.objects.filter(club=club, user=player).delete()
        mine = _membership(player, club)
        if mine is None:
            return
        if mine.leader and club.members_count > 1 and _leaders(club).count() == 1:
            raise Refused(_("You are the club's last leader: appoint another before you leave."))
        mine.delete()
        club.members_count = F("members_count") - 1
        if Membership.objects.filter(club=club).exists():
            club.save(update_fields=["members_count"])
        else:
            club.closed_at = clocks.now()
            JoinRequest.objects.filter(club=club).delete()
            club.save(update_fields=["members_count", "closed_at"])


def accept(leader, club: Club, player) -> None:
    """A leader accepts `player`'s request: they are a member, and told."""
    with _led(leader, club) as club:
        _take_request(club, player)
        _within_clubs(player)
        _admit(club, player)
        _tell(player, club, gettext_noop("%(club)s accepted you: you are a member."))


def decline(leader, club: Club, player) -> None:
    """A leader declines `player`'s request; they are told, and may ask again."""
    with _led(leader, club) as club:
        _take_request(club, player)
        _tell(player, club, gettext_noop("%(club)s declined your request to join."))


def remove(leader, club: Club, player) -> None:
    """A leader removes a member who is not a leader."""
    with _led(leader, club) as club:
        theirs = _member(club, player)
        if theirs.leader:
            raise Refused(_("A leader is not removed: they step down first."), 403)
        theirs.delete()
        club.members_count = F("members_count") - 1
        club.save(update_fields=["members_count"])


def appoint(leader, club: Club, player) -> None:
    """A leader makes a member a leader too; they are told."""
    with _led(leader, club) as club:
        theirs = _member(club, player)
        if theirs.leader:
            return
        Membership.objects.filter(pk=theirs.pk).update(leader=True)
        _tell(player, club, gettext_noop("You are now a leader of %(club)s."))


def step_down(leader, club: Club) -> None:
    """A leader stays a member but leads no more, while another leader remains."""
    with _led(leader, club) as club:
        if _leaders(club).count() == 1:
            raise Refused(_("You are the club's last leader: appoint another first."))
        Membership.objects.filter(club=club, user=leader).update(leader=False)


# Reading.


def clubs(named: str = ""):
    """The open clubs, the largest first; those whose name has words beginning with each
    word of `named`, if given."""
    if named:
        return search.clubs(named)
    return Club.objects.filter(closed_at__isnull=True).order_by("-members_count", "id")


def clubs_of(player):
    """The clubs `player` belongs to, those they lead first."""
    if not has_account(player):
        return Club.objects.none()
    return Club.objects.filter(memberships__user=player).order_by("-memberships__leader", "name")


def led_by(player) -> list[Club]:
    """The open clubs `player` leads, by name."""
    if not has_account(player):
        return []
    led = Club.objects.filter(memberships__user=player, memberships__leader=True)
    return list(led.filter(closed_at__isnull=True).order_by("name"))


def membership(player, club: Club) -> Membership | None:
    return _membership(player, club) if has_account(player) else None


def is_member(player, club: Club) -> bool:
    return membership(player, club) is not None


def is_leader(player, club: Club) -> bool:
    return has_account(player) and _leaders(club).filter(user=player).exists()


def refuse_outsider(club: Club | None, player) -> None:
    """Refused unless `player` is a member of `club` (an event for its members alone); no
    club, anyone."""
    if club is not None and not is_member(player, club):
        raise Refused(
            _("This is for the members of %(club)s: join the club first.") % {"club": club.name},
            403,
        )


def members(club: Club, named: str = ""):
    """The club's members, the latest arrived first; those whose name begins with `named`."""
    listed = (
        Membership.objects.filter(club=club).select_related("user").order_by("-joined_at", "-id")
    )
    return listed.filter(user__username__istartswith=named) if named else listed


def leaders(club: Club):
    return _leaders(club).select_related("user").order_by("user__username")


def requests(club: Club):
    """The requests to join, the oldest first."""
    return JoinRequest.objects.filter(club=club).select_related("user").order_by("created_at", "id")


def request_of(player, club: Club) -> JoinRequest | None:
    if not has_account(player):
        return None
    return JoinRequest.objects.filter(club=club, user=player).first()


def events(club: Club) -> dict:
    """The club's events: its championships and cups; its arenas and Swiss events to come or
    in play, soonest first, and the latest finished."""
    held = Tournament.objects.filter(Q(club=club) | Q(battle_clubs=club)).distinct()
    return {
        "championships": list(Championship.objects.filter(club=club).order_by("name")),
        "coming": list(held.exclude(status=Tournament.Status.FINISHED).order_by("starts_at")),
        "finished": list(
            held.filter(status=Tournament.Status.FINISHED).order_by("-finished_at")[:10]
        ),
    }


def recent_games(club: Club) -> list[Game]:
    """The latest games begun between members, among the site's latest GAMES_LOOKED_AT games:
    read off the index of the games' starts, each checked for a player who is no member."""
    members_ids = Membership.objects.filter(club=club).values("user_id")
    outsider = Seat.objects.filter(game=OuterRef("pk")).exclude(user_id__in=members_ids)
    latest = Game.objects.filter(started_at__isnull=False).order_by("-started_at", "-id")
    window = latest.values("pk")[:GAMES_LOOKED_AT]
    among = latest.filter(pk__in=window).exclude(Exists(outsider))
    return list(among.prefetch_related("seats__user")[:RECENT_GAMES])


# Within.


def _describe(club: Club, *, name, description, games, language, admission, question, forum):
    refuse_nulls(name, description, question)
    name = " ".join(name.split())
    slug = slugify(name, allow_unicode=True)
    if not slug:
        raise Refused(_("A club's name has a letter or a digit."))
    if len(name) > CLUB_NAME_LENGTH or len(question) > QUESTION_LENGTH:
        raise Refused(_("The name or the question is too long."))
    others = Club.objects.exclude(pk=club.pk)
    if others.filter(name__iexact=name).exists() or others.filter(slug=slug).exists():
        raise Refused(_("There is a club of that name already."), 409)
    known = {game.slug for game in rules.games()}
    if not games or not set(games) <= known:
        raise Refused(_("Choose the games the club plays."))
    club.name, club.slug, club.description = name, slug, description.replace("\r\n", "\n")
    club.games, club.language, club.admission = sorted(set(games)), language, admission
    club.question = question.strip() if admission == Club.Admission.REQUEST else ""
    club.forum = forum


def _locked(club: Club) -> Club:
    return Club.objects.select_for_update().get(pk=club.pk)


@contextmanager
def _led(leader, club: Club):
    """A leader's change, in one transaction: the club's row locked, and refused to anyone
    else."""
    with transaction.atomic():
        club = _locked(club)
        _refuse_unless_leader(leader, club)
        yield club


def _take_request(club: Club, player) -> None:
    """`player`'s request, answered: gone; refused when there is none (a second click)."""
    if not JoinRequest.objects.filter(club=club, user=player).delete()[0]:
        raise Refused(_("%(name)s has no request to join.") % {"name": player.username}, 409)


def _member(club: Club, player) -> Membership:
    theirs = _membership(player, club)
    if theirs is None:
        raise Refused(_("%(name)s is not a member.") % {"name": player.username}, 409)
    return theirs


def _membership(player, club: Club) -> Membership | None:
    return Membership.objects.filter(club=club, user=player).first()


def _leaders(club: Club):
    return Membership.objects.filter(club=club, leader=True)


def _refuse_unless_leader(player, club: Club) -> None:
    if not is_leader(player, club):
        raise Refused(_("Only the club's leaders do that."), 403)


def _within_clubs(player) -> None:
    # The player's row locked: two joins of two clubs at once each count the other's.
    get_user_model().objects.select_for_update().filter(pk=player.pk).first()
    if Membership.objects.filter(user=player).count() >= MOST_CLUBS:
        raise Refused(
            ngettext(
                "A player belongs to %(most)s club at most: leave one first.",
                "A player belongs to %(most)s clubs at most: leave one first.",
                MOST_CLUBS,
            )
            % {"most": MOST_CLUBS},
            409,
        )


def _admit(club: Club, player) -> None:
    Membership.objects.create(club=club, user=player, joined_at=clocks.now())
    club.members_count = F("members_count") + 1
    club.save(update_fields=["members_count"])


def _tell(player, club: Club, words: str) -> None:
    """`words` (an English text with %(club)s, marked for translation) told to `player` in
    their language."""
    with language.for_user(player):
        text = _(words) % {"club": club.name}
    notify.tell(player, Notification.Kind.CLUB, text, address=reverse("club", args=[club.slug]))
