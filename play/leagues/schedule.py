"""The championships' and cups' part of the sweeper (`manage.py sweep`): what follows from
time passing and games ending, done even if nobody is looking."""

from __future__ import annotations

from play.common import clocks
from play.leagues import championships, cups


def sweep(at=None) -> dict[str, int]:
    at = at or clocks.now()
    return {
        "league editions ended": championships.close_finished(at),
        "league editions begun": championships.start_due(at),
        "cup groups started": cups.sweep(at),
    }
