"""A new game's choices, as the lobby, a challenge and a game against the computer ask them."""

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

import bots
import rules
from play.common import clocks
from play.common.language import translated
from play.common.numbers import WholeNumberField
from play.games.games import RATING_RANGES, SIDE_NAMES, SIDES
from play.models import Game


class NewGameForm(forms.Form):
    game = forms.ChoiceField(
        choices=lambda: [(g.slug, translated(g.name)) for g in rules.games()], label=_("Game")
    )
    side = forms.ChoiceField(
        choices=[(s, SIDE_NAMES[s]) for s in SIDES],
        initial="random",
        widget=forms.RadioSelect,
        label=_("Side"),
    )
    time_control = forms.ChoiceField(
        choices=[
            ("none", _("No clock")),
            ("live", _("Live: minutes + increment")),
            ("days", _("Correspondence: days per move")),
            ("bank", _("Correspondence: a bank of days")),
        ],
        initial="live",  # an invitation's friend plays at once: no move waits to be confirmed
        label=_("Time control"),
    )
    minutes = WholeNumberField(
        min_value=1, max_value=180, initial=5, required=False, label=_("Minutes")
    )
    increment = WholeNumberField(
        min_value=0, max_value=180, initial=3, required=False, label=_("Increment (seconds)")
    )
    days = forms.TypedChoiceField(
        choices=[
            (d, ngettext_lazy("%(count)s day", "%(count)s days", "count") % {"count": d})
            for d in clocks.CORRESPONDENCE_DAYS
        ],
        coerce=int,
        initial=3,
        required=False,
        label=_("Days per move"),
    )
    bank_start = WholeNumberField(
        min_value=1, max_value=30, initial=7, required=False, label=_("Start (days)")
    )
    bank_hours = WholeNumberField(
        min_value=0, max_value=72, initial=12, required=False, label=_("Added per move (hours)")
    )
    bank_cap = WholeNumberField(
        min_value=1, max_value=60, initial=14, required=False, label=_("Cap (days)")
    )
    listing = forms.ChoiceField(
        choices=Game.Listing.choices,
        initial=Game.Listing.SEEK,
        widget=forms.RadioSelect,
        label=_("Listing"),
    )
    rated = forms.BooleanField(required=False, initial=True, label=_("Rated"))
    rating_range = WholeNumberField(
        min_value=RATING_RANGES[0],
        max_value=RATING_RANGES[1],
        required=False,
        label=_("Rating range ± (open seeks; empty: anyone)"),
    )
    # Empire's options (the rules check them again).
    width = WholeNumberField(
        min_value=8, max_value=40, initial=32, required=False, label=_("Width")
    )
    height = WholeNumberField(
        min_value=8, max_value=40, initial=32, required=False, label=_("Height")
    )
    dots = forms.BooleanField(
        required=False, label=_("Standard Dots rule (empty rings stay in play as houses)")
    )

    # Imperial Shuffle's options.
    nobles = forms.ChoiceField(
        choices=[
            ("ryg", _("red, yellow, green")),
            ("ryb", _("red, yellow, blue")),
            ("rgb", _("red, green, blue")),
            ("ygb", _("yellow, green, blue")),
        ],
        initial="ryg",
        required=False,
        label=_("Noble colours"),
    )
    deal = forms.BooleanField(
        required=False, label=_("Deal both boards at random (a coin toss decides who starts)")
    )

    # Imperial Chess's option.
    victory = forms.ChoiceField(
        choices=[
            ("imperials", _("Take every Imperial (the rules)")),
            ("emperor", _("Take the Emperor, with no Imperial Prince to succeed")),
            ("emperor-empress", _("Take both the Emperor and the Empress")),
        ],
        initial="imperials",
        required=False,
        label=_("Victory"),
    )

    CLOCKS: tuple[str, ...] = ()  # the time controls offered, the first chosen; () all

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.CLOCKS:
            offered = self.fields["time_control"]
            offered.choices = [c for c in offered.choices if c[0] in self.CLOCKS]
            offered.initial = self.CLOCKS[0]

    def clean(self):
        data = super().clean()
        if data.get("rated") and data.get("time_control") == "none":
            self.add_error("rated", _("A rated game needs a clock: choose one, or untick Rated."))
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


# A level as the chooser names it: its number, and at either end what it is.
LEVEL_NAMES = {
    bots.levels()[0]: _("%(level)s (plays at random)"),
    bots.levels()[-1]: _("%(level)s (the strongest)"),
}
# Named as the page is read, in its reader's language.
level_name = lazy(lambda n: LEVEL_NAMES[n] % {"level": n} if n in LEVEL_NAMES else str(n), str)


class ComputerGameForm(NewGameForm):
    """A game against the computer: a new game's choices, the level instead of a listing."""

    level = WholeNumberField(
        min_value=bots.levels()[0],
        max_value=bots.levels()[-1],
        initial=3,
        widget=forms.Select(choices=[(n, level_name(n)) for n in bots.levels()]),
        label=_("Level"),
    )
    listing = rated = rating_range = None  # the computer's games are private and unrated
    field_order = ["level", "game"]

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "computer_%s")  # beside a new game's form on one page
        super().__init__(*args, **kwargs)
        self.fields["time_control"].initial = "none"
