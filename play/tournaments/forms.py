"""A new tournament's choices: the game and its options, a clock, the hour, rated or casual,
the entry conditions, a password; an arena's length, or a Swiss's rounds and their pacing."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.common.numbers import WholeNumberField
from play.games.forms import NewGameForm
from play.models.clubs import CLUB_NAME_LENGTH
from play.tournaments import arenas, battles, entries, swisses, words

STARTS_WITHIN = 60 * 24 * 60  # minutes: sixty days


class TournamentForm(NewGameForm):
    name = forms.CharField(max_length=80, label=_("Name"))
    starts_in = WholeNumberField(
        min_value=0, max_value=STARTS_WITHIN, initial=10, label=_("Starts in (minutes)")
    )
    rating_min = WholeNumberField(min_value=0, max_value=4000, required=False,
                                  label=_("Rating at least"))  # fmt: skip
    rating_max = WholeNumberField(min_value=0, max_value=4000, required=False,
                                  label=_("Rating at most"))  # fmt: skip
    min_rated_games = WholeNumberField(
        min_value=0, max_value=1000, initial=0, required=False,
        label=_("Rated games of this game at least"),
    )  # fmt: skip
    password = forms.CharField(
        max_length=entries.PASSWORD_LENGTH, required=False, widget=forms.PasswordInput,
        label=_("Password (empty: open to all)"),
    )  # fmt: skip
    club = forms.ChoiceField(required=False, label=_("Open to"))
    CLOCKS = ("live",)  # the time controls offered
    UNUSED = ("side", "listing", "rating_range", "bank_start", "bank_hours", "bank_cap")

    def __init__(self, *args, led=(), **kwargs):
        """`led`: the clubs the maker leads, whose members alone it may be open to."""
        super().__init__(*args, **kwargs)
        self.led = {club.slug: club for club in led}
        self.fields["club"].choices = [("", _("Everyone"))] + [
            (club.slug, _("The members of %(club)s") % {"club": club.name}) for club in led
        ]
        for unused in self.UNUSED:
            del self.fields[unused]


class ArenaForm(TournamentForm):
    duration = WholeNumberField(
        min_value=arenas.MINUTES[0], max_value=arenas.MINUTES[1], initial=60,
        label=_("Length (minutes)"),
    )  # fmt: skip
    battle_clubs = forms.CharField(
        required=False, max_length=battles.MOST_CLUBS * (CLUB_NAME_LENGTH + 1),
        widget=forms.Textarea(attrs={"rows": 3}), label=_("Other clubs, one a line"),
        help_text=_("Named here, the arena is a battle between your club and these: each "
                    "club is scored by its best players, and clubmates never meet."),
    )  # fmt: skip
    battle_counted = WholeNumberField(
        min_value=battles.COUNTED[0], max_value=battles.COUNTED[1], initial=5, required=False,
        label=_("Players counted per club"),
    )  # fmt: skip

    def battle(self) -> tuple[list[str], int] | None:
        """The other clubs named and the players counted, if the arena is a battle."""
        names = self.cleaned_data["battle_clubs"].splitlines()
        if not any(name.strip() for name in names):
            return None
        return names, self.cleaned_data["battle_counted"] or 5

    UNUSED = (*TournamentForm.UNUSED, "days")


class SwissForm(TournamentForm):
    rounds = WholeNumberField(min_value=swisses.ROUNDS[0], max_value=swisses.ROUNDS[1],
                              initial=7, label=_("Rounds"))  # fmt: skip
    pacing = forms.ChoiceField(choices=list(words.PACING.items()), initial="auto",
                               label=_("Rounds begin"))  # fmt: skip
    interval = WholeNumberField(
        min_value=swisses.INTERVAL[0], max_value=swisses.INTERVAL[1], required=False,
        label=_("Minutes between rounds (at a fixed interval)"),
    )  # fmt: skip
    CLOCKS = ("live", "days")
