from django import forms
from django.contrib.auth.forms import UserCreationForm

import rules
from play.games import SIDES
from play.models import Game


class NewGameForm(forms.Form):
    game = forms.ChoiceField(choices=lambda: [(g.slug, g.name) for g in rules.games()])
    side = forms.ChoiceField(
        choices=[(s, s.capitalize()) for s in SIDES], initial="random", widget=forms.RadioSelect
    )
    time_control = forms.ChoiceField(choices=[("none", "No clock")], initial="none")
    listing = forms.ChoiceField(
        choices=Game.Listing.choices, initial=Game.Listing.SEEK, widget=forms.RadioSelect
    )


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)
