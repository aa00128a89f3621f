"""What a player or spectator sees of a game: the live fragment (board, status, moves,
actions), rendered once per perspective, revision and language, and cached. A move's update
of it is updates.py's."""

from __future__ import annotations

import hashlib
import json

from django.db.models import Prefetch, prefetch_related_objects
from django.utils import translation
from django.utils.translation import gettext as _

import rules
from play.boards import renderer
from play.boards.base import Marks
from play.common import clocks, jinja, language
from play.common.lru import LRU
from play.games import games, setup
from play.games.lifecycle import before_last, moves_and_state
from play.models import Game, Offer, Seat, known
from play.ratings import ratings
from play.referee import disputes
from play.round import addresses, confirm, ear, move_list, offers, premoves, sounds
from play.round.clicks import Clicks


def with_view_related(game: Game) -> Game:
    """The game with what drawing its view reads, fetched in a few queries rather than one per
    look: the seats with their players (and profiles, for notices), then its offers and its
    disputes with their rulings, only where the game has had any (most never do)."""
    had = {"offers": game.has_offers, "disputes": game.has_disputes}
    seats_read = "seats" in getattr(game, "_prefetched_objects_cache", {})
    wanted = [
        # Not again where the move's lock read them (Game.locked_with_seats).
        *([] if seats_read else [Prefetch("seats", Seat.objects.select_related("user__profile"))]),
        *(["offers"] if had["offers"] else []),
        *(["disputes__rulings"] if had["disputes"] else []),
    ]
    if wanted:  # Django's prefetching costs something even with nothing to fetch
        prefetch_related_objects([game], *wanted)
    for name, any_made in had.items():
        if not any_made:  # known empty: no query compiled to find nothing
            known(game, name, [])
    return game


FLIP_COOKIE = "flip-"  # + a game's id: its board is shown turned over on this browser
DRAWN_DIGITS = 16  # hex digits of drawn()'s digest, in the socket's address
_DRAWN = LRU(2048)  # (public id, revision, players' names, seat, language, ...) -> a fragment


def seat_index(game: Game, user) -> int | None:
    seat = game.seat_of(user)
    return seat.index if seat else None


def drawn(game: Game, seat: int | None, flipped: bool) -> str:
    """What a page shows of the game, as a short digest its socket is told
    (play/round/consumers.py): equal digests, the page is as the socket would draw it, so
    the socket's first message need not draw it again. It covers what changes the board
    and the chat: the revision (every change of the game, and whether the chat is open to this
    seat), the newest message, the seat's premove (kept without a new revision), which way
    the board is turned, the language."""
    newest = game.messages.order_by("-pk").values_list("pk", flat=True).first()
    said = [
        game.revision,
        newest,
        premoves.pending(game, seat),
        flipped,
        translation.get_language(),
    ]
    return hashlib.blake2s(repr(said).encode(), digest_size=DRAWN_DIGITS // 2).hexdigest()


def live_html(
    game: Game,
    seat: int | None,
    *,
    selected=None,
    pick=None,
    notice=None,
    alerts=(),
    oob=False,
    flipped=False,
    to_confirm=None,
) -> str:
    """The #live fragment for a seat (None: a spectator); `notice`, why an action was refused,
    or (why, its HTTP status) where no HTTP answer carries the status; `oob` marks it for a socket;
    `flipped` turns the board to show the other side at the bottom; `to_confirm`, a move
    shown and waiting for the player's "Confirm" (play/round/confirm.py)."""
    if to_confirm is not None:
        alerts = to_confirm["squares"]
    if selected is not None or notice is not None or alerts:
        html = _render(game, seat, selected, notice, frozenset(alerts), pick, flipped, to_confirm)
    else:
        # A premove waiting changes the player's board, not the game's revision.
        key = (game.public_id, game.revision, game.names_shown(), seat,
               translation.get_language(), *(("flipped",) if flipped else ()),
               premoves.pending(game, seat))  # fmt: skip
        html = _DRAWN.remembered(
            key, lambda: _render(game, seat, None, None, frozenset(), None, flipped)
        )
    return out_of_band(html) if oob else html


PART = "<!--part:"


def panel(context: dict) -> dict[str, str]:
    """The panel's parts (live_parts.html), by the id of the element that holds each: put in
    it for the whole panel, and swapped in by a move's update (updates.py)."""
    return dict(split(jinja.render("play/partials/live_parts.html", context)))


def split(html: str) -> list[tuple[str, str]]:
    """(part, html) of each <!--part:name--> in `html`, its spaces round it cut."""
    out = []
    for piece in str(html).split(PART)[1:]:
        name, _, drawn = piece.partition("-->")
        out.append((name, drawn.strip()))
    return out


def game_marks(game: Game, board, moves, state, before) -> Marks:
    """What the board shows of the game after `moves`, at `state`: the last move, a king in
    check, and, where the game marks it, what the last move changed from `before()` (the state
    it was played on)."""
    game_rules = game.rules
    marks = Marks(
        last_move=game_rules.move_squares(moves[-1].text) if moves else (),
        check=game_rules.check_square(state),
    )
    if board.shows_changes and moves:
        marks.alerts = board.changes(before(), state)
        marks.alert_label = _("changed by the last move")
    return marks


def out_of_band(html: str) -> str:
    """The same fragment, to be swapped in by id when it arrives over a socket."""
    return html.replace('<div id="live"', '<div id="live" hx-swap-oob="true"', 1)


def _render(
    game: Game, seat, selected, notice, alerts, pick=None, flipped=False, to_confirm=None
) -> str:
    context = _context(game, seat, selected, notice, alerts, pick, flipped)
    if isinstance(notice, tuple):
        context["notice"], context["notice_status"] = notice
    context["confirm"] = to_confirm
    # More than the game as it stands: a move's update fits it once the page has put back the
    # board it had before (imperia.js).
    context["marked"] = context["marked"] or bool(notice or alerts or to_confirm)
    context["parts"] = panel(context)
    return jinja.render("play/partials/live.html", context)


def view(game: Game, seat, flipped=False) -> dict:
    """What a seat's (or a spectator's) page shows of the game as it stands, nothing selected:
    the context its fragments are drawn from (updates.py draws a move's update from it)."""
    return _context(game, seat, None, None, frozenset(), None, flipped)


def _context(game: Game, seat, selected, notice, alerts, pick=None, flipped=False) -> dict:
    context = {"game": game, "seat": seat, "notice": notice, "selected": None}
    context["urls"] = addresses.of(game)
    context["flipped"] = flipped
    context["end_said"] = ear.end_said(game)
    if game.status == Game.Status.SETUP:
        context.update(_setup(game, seat, selected, alerts))
    else:
        context.update(_play(game, seat, selected, pick, flipped, alerts))
    return context


def _play(game: Game, seat, selected, pick, flipped=False, alerts=frozenset()) -> dict:
    game_rules = game.rules
    moves, state = moves_and_state(game)
    board = renderer(game.game_slug)
    to_move = game_rules.to_move(state)
    my_turn = game.status == Game.Status.ACTIVE and seat is not None and to_move == seat
    marks = game_marks(game, board, moves, state, lambda: before_last(game, moves))
    marks.watching = seat is None
    if game.is_over:
        marks.check = None
    if alerts:  # a move waiting for the player's "Confirm"
        marks.alerts, marks.alert_label = alerts, _("the move to confirm")
    picture = state
    at_once = not my_turn or not confirm.needed(game.player(seat), game)
    clicks = Clicks(game, marks, selected, pick, at_once)
    charge = premove = None
    if my_turn:
        draft = next((s.charge for s in game.seat_rows() if s.index == seat), None)
        if draft is not None:
            charge = _charge(game, state, draft, marks, clicks)
            picture = charge["state"]
        elif board.click_by_position:
            # One click, one point: the page's script reads the point off the picture.
            marks.board_action = {
                "data-move-url": _url(game, "move"),
                "data-ply": str(game.ply),
                **({"data-confirmed": "1"} if at_once else {}),
            }
            clicks.choose(game_rules.squareless_moves(state), clicks.play)
        else:
            clicks.offer(game_rules.legal_moves(state), clicks.play)
    elif premoves.offered(game, seat):
        premove = premoves.drawn(game, seat, state, marks, clicks, board.click_by_position)
    bottom = bottom_seat(seat, flipped)
    lost, hands, scores = (
        game_rules.captured(state),
        game_rules.reserve(state),
        game_rules.score(state),
    )
    standing = offers.standing_offer(game)
    shown_ratings = ratings.panel(game)
    grid = getattr(board, "grid", None)
    selected_help = ""
    if clicks.selected and grid is not None and grid.is_square(clicks.selected):
        piece = board.piece_at(picture, grid.index(clicks.selected))
        selected_help = language.translated(board.piece_help(piece)) if piece else ""
    return {
        "selected": clicks.selected,
        # The board shows more than the game: a selection, a charge, a premove.
        "marked": bool(clicks.selected or charge or (premove or {}).get("marked")),
        "selected_help": selected_help,
        "choices": clicks.choices,
        "charge": charge,
        "can_charge": my_turn and charge is None and game_rules.charge_available(state),
        "premove": premove,
        # Drawn when the template asks: a move's update does not draw what it does not send.
        "board_svg": lambda: board.render(
            picture,
            bottom=bottom,
            marks=marks,
            caption=_caption(game_rules, bottom, marks.check),
            names=_board_names(game, seat),
            live=True,
        ),
        "moves": moves,
        "said": ear.move_said(game, moves, state),
        "sound": sounds.of(game, moves, state),
        "state": picture,
        "marks": marks,
        "players": [
            {
                "index": i,
                "name": language.translated(game_rules.seats[i]),
                "user": game.player(i),
                "recorded": game.player_name(i) if game.imported else "",
                "taken": [
                    (language.translated(board.piece_name(p)), board.mini(p, live=True))
                    for p in lost[1 - i]
                ],
                "score": scores[i] if scores else None,
                "in_hand": in_hand(
                    board,
                    hands[i],
                    *((clicks.in_hand, clicks.selected) if i == seat else ({}, None)),
                    live=True,
                ),
                "has_hand": bool(hands[i]),
                "clock": clocks.shown(game, i),
                "rating": shown_ratings["ratings"].get(i, ""),
                "rating_change": shown_ratings["rating_changes"].get(i, ""),
            }
            for i in (1 - bottom, bottom)
        ],
        "case": disputes.latest(game) if seat is not None else None,
        "time_control": clocks.describe(game.time_control),
        "speed_name": language.translated(str(ratings.SPEEDS[game.speed])).lower(),
        "correspondence": clocks.is_correspondence(game.time_control),
        "vacation_used": [
            (game.player_name(i), days) for i, days in enumerate(game.vacation_used or []) if days
        ],
        "can_give_time": seat is not None and game.status == "active" and game.clocks is not None,
        "rematch": offers.standing_offer(game, Offer.Kind.REMATCH) if game.is_over else None,
        "rematch_game": (offers.accepted_rematch(game) or Offer()).result_game
        if game.is_over
        else None,
        "move_list": lambda: move_list.drawn(game, moves),
        "status": _status(game, seat, to_move, marks.check),
        "phase": None if game.is_over or game.status == "open" else game_rules.phase(state),
        "offer": standing,
        "offer_is_mine": standing is not None and standing.seat == seat,
        "can_abort": seat is not None
        and game.status in ("open", "active")
        and game.ply < 2
        and not game.mandatory,
        "can_berserk": seat is not None
        and games.berserkable(game, seat, any(m.seat == seat for m in moves)),
        "can_resign": seat is not None and game.status == "active",
        **_against_computer(game, seat, to_move, moves),
        **offers.takeback_panel(game, seat),
    }


def _against_computer(game: Game, seat, to_move, moves) -> dict:
    """In a game against the computer: whether it is thinking (its move is pushed; the page
    also asks every three seconds whether it has moved, in case a push is lost),
    whether the player may take back a move, and whether its engine failed here."""
    if game.computer_seat is None:
        return {}
    active = game.status == Game.Status.ACTIVE
    return {
        "thinking": active and to_move == game.computer_seat,
        "can_take_back": active and seat is not None and any(m.seat == seat for m in moves),
        "own_search": game.computer_own_search,
    }


def _charge(game: Game, state, parts, marks: Marks, clicks: Clicks) -> dict:
    """The charge composer: the position after the parts so far, the next parts offered."""
    charge_url = _url(game, "charge")

    def add(part):
        return {"hx-post": charge_url, "hx-vals": json.dumps({"action": "add", "part": part})}

    try:
        charge = game.rules.charge(state, parts)
    except rules.IllegalMove as exc:  # the position moved on under a stale draft
        error = language.refusal(exc)
        return {"state": state, "parts": parts, "error": error, "owing": [], "complete": False}
    clicks.offer(charge.options, add)
    marks.alerts |= {game.rules.grid.names[sq] for sq in charge.moved}
    marks.alert_label = _("moved in this charge")
    return {
        "state": charge.state,
        "parts": list(charge.parts),
        "owing": [game.rules.grid.names[f][0] for f in charge.owing],
        "complete": charge.complete,
        "ended": charge.ended,
    }


def _setup(game: Game, seat, selected, alerts) -> dict:
    """The setup phase: the player's own draft (click two squares to swap), the other
    board once it is submitted."""
    board = renderer(game.game_slug)
    seats = {s.index: s for s in game.seat_rows()}
    mine = seats.get(seat)
    viewer = seat if seat is not None else 0
    boards = [None, None]
    for index, s in seats.items():
        if s.submitted_at or index == seat:
            boards[index] = game.rules.parse_board(s.arrangement)
    marks = Marks(alerts=alerts, alert_label=_("identical to the other board's piece here"))
    editing = mine is not None and not mine.submitted_at
    if editing:
        live_url, setup_url = _url(game, "live"), _url(game, "setup")
        if not game.rules.grid.is_square(selected or ""):
            selected = None
        for name in game.rules.grid.names:
            if selected and name != selected:
                marks.actions[name] = {
                    "hx-post": setup_url,
                    "hx-vals": json.dumps({"action": "swap", "a": selected, "b": name}),
                }
            else:
                target = live_url if name == selected else f"{live_url}?select={name}"
                marks.actions[name] = {"hx-get": target}
        marks.selected = selected
    names = _board_names(game, seat)
    other = seats.get(1 - viewer)
    return {
        "selected": selected,
        "marked": bool(selected),
        "setup": {
            "editing": editing,
            "submitted": bool(mine and mine.submitted_at),
            "other_submitted": bool(other and other.submitted_at),
            "arrangement": mine.arrangement if mine else "",
        },
        "board_svg": lambda: board.render_boards(
            boards, viewer=viewer, marks=marks, names=names, live=True
        ),
        "players": [],
        "sound": "",  # play has not begun
        "status": setup.status(mine, other),
        "can_abort": seat is not None,
        # Against the computer, once the player has submitted, the computer arranges next.
        "thinking": game.computer_seat is not None and bool(mine and mine.submitted_at),
    }


def _board_names(game: Game, seat) -> tuple[str | None, str | None]:
    """Whose each board is, for its heading: the player's name; None, the viewer's own."""
    return tuple(None if i == seat else game.player_name(i) for i in (0, 1))


def in_hand(board, hand: dict, actions: dict, selected, live=False) -> list[dict]:
    """A seat's reserve as the page shows it: each piece, how many, and what a click does;
    `live`, beside the game page's board (board.mini)."""
    return [
        {
            "name": language.translated(board.piece_name(letter)),
            "svg": board.mini(letter, live=live),
            "count": count,
            "selected": selected == f"{letter.upper()}@",
            "attrs": actions.get(f"{letter.upper()}@"),
        }
        for letter, count in hand.items()
        if count
    ]


def _url(game: Game, action: str) -> str:
    return addresses.of(game)[action]


def _caption(game_rules, bottom: int, check: str | None) -> str:
    """What follows the board's name in its title (play/boards)."""
    side = language.translated(game_rules.seats[bottom])
    if check:
        return _(", %(side)s at the bottom, king on %(square)s in check") % {
            "side": side,
            "square": check,
        }
    # Translators: follows the board's name in its title: "Empress board, White at the bottom".
    return _(", %(side)s at the bottom") % {"side": side}


def bottom_seat(seat: int | None, flipped: bool) -> int:
    """Whose side is at the bottom of the board: the player's own (White's for spectators),
    or the other once turned over."""
    bottom = seat if seat is not None else 0
    return 1 - bottom if flipped else bottom


def _status(game: Game, seat, to_move, check_square) -> str:
    if game.status == Game.Status.OPEN:
        return _("Waiting for an opponent.")
    if game.is_over:
        # Translators: a game's result as a sentence: "White wins (checkmate)."
        return _("%(result)s.") % {"result": language.translated(game.result_text)}
    if to_move is None:
        return ""
    side = {"side": language.translated(game.rules.seats[to_move])}
    if seat is not None and to_move == seat:
        return _("Your turn (in check).") if check_square else _("Your turn.")
    if seat is not None:
        if check_square:
            return _("Waiting for %(side)s (in check).") % side
        return _("Waiting for %(side)s.") % side
    return (_("%(side)s to move (in check).") if check_square else _("%(side)s to move.")) % side
