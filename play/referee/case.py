"""Everything a referee needs on one page: the game at any ply, the move log with server
times and clocks (and any moves cut by a rewind), offers, chat, what each player was told
and whether it reached them, both statements, every ruling on the game, the rules version,
and the integrity check of the move log."""

from __future__ import annotations

from urllib.parse import urlencode

from django.utils.translation import gettext as _

from play.boards import renderer
from play.boards.base import Marks
from play.common import numbers
from play.games.games import rebuild
from play.models import Delivery, Dispute, Ruling
from play.referee.disputes import recusal
from play.referee.forms import ReopenForm, RulingForm


def context(request, admin_site, dispute: Dispute) -> dict:
    game = dispute.game
    moves = list(game.moves.all())
    ply = request.GET.get("ply")
    ply = numbers.whole(ply, _("the ply"), numbers.MOST_PLIES) if ply is not None else dispute.ply
    ply = min(ply, len(moves))
    positions = [game.initial_position, *(m.position_after for m in moves[:ply])]
    state = game.rules.resume(positions, game.options)
    marks = Marks(last_move=game.rules.move_squares(moves[ply - 1].text) if ply else ())
    board = renderer(game.game_slug)
    try:
        rebuild(game)
        integrity = _("The move log replays through the rules and its hash chain is whole.")
        intact = True
    except ValueError as exc:
        integrity, intact = str(exc), False

    def at(n):
        return "?" + urlencode({"ply": n})

    return {
        **admin_site.each_context(request),
        "title": _("Dispute %(number)s: %(category)s")
        % {"number": dispute.pk, "category": dispute.get_category_display()},
        "dispute": dispute,
        "game": game,
        "ply": ply,
        "steps": {
            "first": at(0),
            "back": at(max(0, ply - 1)),
            "next": at(min(len(moves), ply + 1)),
            "last": at(len(moves)),
        },  # fmt: skip
        "board_svg": board.render(
            state, marks=marks, caption=_(", after ply %(ply)s") % {"ply": ply}
        ),
        "moves": moves,
        "archived": game.archived_moves.select_related("ruling"),
        "offers": game.offers.all(),
        "chat": game.messages.select_related("user"),
        "deliveries": Delivery.objects.filter(notification__game=game).select_related(
            "notification__user"
        ),
        "other_disputes": game.disputes.exclude(pk=dispute.pk).select_related("opened_by"),
        "rulings": Ruling.objects.filter(dispute__game=game).select_related("referee", "dispute"),
        "rating_changes": game.rating_changes.select_related("user"),
        "integrity": integrity,
        "intact": intact,
        "recusal": recusal(request.user, game),
        "form": (
            RulingForm(initial={"ply": max(0, dispute.ply - 1)})
            if dispute.is_open
            else ReopenForm()
        ),
        "players": [(i, game.rules.seats[i], game.player_name(i)) for i in (0, 1)],
    }
