"""A move as a game page sends it, by POST (views.move) or over the game's socket (as lichess
sends them: consumers.GameConsumer): read one way, shown for the player's "Confirm" where they
want that, played through moves.submit, and answered with what it changed on the page. A
premove is sent the same two ways (views.premove), and read here too."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from play.common import numbers
from play.models import Game
from play.round import confirm, premoves, presenter, updates


@dataclass(frozen=True)
class Sent:
    """A move as sent: its text, the ply and revision of the board it was made on (None: not
    said), whether the player has confirmed it (or wants no confirmation), and whether it was
    tapped by a finger on a board whose targets are smaller than one (static/js/magnifier.js):
    such a move is always shown for "Confirm", whatever the setting."""

    text: str
    ply: int | None
    base: int | None
    confirmed: bool
    tapped: bool = False


def read(fields) -> Sent:
    """The move in a POST's fields or a socket message's; numbers.Malformed (400) names what
    cannot be read. A socket's JSON may carry any type: only text is read."""
    names = ("move", "ply", "revision", "confirmed", "tapped")
    values = {name: fields.get(name) for name in names}
    for name, value in values.items():
        if value is not None and not isinstance(value, str):
            raise numbers.Malformed(_("Malformed request: %(name)s must be text.") % {"name": name})
    return Sent(
        text=values["move"] or "",
        ply=numbers.optional(values["ply"], _("the ply"), numbers.MOST_PLIES),
        base=numbers.optional(values["revision"], _("the revision"), numbers.MOST_REVISIONS),
        confirmed=values["confirmed"] == "1",
        tapped=values["tapped"] == "1",
    )


def to_confirm(game: Game, user, sent: Sent) -> str | None:
    """The board with the move marked and a "Confirm" button, where the player confirms
    their moves (their setting) or tapped it on a board too fine for a finger; None where the
    move goes straight to the move service. Asked only of a move not yet confirmed."""
    seat = presenter.seat_index(game, user)
    if seat is None or not (sent.tapped or confirm.needed(user, game)):
        return None
    waiting = confirm.prompt(game, seat, sent.text, sent.ply)
    return None if waiting is None else presenter.live_html(game, seat, to_confirm=waiting)


def answer(game: Game, user, sent: Sent, flipped: bool = False) -> str:
    """What the mover's page is sent after the move: what it changed, for a page showing the
    board it was made on (drawn as the move was published: a cache hit); else the whole board."""
    seat = presenter.seat_index(game, user)
    if sent.base == game.revision - 1 and not game.is_over:
        return updates.update_html(game, seat, flipped)
    return presenter.live_html(game, seat, flipped=flipped)


def premove(public_id: str, user, fields) -> Game:
    """A premove as a page sends it: `move` and the `ply` of the board it was chosen on, kept
    (premoves.keep); or `action` "cancel". numbers.Malformed (400) names what cannot be read;
    Refused says why it was not kept."""
    action = fields.get("action")
    if action not in (None, "", "cancel"):
        raise numbers.Malformed(_("Malformed request: unknown action."))
    if action == "cancel":
        return premoves.cancel(public_id, user)
    sent = read(fields)  # a premove's ply is not optional: the board it was chosen on
    ply = numbers.whole(fields.get("ply") or "", _("the ply"), numbers.MOST_PLIES)
    return premoves.keep(public_id, user, sent.text, ply)


def typed_ahead(game: Game, user) -> bool:
    """Whether a move sent out of turn (typed in the move box) is a premove: in a live game,
    while the opponent is to move (as lichess takes a move typed then)."""
    return premoves.offered(game, presenter.seat_index(game, user))
