"""Conditional moves (lichess calls them forecasts), in correspondence games: while the opponent
is to move, a player leaves lines "if they play X, I play Y, then if Z, W …". When the
opponent's move is the first of a line, the reply is played at once through the move service
(play/round/replies.py) and the rest of the line is kept; any other move discards them all.
Shaped like the move service: the game row locked, then the lines, in that order, so an edit
and a move serialize."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.common import clocks, language
from play.common.errors import Refused
from play.games.lifecycle import moves_and_state
from play.models import Forecast, Game
from play.round.replies import Reply

MOST_LINES = 20
MOST_PLIES = 20  # a line's moves, both sides'
TEXT_LENGTH = 4000


def allowed(game: Game) -> bool:
    """Correspondence games and games with no clock; never live ones, never the computer's."""
    return game.speed == "correspondence" and game.computer_seat is None


def lines_of(game: Game, seat: int) -> list[list[str]]:
    found = Forecast.objects.filter(game=game, seat=seat).first() if game.has_forecasts else None
    return found.lines if found else []


def shown(game: Game, seat: int) -> list[str]:
    """The player's lines as they read them: the moves as the move list shows them."""
    state = moves_and_state(game)[1]
    return [" ".join(game.rules.display_line(state, line)) for line in lines_of(game, seat)]


def read(game: Game, seat: int, text: str) -> list[list[str]]:
    """The lines typed, one a line, moves apart by spaces (as typed in the move box), checked
    by playing them from the position now: each starts with the opponent's move and ends with
    a reply. The refusal names the line and the move."""
    if len(text) > TEXT_LENGTH:
        raise Refused(
            ngettext(
                "Keep the conditional moves under %(count)s character.",
                "Keep the conditional moves under %(count)s characters.",
                TEXT_LENGTH,
            )
            % {"count": TEXT_LENGTH}
        )
    game_rules = game.rules
    state = moves_and_state(game)[1]
    if game_rules.to_move(state) != 1 - seat:
        raise Refused(_("Conditional moves are left while your opponent is to move."), 409)
    typed = [line.split() for line in text.splitlines() if line.strip()]
    if len(typed) > MOST_LINES:
        raise Refused(
            ngettext("At most %(count)s line.", "At most %(count)s lines.", MOST_LINES)
            % {"count": MOST_LINES}
        )
    lines, replies = [], {}  # (the moves up to an opponent's move) -> the reply, and its line
    for number, words in enumerate(typed, start=1):
        if len(words) > MOST_PLIES:
            raise Refused(
                ngettext(
                    "Line %(number)s: at most %(count)s move.",
                    "Line %(number)s: at most %(count)s moves.",
                    MOST_PLIES,
                )
                % {"number": number, "count": MOST_PLIES}
            )
        if len(words) % 2:
            raise Refused(
                _("Line %(number)s ends with your opponent's move: give your reply too.")
                % {"number": number}
            )
        here, line = state, []
        for word in words:
            try:
                move = game_rules.normalize(here, word)
                here = game_rules.play(here, move)
            except ValueError as exc:
                why = {"number": number, "move": word, "why": language.refusal(exc)}
                # Translators: a conditional line's move refused, and the rules' reason.
                raise Refused(_("Line %(number)s, %(move)s: %(why)s") % why) from None
            line.append(move)
            if game_rules.outcome(here) and len(line) < len(words):
                raise Refused(
                    _("Line %(number)s: the game is over after %(move)s.")
                    % {"number": number, "move": word}
                )
        for i in range(0, len(line), 2):
            before = replies.setdefault(tuple(line[: i + 1]), (line[i + 1], number))
            if before[0] != line[i + 1]:
                raise Refused(
                    _("Lines %(one)s and %(other)s answer %(move)s differently: choose one reply.")
                    % {"one": before[1], "other": number, "move": words[i]}
                )
        lines.append(line)
    return lines


def save(game: Game, user, text: str) -> list[list[str]]:
    """Replace the player's lines with those typed (none: clear them)."""
    with transaction.atomic():
        game = Game.locked(game.pk)
        seat = game.seat_of_player(
            user, _("Only the players of this game leave conditional moves.")
        )
        if not allowed(game):
            raise Refused(_("Conditional moves are for correspondence games."), 409)
        if game.status != Game.Status.ACTIVE:
            raise Refused(_("This game is not in play."), 409)
        lines = read(game, seat.index, text)
        Forecast.objects.filter(game=game, seat=seat.index).delete()
        if lines:
            Forecast.objects.create(
                game=game,
                seat=seat.index,
                lines=lines,
                position=game.position,
                updated_at=clocks.now(),
            )
        _mark(game)
    return lines


def _mark(game: Game) -> None:
    """Whether the game has lines waiting: its moves look for them only then."""
    waiting = Forecast.objects.filter(game=game).exists()
    Game.objects.filter(pk=game.pk).update(has_forecasts=waiting)


def take(game: Game, ply: int) -> Reply | None:
    """After the move at `ply`, under the game's lock (play/round/replies.py): the reply of the
    other player's line that begins with it, the rest of the line kept once it is played; no
    line begins with it: the lines go."""
    if not game.has_forecasts:
        return None
    last = game.moves.get(ply=ply)
    forecast = Forecast.objects.select_for_update().filter(game=game, seat=1 - last.seat)
    forecast = forecast.first()
    if forecast is None:
        return None
    following = [line[1:] for line in forecast.lines if line[0] == last.text]
    forecast.delete()
    _mark(game)
    if not following or forecast.position != _before(game, ply):
        return None  # no line begins so, or they were left for another position
    reply = following[0][0]
    rest = [line[1:] for line in following if line[0] == reply and len(line) > 2]

    def keep_the_rest() -> None:  # left for the position the reply leads to
        if rest:
            after = Game.objects.filter(pk=game.pk).values_list("position", flat=True).get()
            Forecast.objects.create(
                game=game, seat=forecast.seat, lines=rest, position=after, updated_at=clocks.now()
            )
            _mark(game)

    return Reply(forecast.seat, reply, "forecast", keep_the_rest)


def _before(game: Game, ply: int) -> str:
    """The position the move at `ply` was played from."""
    if ply == 1:
        return game.initial_position
    return game.moves.values_list("position_after", flat=True).get(ply=ply - 1)
