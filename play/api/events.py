"""What the API's streams are sent, by whom: a player's event stream (`gameStart`,
`gameFinish`, `challenge`, `challengeCanceled`, `challengeDeclined`) follows the games'
signals and is told after the commit, through the channel layer (so a stream on any server
hears it); a game's stream follows the game's own pushes (play/push/live.py). Only players
with a live token are told: a site with no API clients sends nothing more."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from play.api import challenges
from play.api import games as api_games
from play.games.lifecycle import challenge_sent, games_began, result_changed
from play.models import ApiToken, Game
from play.push import live


def group(user_id: int) -> str:
    """A player's event streams."""
    return f"api-events-{user_id}"


def _listening(user_ids) -> set[int]:
    return set(
        ApiToken.objects.filter(user_id__in=set(user_ids), revoked_at=None).values_list(
            "user_id", flat=True
        )
    )


def _send(lines: list[tuple[int, dict]]) -> None:
    live.send_many(
        [(group(user_id), {"type": "api.line", "line": line}) for user_id, line in lines]
    )


def replayed(user) -> list[dict]:
    """What a player's event stream sends as it opens, as lichess's does: a `gameStart` for
    each game they are playing, and a `challenge` for each challenge waiting for them."""
    lines = []
    playing = Game.objects.filter(seats__user=user, status__in=Game.IN_PLAY)
    for game in playing.prefetch_related("seats__user").select_related("tournament"):
        seat = game.seat_of(user).index
        lines.append({"type": "gameStart", "game": api_games.for_player(game, seat)})
    for game in challenges.pending(user).filter(invited_user=user):
        lines.append({"type": "challenge", "challenge": challenges.shown(game, None, user)})
    return lines


def tell_began(game_ids: list[int]) -> None:
    found = Game.objects.filter(pk__in=game_ids).prefetch_related("seats__user")
    found = found.select_related("tournament")
    seats = [(g, s) for g in found for s in g.seat_rows()]
    listening = _listening(s.user_id for _, s in seats)
    _send([(s.user_id, {"type": "gameStart", "game": api_games.for_player(g, s.index)})
           for g, s in seats if s.user_id in listening])  # fmt: skip


def tell_challenge(game_id: int) -> None:
    game = (
        Game.objects.select_related("invited_user").prefetch_related("seats__user").get(pk=game_id)
    )
    # Sent, both are told; declined, its challenger; cancelled, the player it was for.
    kind, ends = {
        "created": ("challenge", {game.created_by_id, game.invited_user_id}),
        "declined": ("challengeDeclined", {game.created_by_id}),
    }.get(challenges.status(game), ("challengeCanceled", {game.invited_user_id}))
    listening = _listening(ends)
    lines = []
    for user_id in ends & listening:
        viewer = game.created_by if user_id == game.created_by_id else game.invited_user
        lines.append((user_id, {"type": kind, "challenge": challenges.shown(game, None, viewer)}))
    _send(lines)


def tell_finished(game_id: int) -> None:
    game = Game.objects.prefetch_related("seats__user").select_related("tournament").get(pk=game_id)
    seats = game.seat_rows()
    listening = _listening(s.user_id for s in seats)
    _send([(s.user_id, {"type": "gameFinish", "game": api_games.for_player(game, s.index)})
           for s in seats if s.user_id in listening])  # fmt: skip


@receiver(games_began)
def _games_began(sender, games, **kwargs):
    ids = [g.pk for g in games]
    transaction.on_commit(lambda: tell_began(ids), robust=True)


@receiver(challenge_sent)
def _challenge_sent(sender, game, **kwargs):
    transaction.on_commit(lambda: tell_challenge(game.pk), robust=True)


@receiver(result_changed)
def _result_changed(sender, game, **kwargs):
    began = game.started_at is not None or len(game.seat_rows()) == 2
    if began:
        transaction.on_commit(lambda: tell_finished(game.pk), robust=True)
    elif game.invited_user_id is not None:  # a challenge declined, or cancelled
        transaction.on_commit(lambda: tell_challenge(game.pk), robust=True)
