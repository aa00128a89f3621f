"""A tournament's results to download: the standings as CSV (a spreadsheet's), and the
standings with every game as JSON (a program's)."""

from __future__ import annotations

import csv
import io

from play.models import Pairing, Tournament
from play.tournaments import standings


def _lines(tournament: Tournament) -> list[dict]:
    swiss = not tournament.is_arena
    lines = []
    for rank, p in enumerate(standings.ranked(tournament), 1):
        line = {"rank": rank, "username": p.user.username, "rating": round(p.rating),
                "score": _number(p.score), "games": p.games}  # fmt: skip
        if swiss:
            line |= {"sonneborn_berger": _number(p.sonneborn_berger),
                     "buchholz": _number(p.buchholz)}  # fmt: skip
        line["sheet"] = " ".join(text for text, _ in p.sheet)
        lines.append(line)
    return lines


def csv_text(tournament: Tournament) -> str:
    lines = _lines(tournament)
    out = io.StringIO()
    columns = list(lines[0]) if lines else ["rank", "username", "rating", "score", "games"]
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(lines)
    return out.getvalue()


def as_json(tournament: Tournament) -> dict:
    pairings = (
        Pairing.objects.filter(tournament=tournament)
        .select_related("game", "white", "black")
        .order_by("round", "created_at", "pk")
    )
    return {
        "id": tournament.public_id,
        "name": tournament.name,
        "kind": tournament.kind,
        "game": tournament.game_slug,
        "options": tournament.options,
        "clock": tournament.time_control,
        "rated": tournament.rated,
        "status": tournament.status,
        "starts_at": tournament.starts_at.isoformat(),
        "finished_at": tournament.finished_at and tournament.finished_at.isoformat(),
        "rounds": tournament.rounds,
        "standings": _lines(tournament),
        "games": [_game(p) for p in pairings],
    }


def _game(pairing: Pairing) -> dict:
    game = pairing.game
    return {
        "round": pairing.round or None,
        "white": pairing.white.username,
        "black": pairing.black.username if pairing.black else None,  # None: a bye
        "id": game.public_id if game else None,
        "status": game.status if game else "bye",
        "winner": _winner(pairing),
        "result": game.result_text if game else "bye",
        "counted": pairing.counted,
        "berserk": [
            side
            for side, b in (("white", pairing.white_berserk), ("black", pairing.black_berserk))
            if b
        ],  # fmt: skip
    }


def _winner(pairing: Pairing) -> str | None:
    game = pairing.game
    if game is None or game.winner is None:
        return None
    return (pairing.white, pairing.black)[game.winner].username


def _number(points: float) -> int | float:
    """Points as people write them: 2, 1.5."""
    return int(points) if points.is_integer() else points
