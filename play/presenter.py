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
from play.boards.chessboard import Marks
from play.games import state_of
from play.models import Game

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 1024
_LOCK = Lock()


def seat_index(game: Game, user) -> int | None:
    seat = game.seat_of(user)
    return seat.index if seat else None


def live_html(game: Game, seat: int | None, *, selected=None, notice=None, oob=False) -> str:
    """The #live fragment for a seat (None: a spectator)."""
    if selected is not None or notice is not None:
        return _render(game, seat, selected, notice, oob)
    key = (game.public_id, game.revision, seat, oob)
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    html = _render(game, seat, None, None, oob)
    with _LOCK:
        _CACHE[key] = html
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return html


def _render(game: Game, seat: int | None, selected, notice, oob) -> str:
    game_rules = game.rules
    moves = list(game.moves.all())
    state = state_of(game, moves)
    board = renderer(game.game_slug)
    live_url = reverse("game-live", args=[game.public_id])
    move_url = reverse("game-move", args=[game.public_id])
    to_move = game_rules.to_move(state)
    my_turn = game.status == Game.Status.ACTIVE and seat is not None and to_move == seat
    marks = Marks(
        last_move=game_rules.move_squares(moves[-1].text) if moves else (),
        check=game_rules.check_square(state) if not game.is_over else None,
    )
    in_hand_actions: dict[str, dict[str, str]] = {}  # reserve origins ("Q@") -> attributes
    if my_turn and board.click_by_position:
        # One click, one point: the page's script reads the point off the picture.
        marks.board_action = {"data-move-url": move_url, "data-ply": str(game.ply)}
    elif my_turn:
        by_origin: dict[str, dict[str, str]] = {}
        for move in game_rules.legal_moves(state):
            squares = game_rules.move_squares(move)
            if len(squares) == 2:
                by_origin.setdefault(squares[0], {})[squares[1]] = move
        if selected not in by_origin:
            selected = None
        for origin in by_origin:
            actions = in_hand_actions if origin.endswith("@") else marks.actions
            actions[origin] = {"hx-get": f"{live_url}?{urlencode({'select': origin})}"}
        if selected:
            (in_hand_actions if selected.endswith("@") else marks.actions)[selected] = {
                "hx-get": live_url  # a second click cancels the selection
            }
            marks.selected = selected
            marks.targets = frozenset(by_origin[selected])
            for target, move in by_origin[selected].items():
                marks.actions[target] = {
                    "hx-post": move_url,
                    "hx-vals": json.dumps({"move": move, "ply": str(game.ply)}),
                }
    bottom = seat if seat is not None else 0
    standing = offers.standing_offer(game)
    lost = game_rules.captured(state)
    hands = game_rules.reserve(state)
    scores = game_rules.score(state)
    context = {
        "game": game,
        "seat": seat,
        "oob": oob,
        "notice": notice,
        "my_turn": my_turn,
        "selected": selected,
        "board_svg": board.render(
            state, bottom=bottom, marks=marks, caption=_caption(game_rules, bottom, marks.check)
        ),
        "players": [
            {
                "index": i,
                "name": game_rules.seats[i],
                "user": game.player(i),
                "recorded": game.player_name(i) if game.imported else "",
                "taken": [(board.piece_name(p), board.mini(p)) for p in lost[1 - i]],
                "score": scores[i] if scores else None,
                "in_hand": [
                    {
                        "name": board.piece_name(letter),
                        "svg": board.mini(letter),
                        "count": count,
                        "selected": i == seat and selected == f"{letter.upper()}@",
                        "attrs": in_hand_actions.get(f"{letter.upper()}@") if i == seat else None,
                    }
                    for letter, count in hands[i].items()
                    if count
                ],
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
        "move_url": move_url,
    }
    return render_to_string("play/partials/live.html", context)


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
