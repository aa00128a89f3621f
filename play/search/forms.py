"""The game search's form: every filter optional, each number and date within its bounds."""

from __future__ import annotations

from datetime import date

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

import rules
from play.common.language import translated
from play.common.numbers import WholeNumberField
from play.models.games import REASONS
from play.ratings.ratings import SPEEDS
from play.search.games import Asked

NAME_LENGTH = 150  # a username's, in the game search
MOST_RATING = 4000
MOST_PLIES = 100_000
FIRST_DAY = date(2025, 1, 1)  # before any game here


class GameSearchForm(forms.Form):
    player = forms.CharField(label=gettext_lazy("Player"), max_length=NAME_LENGTH, required=False)
    opponent = forms.CharField(
        label=gettext_lazy("Opponent"), max_length=NAME_LENGTH, required=False
    )
    game = forms.ChoiceField(label=gettext_lazy("Game"), required=False)
    speed = forms.ChoiceField(label=gettext_lazy("Speed"), required=False)
    rated = forms.ChoiceField(
        label=gettext_lazy("Rated"), required=False,
        choices=[("", gettext_lazy("Rated or casual")), ("rated", gettext_lazy("Rated")),
                 ("casual", gettext_lazy("Casual"))],
    )  # fmt: skip
    result = forms.ChoiceField(
        label=gettext_lazy("Result, for the player"), required=False,
        choices=[("", gettext_lazy("Any")), ("win", gettext_lazy("Won")),
                 ("loss", gettext_lazy("Lost")), ("draw", gettext_lazy("Drawn"))],
    )  # fmt: skip
    rating_min = WholeNumberField(
        label=gettext_lazy("Mean rating at least"), max_value=MOST_RATING, required=False
    )
    rating_max = WholeNumberField(
        label=gettext_lazy("Mean rating at most"), max_value=MOST_RATING, required=False
    )
    since = forms.DateField(label=gettext_lazy("Ended on or after"), required=False)
    until = forms.DateField(label=gettext_lazy("Ended on or before"), required=False)
    plies_min = WholeNumberField(
        label=gettext_lazy("Plies at least"), max_value=MOST_PLIES, required=False
    )
    plies_max = WholeNumberField(
        label=gettext_lazy("Plies at most"), max_value=MOST_PLIES, required=False
    )
    reason = forms.ChoiceField(label=gettext_lazy("How it ended"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        any_choice = [("", pgettext_lazy("any of these", "Any"))]
        self.fields["game"].choices = any_choice + [
            (g.slug, translated(g.name)) for g in rules.games()
        ]
        self.fields["speed"].choices = any_choice + list(SPEEDS.items())
        self.fields["reason"].choices = any_choice + [
            (key, words) for key, words in REASONS.items() if key not in ("abort", "declined")
        ]

    def clean(self):
        data = super().clean()
        if data.get("result") and not data.get("player"):
            self.add_error("result", _("Name the player whose result it is."))
        for low, high in (("rating_min", "rating_max"), ("since", "until"),
                          ("plies_min", "plies_max")):  # fmt: skip
            if data.get(low) is not None and data.get(high) is not None and data[low] > data[high]:
                self.add_error(high, _("This is less than the least asked."))
        for day in ("since", "until"):
            if data.get(day) and not FIRST_DAY <= data[day] <= date(9999, 1, 1):
                self.add_error(day, _("Choose a day from 2025 on."))
        return data

    def asked(self) -> Asked:
        data = self.cleaned_data
        rated = {"rated": True, "casual": False}.get(data["rated"])
        return Asked(
            player=data["player"].strip(), opponent=data["opponent"].strip(), game=data["game"],
            speed=data["speed"], rated=rated, result=data["result"],
            rating_min=data["rating_min"], rating_max=data["rating_max"], since=data["since"],
            until=data["until"], plies_min=data["plies_min"], plies_max=data["plies_max"],
            reason=data["reason"],
        )  # fmt: skip
