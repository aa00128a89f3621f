from django import forms

import rules
from play.ratings import ratings


class SeekFilter(forms.Form):
    """The lobby's choice of seeks: a game, a speed, rated or casual (empty: all)."""

    game = forms.ChoiceField(
        choices=lambda: [("", "Every game")] + [(g.slug, g.name) for g in rules.games()],
        required=False,
    )
    speed = forms.ChoiceField(
        choices=[("", "Every speed"), *ratings.SPEEDS.items()], required=False
    )
    rated = forms.ChoiceField(
        choices=[("", "Rated and casual"), ("rated", "Rated"), ("casual", "Casual")],
        required=False,
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "seeks_%s")
        super().__init__(*args, **kwargs)
