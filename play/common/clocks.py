"""Time controls and clocks, kept by the server. A timeout is a fact derived from the stored
deadline, so it holds even when nothing was running; whoever looks first (a move, the page's
flag, the sweeper) records it. `now()` is the one source of time, so tests can move it."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

DAY = 86400
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 14)
LIVE_GIFT = 15  # seconds added by "give time" in a live game
LOW_TIME = 0.2  # warn the player when this share of a full clock is left
# What a setting out of its range is told, a whole sentence each.
OUT_OF_RANGE = {
    "minutes": gettext_lazy("The minutes must be a whole number from %(low)s to %(high)s."),
    "increment": gettext_lazy("The increment must be a whole number from %(low)s to %(high)s."),
    "start_days": gettext_lazy("The start days must be a whole number from %(low)s to %(high)s."),
    "hours": gettext_lazy("The hours must be a whole number from %(low)s to %(high)s."),
    "cap_days": gettext_lazy("The cap days must be a whole number from %(low)s to %(high)s."),
}


def now() -> datetime:
    return timezone.now()


def parse(tc: dict | None) -> dict:
    """A time control checked and in canonical form; ValueError says what is wrong."""
    tc = dict(tc or {})
    kind = tc.pop("kind", "none")

    def number(name, low, high):
        value = tc.pop(name, None)
        if not isinstance(value, int) or not low <= value <= high:
            raise ValueError(OUT_OF_RANGE[name] % {"low": low, "high": high})
        return value

    if kind == "none":
        out = {}
    elif kind == "live":
        out = {
            "kind": "live",
            "minutes": number("minutes", 1, 180),
            "increment": number("increment", 0, 180),
        }
    elif kind == "days":
        days = tc.pop("days", None)
        if days not in CORRESPONDENCE_DAYS:
            raise ValueError(_("Days per move are 1, 2, 3, 5, 7 or 14."))
        out = {"kind": "days", "days": days}
    elif kind == "bank":
        out = {
            "kind": "bank",
            "start_days": number("start_days", 1, 30),
            "hours": number("hours", 0, 72),
            "cap_days": number("cap_days", 1, 60),
        }
        if out["cap_days"] < out["start_days"]:
            raise ValueError(_("The bank's cap cannot be smaller than its start."))
    else:
        raise ValueError(_("The time control is none, live, days or bank."))
    if tc:
        raise ValueError(_("Unknown time control setting %(name)r.") % {"name": sorted(tc)[0]})
    return out


def describe(tc: dict) -> str:
    """The time control in words, in the reader's language: 5+3, 3 days per move."""
    kind = tc.get("kind")
    if kind == "live":
        return f"{tc['minutes']}+{tc['increment']}"
    if kind == "days":
        days = tc["days"]
        return ngettext("%(count)s day per move", "%(count)s days per move", days) % {"count": days}
    if kind == "bank":
        # Translators: a correspondence clock: "bank of 7 days, +12 h a move, up to 14 days".
        return _("bank of %(start)s, +%(hours)s h a move, up to %(cap)s") % {
            "start": days_of(tc["start_days"]),
            "hours": tc["hours"],
            "cap": days_of(tc["cap_days"]),
        }
    return _("No clock")


def days_of(count: int) -> str:
    """A number of days in words: 1 day, 3 days."""
    return ngettext("%(count)s day", "%(count)s days", count) % {"count": count}


def is_correspondence(tc: dict) -> bool:
    return tc.get("kind") in ("days", "bank")


def full(tc: dict) -> float:
    """A full clock in seconds (what "20 % left" is measured against)."""
    return {
        "live": lambda: tc["minutes"] * 60,
        "days": lambda: tc["days"] * DAY,
        "bank": lambda: tc["start_days"] * DAY,
    }[tc["kind"]]()


def start(game, at: datetime) -> None:
    """Start the clocks as play begins (after the join, or after the setup)."""
    tc = game.time_control
    if not tc:
        return
    game.clocks = [full(tc), full(tc)]
    game.vacation_used = [0, 0]
    _run(game, at)


def on_move(game, mover: int, at: datetime, *, premove: bool = False) -> None:
    """Charge the mover for the time taken, credit increment/refill, start the next clock.
    A premove takes no time, as on lichess: it is played as the mover's turn begins."""
    tc = game.time_control
    if not tc or game.clocks is None:
        return
    taken = 0.0 if premove else (at - game.turn_started_at).total_seconds()
    left = game.clocks[mover] - taken
    if tc["kind"] == "live":
        left += 0 if mover in game.berserk else tc["increment"]
    elif tc["kind"] == "days":
        left = tc["days"] * DAY  # the clock refills after each move
    else:
        left = min(left + tc["hours"] * 3600, tc["cap_days"] * DAY)
    game.clocks[mover] = left
    _run(game, at)


def stop(game) -> None:
    game.deadline = None


def _run(game, at: datetime) -> None:
    game.turn_started_at = at
    if game.turn is None:
        game.deadline = None
    else:
        game.deadline = at + timedelta(seconds=game.clocks[game.turn])


def left(game, seat: int, at: datetime) -> float | None:
    """Seconds the seat has left at `at` (its clock runs only on its turn)."""
    if game.clocks is None:
        return None
    if seat == game.turn and game.deadline is not None:
        return max(0.0, (game.deadline - at).total_seconds())
    return game.clocks[seat]


def expired(game, at: datetime) -> bool:
    return game.deadline is not None and at >= game.deadline


def spend_vacation(game, profile, at: datetime) -> int:
    """Correspondence: cover an expired clock with the mover's vacation days, a day (24 h
    on this game's clock) at a time. How many days were spent."""
    if not is_correspondence(game.time_control):
        return 0
    refill_year(profile, at)
    spent = 0
    while expired(game, at) and profile.vacation_days >= 1:
        profile.vacation_days -= 1
        game.clocks[game.turn] += DAY
        game.deadline += timedelta(seconds=DAY)
        game.vacation_used[game.turn] += 1
        spent += 1
    return spent


def refill_year(profile, at: datetime) -> None:
    """Vacation days come back each calendar year."""
    if profile.vacation_year != at.year:
        profile.vacation_year = at.year
        profile.vacation_days = settings.VACATION_DAYS_PER_YEAR


def give(game, to_seat: int) -> float:
    """Add time to a seat's clock (a day in correspondence); the seconds given."""
    amount = DAY if is_correspondence(game.time_control) else LIVE_GIFT
    game.clocks[to_seat] += amount
    if to_seat == game.turn and game.deadline is not None:
        game.deadline += timedelta(seconds=amount)
    return amount


def warning_due(game, at: datetime, reminders=()) -> int | None:
    """The warning the side to move is due, as the time left it is for (seconds), or None.
    Each is given once a turn: at the last 20 % of a full clock, and in correspondence at each
    of the player's `reminders` (seconds left: a day, an hour) that the turn began above.
    Where several have passed since the last look, only the nearest the end is due."""
    if game.deadline is None:
        return None
    marks = [LOW_TIME * full(game.time_control)]
    if is_correspondence(game.time_control):
        marks += [mark for mark in reminders if mark < game.clocks[game.turn]]
    now_left = left(game, game.turn, at)
    passed = [int(mark) for mark in marks if now_left <= mark]
    if not passed:
        return None
    due = min(passed)
    if game.low_time_warned_ply == game.ply and due >= (game.low_time_warned_below or 0):
        return None  # given this turn already, or one nearer the end
    return due


def human(seconds: float) -> str:
    """Time left in words, in the reader's language: 2 days 3 h, 5 h 20 min, 4:05."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return ngettext("%(days)s day %(hours)s h", "%(days)s days %(hours)s h", days) % {
            "days": days,
            "hours": hours,
        }
    if hours:
        return _("%(hours)s h %(minutes)s min") % {"hours": hours, "minutes": minutes}
    return f"{minutes}:{secs:02d}"


def shown(game, seat: int) -> dict | None:
    """A seat's clock as the page shows it: time left, and for the running one the deadline
    the page's script counts down to (the server's, so the page never disagrees)."""
    if game.clocks is None:
        return None
    at = now()
    running = seat == game.turn and game.deadline is not None and game.status == "active"
    remaining = left(game, seat, at) if running else game.clocks[seat]
    return {
        "text": human(remaining),
        "running": running,
        "deadline_ms": int(game.deadline.timestamp() * 1000) if running else None,
        "deadline": game.deadline if running else None,
        "low": remaining <= LOW_TIME * full(game.time_control),
        "low_ms": int(LOW_TIME * full(game.time_control) * 1000),  # time left that is low
    }
