"""What a player or spectator sees of a game: the live fragment (board, status, moves,
actions), rendered once per perspective per revision and cached."""

from __future__ import annotations

import json
from collections import OrderedDict
from threading import Lock
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse

from play import offers
from play.boards import renderer
from play.boards.base import Marks
from play.games import state_of
from play.models import Game

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 1024
_LOCK = Lock()


def seat_index(game: Game, user) -> int | None:
    seat = game.seat_of(user)
    return seat.index if seat else None


def live_html(
    game: Game, seat: int | None, *, selected=None, notice=None, alerts=(), oob=False
) -> str:
    """The #live fragment for a seat (None: a spectator)."""
    if selected is not None or notice is not None or alerts:
        return _render(game, seat, selected, notice, frozenset(alerts), oob)
    key = (game.public_id, game.revision, seat, oob)
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    html = _render(game, seat, None, None, frozenset(), oob)
    with _LOCK:
        _CACHE[key] = html
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return html


def _render(game: Game, seat, selected, notice, alerts, oob) -> str:
    context = {"game": game, "seat": seat, "oob": oob, "notice": notice, "selected": None}
    if game.status == Game.Status.SETUP:
        context.update(_setup(game, seat, selected, alerts))
    else:
        context.update(_play(game, seat, selected))
    return render_to_string("play/partials/live.html", context)


def _play(game: Game, seat, selected) -> dict:
    game_rules = game.rules
    moves = list(game.moves.all())
    state = state_of(game, moves)
    board = renderer(game.game_slug)
    to_move = game_rules.to_move(state)
    my_turn = game.status == Game.Status.ACTIVE and seat is not None and to_move == seat
    marks = Marks(
        last_move=game_rules.move_squares(moves[-1].text) if moves else (),
        check=game_rules.check_square(state) if not game.is_over else None,
    )
    if board.shows_changes and moves:
        before = state_of(game, moves[:-1])
        marks.alerts = board.changes(before, state)
        marks.alert_label = "changed by the last move"
    in_hand_actions: dict[str, dict[str, str]] = {}  # reserve origins ("Q@") -> attributes
    plain_choice = None
    if my_turn and board.click_by_position:
        # One click, one point: the page's script reads the point off the picture.
        marks.board_action = {"data-move-url": _url(game, "game-move"), "data-ply": str(game.ply)}
    elif my_turn:
        selected, plain_choice = _move_actions(game, state, marks, in_hand_actions, selected)
    bottom = seat if seat is not None else 0
    lost, hands, scores = (
        game_rules.captured(state),
        game_rules.reserve(state),
        game_rules.score(state),
    )
    standing = offers.standing_offer(game)
    return {
        "selected": selected,
        "plain_choice": plain_choice,
        "board_svg": board.render(
            state,
            bottom=bottom,
            marks=marks,
            caption=_caption(game_rules, bottom, marks.check),
            names=_board_names(game, seat),
        ),
        "players": [
            {
                "index": i,
                "name": game_rules.seats[i],
                "user": game.player(i),
                "recorded": game.player_name(i) if game.imported else "",
                "taken": [(board.piece_name(p), board.mini(p)) for p in lost[1 - i]],
                "score": scores[i] if scores else None,
                "in_hand": _in_hand(
                    board, hands[i], *((in_hand_actions, selected) if i == seat else ({}, None))
                ),
                "has_hand": bool(hands[i]),
            }
            for i in (1 - bottom, bottom)
        ],
        "move_rows": _rows(moves),
        "status": _status(game, seat, to_move, marks.check),
        "phase": None if game.is_over or game.status == "open" else game_rules.phase(state),
        "offer": standing,
        "offer_is_mine": standing is not None and standing.seat == seat,
        "can_abort": seat is not None and game.status in ("open", "active") and game.ply < 2,
        "can_resign": seat is not None and game.status == "active",
        "can_pass": my_turn and game_rules.is_legal(state, "pass"),
        "move_url": _url(game, "game-move"),
    }


def _move_actions(game, state, marks: Marks, in_hand_actions, selected):
    """Make the player's pieces clickable. A move is its origin (a square, a reserve piece
    `Q@`, a direction) and maybe a target; an origin with a single move plays it at once,
    others are selected first and show their targets. Returns the selection and, when the
    selected origin may also be played alone, that move (e.g. a push without revival)."""
    game_rules = game.rules
    live_url, move_url = _url(game, "game-live"), _url(game, "game-move")
    by_origin: dict[str, dict[str, str]] = {}
    for move in game_rules.legal_moves(state):
        squares = game_rules.move_squares(move)
        if squares:
            target = squares[1] if len(squares) > 1 else ""
            by_origin.setdefault(squares[0], {})[target] = move

    def post(move):
        return {"hx-post": move_url, "hx-vals": json.dumps({"move": move, "ply": str(game.ply)})}

    if selected not in by_origin or set(by_origin.get(selected, {})) == {""}:
        selected = None
    for origin, targets in by_origin.items():
        actions = in_hand_actions if origin.endswith("@") else marks.actions
        if set(targets) == {""}:
            actions[origin] = post(targets[""])
        else:
            actions[origin] = {"hx-get": f"{live_url}?{urlencode({'select': origin})}"}
    if not selected:
        return None, None
    (in_hand_actions if selected.endswith("@") else marks.actions)[selected] = {
        "hx-get": live_url  # a second click cancels the selection
    }
    marks.selected = selected
    marks.targets = frozenset(t for t in by_origin[selected] if t)
    for target, move in by_origin[selected].items():
        if target:
            marks.actions[target] = post(move)
    plain = by_origin[selected].get("")
    if not plain:
        return selected, None
    return selected, {
        "label": game_rules.plain_choice_label.format(move=plain),
        "vals": json.dumps({"move": plain, "ply": str(game.ply)}),
    }


def _setup(game: Game, seat, selected, alerts) -> dict:
    """The setup phase: the player's own draft (click two squares to swap), the other
    board once it is submitted."""
    board = renderer(game.game_slug)
    seats = {s.index: s for s in game.seats.all()}
    mine = seats.get(seat)
    viewer = seat if seat is not None else 0
    boards = [None, None]
    for index, s in seats.items():
        if s.submitted_at or index == seat:
            boards[index] = game.rules.parse_board(s.arrangement)
    marks = Marks(alerts=alerts, alert_label="identical to the other board's piece here")
    editing = mine is not None and not mine.submitted_at
    if editing:
        live_url, setup_url = _url(game, "game-live"), _url(game, "game-setup")
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
        "setup": {
            "editing": editing,
            "submitted": bool(mine and mine.submitted_at),
            "other_submitted": bool(other and other.submitted_at),
            "url": _url(game, "game-setup"),
            "arrangement": mine.arrangement if mine else "",
        },
        "board_svg": board.render_boards(boards, viewer=viewer, marks=marks, names=names),
        "players": [],
        "status": _setup_status(mine, other),
        "can_abort": seat is not None,
    }


def _setup_status(mine, other) -> str:
    if mine is None:
        return "The players are arranging their pieces."
    if mine.submitted_at:
        return "Submitted. Waiting for the other player's arrangement."
    if other and other.submitted_at:
        return (
            "The other player has submitted, so they move first. Arrange your pieces so that "
            "no piece stands on a square holding an identical piece on their board, then submit."
        )
    return (
        "Arrange your pieces: click two squares to swap them, or deal at random; then submit. "
        "The first to submit moves first."
    )


def _board_names(game: Game, seat) -> tuple[str, str]:
    return tuple(
        "Your board" if i == seat else f"{game.player_name(i)}'s board ({game.rules.seats[i]})"
        for i in (0, 1)
    )


def _in_hand(board, hand: dict, actions: dict, selected) -> list[dict]:
    return [
        {
            "name": board.piece_name(letter),
            "svg": board.mini(letter),
            "count": count,
            "selected": selected == f"{letter.upper()}@",
            "attrs": actions.get(f"{letter.upper()}@"),
        }
        for letter, count in hand.items()
        if count
    ]


def _url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def _caption(game_rules, bottom: int, check: str | None) -> str:
    text = f", {game_rules.seats[bottom]} at the bottom"
    if check:
        text += f", king on {check} in check"
    return text


def _rows(moves) -> list[tuple[int, str, str]]:
    rows = []
    for i in range(0, len(moves), 2):
        pair = moves[i : i + 2]
        rows.append((i // 2 + 1, pair[0].display, pair[1].display if len(pair) > 1 else ""))
    return rows


def _status(game: Game, seat, to_move, check_square) -> str:
    names = game.rules.seats
    if game.status == Game.Status.OPEN:
        return "Waiting for an opponent."
    if game.is_over:
        return game.result_text + "."
    if to_move is None:
        return ""
    check = " (in check)" if check_square else ""
    if seat is not None:
        return f"Your turn{check}." if to_move == seat else f"Waiting for {names[to_move]}{check}."
    return f"{names[to_move]} to move{check}."
