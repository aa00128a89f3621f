"""Game records: export a game in its format (PGN, SGF, text) and import one made elsewhere."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import rules
from play.common.errors import Refused
from play.common.language import translated
from play.models import Game, Move
from play.review import reviews
from play.review.analysis import said
from rules import record as records


def export(game: Game, site: str, moves: list[str] | None = None) -> tuple[str, str, str]:
    """(text, file name, media type) of the game's record: of its moves, or of the first
    `moves` given (the API holds back a game in play's last moves)."""
    game_rules = game.rules
    outcome = (
        rules.Outcome(game.winner, game.reason) if game.status == Game.Status.FINISHED else None
    )
    headers = {
        "Event": f"Imperia {game_rules.name}",
        "Site": site,
        "Date": game.created_at.strftime("%Y.%m.%d"),
        "Round": "-",
        game_rules.seats[0]: game.player_name(0),
        game_rules.seats[1]: game.player_name(1),
    }
    if game.options and game_rules.record_format[0] != "sgf":  # SGF says them its own way
        headers["Options"] = records.options_tag(game.options)
    text = game_rules.export_record(
        [m.text for m in game.moves.all()] if moves is None else moves,
        headers,
        outcome,
        game_rules.parse(game.initial_position),
        reviews.notes_of(game) if moves is None else None,
    )
    extension, media_type = game_rules.record_format
    return text, f"imperia-{game.game_slug}-{game.public_id}.{extension}", media_type


def import_game(user, slug: str, text: str) -> Game:
    """Replay a finished game's record through the rules and store it, read-only."""
    try:
        game_rules = rules.get(slug)
        record = game_rules.import_record(text)
        state = game_rules.with_options(game_rules.parse(record.start), record.options)
    except ValueError as exc:
        raise Refused(_("Could not read that record: %(why)s") % {"why": said(exc)}) from None
    positions, shown = [], []
    for ply, move in enumerate(record.moves, start=1):
        try:
            shown.append(game_rules.display(state, move))
            state = game_rules.play(state, move)
        except rules.IllegalMove as exc:
            raise Refused(
                _("Move %(ply)s (%(move)s) of the record is not legal here: %(why)s")
                % {"ply": ply, "move": move, "why": said(exc)}
            ) from None
        positions.append(game_rules.format(state))
    for seat, name in zip(game_rules.seats, record.names, strict=True):
        if len(name) > Game.NAME_LENGTH:
            raise Refused(
                ngettext(
                    "The record gives %(side)s a name of %(count)s character: at most %(most)s.",
                    "The record gives %(side)s a name of %(count)s characters: at most %(most)s.",
                    len(name),
                )
                % {
                    "side": translated(seat),
                    "count": number_format(len(name), force_grouping=True),
                    "most": Game.NAME_LENGTH,
                }
            )
    outcome = game_rules.outcome(state) or record.outcome
    if outcome is None:
        raise Refused(_("Only finished games can be imported: this record has no result."))
    now, first = timezone.now(), game_rules.to_move(game_rules.parse(record.start))
    with transaction.atomic():
        game = Game.objects.create(
            game_slug=slug,
            options=record.options,
            rules_version=game_rules.rules_version,
            status=Game.Status.FINISHED,
            listing=Game.Listing.INVITE,
            created_by=user,
            imported=True,
            player_names=list(record.names),
            initial_position=record.start,
            position=positions[-1] if positions else record.start,
            ply=len(record.moves),
            winner=outcome.winner,
            reason=outcome.reason,
            started_at=now,
            finished_at=now,
        )
        previous = ""
        moves = zip(record.moves, shown, positions, strict=True)
        for ply, (move, display, position) in enumerate(moves, start=1):
            chained = Move.chain(previous, ply, move, position, now)
            Move.objects.create(
                game=game,
                ply=ply,
                seat=(ply - 1 + first) % 2,
                text=move,
                display=display,
                position_after=position,
                created_at=now,
                hash=chained,
            )
            previous = chained
    return game
