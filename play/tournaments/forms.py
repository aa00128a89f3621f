"""A new arena's choices: the game and its options, a live clock, the length and the hour,
rated or casual, the entry conditions, a password."""

from __future__ import annotations

from django import forms

from play.common.numbers import WholeNumberField
from play.games.forms import NewGameForm
from play.tournaments import arenas

STARTS_WITHIN = 60 * 24 * 60  # minutes: sixty days


class ArenaForm(NewGameForm):
    name = forms.CharField(max_length=80)
    duration = WholeNumberField(
        min_value=arenas.MINUTES[0], max_value=arenas.MINUTES[1], initial=60,
        label="Length (minutes)",
    )  # fmt: skip
    starts_in = WholeNumberField(
        min_value=0, max_value=STARTS_WITHIN, initial=10, label="Starts in (minutes)"
    )
    rating_min = WholeNumberField(min_value=0, max_value=4000, required=False,
                                  label="Rating at least")  # fmt: skip
    rating_max = WholeNumberField(min_value=0, max_value=4000, required=False,
                                  label="Rating at most")  # fmt: skip
    min_rated_games = WholeNumberField(
        min_value=0, max_value=1000, initial=0, required=False,
        label="Rated games of this game at least",
    )  # fmt: skip
    password = forms.CharField(
        max_length=arenas.PASSWORD_LENGTH, required=False, widget=forms.PasswordInput,
        label="Password (empty: open to all)",
    )  # fmt: skip

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for unused in ("side", "listing", "rating_range", "days", "bank_start", "bank_hours",
                       "bank_cap"):  # fmt: skip
            del self.fields[unused]
        self.fields["time_control"].choices = [("live", "Live: minutes + increment")]
        self.fields["time_control"].initial = "live"
