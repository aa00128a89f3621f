"""A new game's choices, as the lobby, a challenge and a game against the computer ask them."""

from django import forms

import bots
import rules
from play.common import clocks
from play.common.numbers import WholeNumberField
from play.games.games import RATING_RANGES, SIDES
from play.models import Game


class NewGameForm(forms.Form):
    game = forms.ChoiceField(choices=lambda: [(g.slug, g.name) for g in rules.games()])
    side = forms.ChoiceField(
        choices=[(s, s.capitalize()) for s in SIDES], initial="random", widget=forms.RadioSelect
    )
    time_control = forms.ChoiceField(
        choices=[
            ("none", "No clock"),
            ("live", "Live: minutes + increment"),
            ("days", "Correspondence: days per move"),
            ("bank", "Correspondence: a bank of days"),
        ],
        initial="live",  # an invitation's friend plays at once: no move waits to be confirmed
    )
    minutes = WholeNumberField(min_value=1, max_value=180, initial=5, required=False)
    increment = WholeNumberField(
        min_value=0, max_value=180, initial=3, required=False, label="Increment (seconds)"
    )
    days = forms.TypedChoiceField(
        choices=[(d, f"{d} day{'s' if d > 1 else ''}") for d in clocks.CORRESPONDENCE_DAYS],
        coerce=int,
        initial=3,
        required=False,
        label="Days per move",
    )
    bank_start = WholeNumberField(
        min_value=1, max_value=30, initial=7, required=False, label="Start (days)"
    )
    bank_hours = WholeNumberField(
        min_value=0, max_value=72, initial=12, required=False, label="Added per move (hours)"
    )
    bank_cap = WholeNumberField(
        min_value=1, max_value=60, initial=14, required=False, label="Cap (days)"
    )
    listing = forms.ChoiceField(
        choices=Game.Listing.choices, initial=Game.Listing.SEEK, widget=forms.RadioSelect
    )
    rated = forms.BooleanField(required=False, initial=True, label="Rated")
    rating_range = WholeNumberField(
        min_value=RATING_RANGES[0],
        max_value=RATING_RANGES[1],
        required=False,
        label="Rating range ± (open seeks; empty: anyone)",
    )
    # Empire's options (the rules check them again).
    width = WholeNumberField(min_value=8, max_value=40, initial=32, required=False)
    height = WholeNumberField(min_value=8, max_value=40, initial=32, required=False)
    dots = forms.BooleanField(
        required=False, label="Standard Dots rule (empty rings stay in play as houses)"
    )

    # Imperial Shuffle's options.
    nobles = forms.ChoiceField(
        choices=[
            ("ryg", "red, yellow, green"),
            ("ryb", "red, yellow, blue"),
            ("rgb", "red, green, blue"),
            ("ygb", "yellow, green, blue"),
        ],
        initial="ryg",
        required=False,
        label="Noble colours",
    )
    deal = forms.BooleanField(
        required=False, label="Deal both boards at random (a coin toss decides who starts)"
    )

    # Imperial Chess's option.
    victory = forms.ChoiceField(
        choices=[
            ("imperials", "Take every Imperial (the rules)"),
            ("emperor", "Take the Emperor, with no Imperial Prince to succeed"),
            ("emperor-empress", "Take both the Emperor and the Empress"),
        ],
        initial="imperials",
        required=False,
        label="Victory",
    )

    def clean(self):
        data = super().clean()
        if data.get("rated") and data.get("time_control") == "none":
            self.add_error("rated", "A rated game needs a clock: choose one, or untick Rated.")
        return data

    def clock(self) -> dict:
        """The time control as the clocks module reads it (which checks it again)."""
        data = self.cleaned_data
        kind = data["time_control"]
        if kind == "live":
            return {
                "kind": kind,
                "minutes": data["minutes"] or 5,
                "increment": data["increment"] or 0,
            }
        if kind == "days":
            return {"kind": kind, "days": data["days"] or 3}
        if kind == "bank":
            return {
                "kind": kind,
                "start_days": data["bank_start"] or 7,
                "hours": data["bank_hours"] if data["bank_hours"] is not None else 12,
                "cap_days": data["bank_cap"] or 14,
            }
        return {}

    def options(self) -> dict:
        """The chosen game's options; the rules check them again."""
        data = self.cleaned_data
        if data["game"] == "empire":
            return {
                "width": data["width"] or 32,
                "height": data["height"] or 32,
                "mode": "dots" if data["dots"] else "empire",
            }
        if data["game"] == "imperial-shuffle":
            return {"nobles": data["nobles"] or "ryg", "deal": data["deal"]}
        if data["game"] == "imperial-chess":
            return {"victory": data["victory"] or "imperials"}
        return {}


class ChallengeForm(NewGameForm):
    """A challenge from a player's profile: a new game's choices, always a private game for
    that player, so no listing to choose and no rating range (both are a seek's)."""

    listing = rating_range = None


LEVEL_WORDS = {bots.levels()[0]: " (plays at random)", bots.levels()[-1]: " (the strongest)"}


class ComputerGameForm(NewGameForm):
    """A game against the computer: a new game's choices, the level instead of a listing."""

    level = WholeNumberField(
        min_value=bots.levels()[0],
        max_value=bots.levels()[-1],
        initial=3,
        widget=forms.Select(choices=[(n, f"{n}{LEVEL_WORDS.get(n, '')}") for n in bots.levels()]),
    )
    listing = rated = rating_range = None  # the computer's games are private and unrated
    field_order = ["level", "game"]

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "computer_%s")  # beside a new game's form on one page
        super().__init__(*args, **kwargs)
        self.fields["time_control"].initial = "none"
