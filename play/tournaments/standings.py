"""A tournament's standings as its page draws them and as its socket pushes them: ranked,
paged, drawn once for every page open on it."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import ngettext

from play.common import language
from play.models import Game, Pairing, Tournament
from play.notify import notify
from play.push import live
from play.round import pictures
from play.tournaments import battles, entries

SHOWN = 50  # a page of the standings

# An arena ranks by score, then the rating as the player joined; a Swiss by points, then
# Sonneborn-Berger, then Buchholz (docs/playing.md), then that rating.
ORDER = {
    Tournament.Kind.ARENA: ("-score", "-rating", "pk"),
    Tournament.Kind.SWISS: ("-score", "-sonneborn_berger", "-buchholz", "-rating", "pk"),
}


def ranked(tournament: Tournament):
    """Everyone, first place first (a queryset)."""
    return tournament.players.order_by(*ORDER[tournament.kind]).select_related("user", "club")


def channel(public_id: str) -> str:
    """The group of the sockets on a tournament's page (consumers.py joins it)."""
    return f"tournament-{public_id}"


def pushed(kind: str, html: str, drawn: str) -> dict:
    """A push to a tournament's pages: drawn once, in the language active, and `drawn` naming
    what it shows (a revision, a game, a message), so that a socket reading another language
    draws it again once for all its language's sockets (consumers.py)."""
    return {"type": kind, "html": html, "language": translation.get_language(), "drawn": drawn}


def html(tournament: Tournament, page=None, *, oob: bool = False) -> str:
    """The standings' first page (or `page`, a page of ranked()), as its page draws it and
    as the push redraws it: drawn once for every socket on the tournament."""
    if page is None:
        page = Paginator(ranked(tournament), SHOWN).page(1)
    offset = (page.number - 1) * SHOWN
    context = {"tournament": tournament, "page": page, "oob": oob,
               "ranked": [(offset + i, p) for i, p in enumerate(page, 1)],
               "rated_in": entries.rated_in(tournament),
               "battle": battles.table(tournament) if tournament.is_battle else None}  # fmt: skip
    return render_to_string("tournaments/partials/standings.html", context)


def push(tournament: Tournament) -> bool:
    """Send the standings to the tournament's pages if they changed since the last push."""
    if tournament.revision == tournament.pushed_revision:
        return False
    drawn = html(tournament, oob=True)
    Tournament.objects.filter(pk=tournament.pk).update(pushed_revision=tournament.revision)
    live.send(
        channel(tournament.public_id),
        pushed("standings.update", drawn, f"standings-{tournament.revision}"),
    )
    return True


def top_game(tournament: Tournament) -> Game | None:
    """The game in play of the best-placed player playing, as lichess shows its arenas'."""
    playing = {}
    for white, black, game in Pairing.objects.filter(
        tournament=tournament, game__status__in=Game.IN_PLAY
    ).values_list("white_id", "black_id", "game_id"):
        playing[white] = playing[black] = game
    if not playing:
        return None
    for user_id in ranked(tournament).values_list("user_id", flat=True).iterator():
        if user_id in playing:
            return Game.objects.prefetch_related("seats__user").get(pk=playing[user_id])
    return None


def shown_top(tournament: Tournament) -> Game | None:
    """The top game as last pushed to the tournament's pages (push_top keeps it)."""
    if tournament.top_game_id is None:
        return None
    return Game.objects.prefetch_related("seats__user").filter(pk=tournament.top_game_id).first()


def top_html(game: Game | None, *, oob: bool = False) -> str:
    """The game shown live: its small board, redrawn as it moves by the home page's socket
    (`/ws/now/`), and replaced by the sweeper's push when another takes its place."""
    context = {"game": game, "oob": oob, "picture": game and pictures.picture(game)}
    return render_to_string("tournaments/partials/top_game.html", context)


def push_top(tournament: Tournament) -> bool:
    """Show another game live if the top game changed since the last push."""
    game = top_game(tournament)
    if (game and game.pk) == tournament.top_game_id:
        return False
    Tournament.objects.filter(pk=tournament.pk).update(top_game=game)
    live.send(
        channel(tournament.public_id),
        pushed("top.update", top_html(game, oob=True), f"top-{game and game.pk}"),
    )
    return True


def due():
    """The tournaments whose standings changed since they were last pushed."""
    return Tournament.objects.exclude(status=Tournament.Status.CREATED).filter(
        revision__gt=F("pushed_revision")
    )


def tell_final(tournament: Tournament) -> None:
    """Each player's place, as the tournament ends, in their language."""
    table = list(ranked(tournament).select_related("user__profile"))
    told = []
    for rank, player in enumerate(table, 1):
        with language.for_user(player.user):
            text = ngettext(
                "%(tournament)s has ended: you finished %(rank)s of %(count)s, with %(score)s "
                "points.",
                "%(tournament)s has ended: you finished %(rank)s of %(count)s, with %(score)s "
                "points.",
                plural_of(player.score),
            ) % {"tournament": tournament.name, "rank": rank, "count": len(table),
                 "score": f"{player.score:g}"}  # fmt: skip
        told.append((player.user, text, None, tournament.get_absolute_url()))
    notify.tell_each(notify.Kind.TOURNAMENT, told)


def plural_of(score: float) -> int:
    """The count a score's words agree with: a whole score its own, a half ("1.5 points")
    as a plural's."""
    return int(score) if score == int(score) else 2
