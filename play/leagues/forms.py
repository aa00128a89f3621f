"""A club's championship or cup, as one of its leaders makes it: the game and its options,
a correspondence clock, games a pair, when the first edition starts."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.common.numbers import WholeNumberField
from play.games.forms import NewGameForm
from play.leagues import founding
from play.models import Championship


class ChampionshipForm(NewGameForm):
    name = forms.CharField(max_length=100, label=_("Name"))
    kind = forms.ChoiceField(
        label=_("Kind"), widget=forms.RadioSelect, initial=Championship.Kind.LEAGUE,
        choices=[(Championship.Kind.LEAGUE, _("A championship: editions in divisions")),
                 (Championship.Kind.CUP, _("A cup: each month, rounds of groups"))],
    )  # fmt: skip
    games_per_pair = forms.TypedChoiceField(
        label=_("Games each pair plays"), coerce=int, initial=1,
        choices=[(1, _("One")), (2, _("Two, the colours swapped"))],
    )  # fmt: skip
    starts_in_days = WholeNumberField(
        min_value=0, max_value=founding.FIRST_EDITION_WITHIN, initial=7,
        label=_("The first edition starts in (days)"),
    )  # fmt: skip
    CLOCKS = ("days", "bank")  # by correspondence
    side = listing = rated = rating_range = minutes = increment = None
