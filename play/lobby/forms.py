from django import forms
from django.utils.translation import gettext_lazy as _

import rules
from play.common.language import translated
from play.ratings import ratings


class SeekFilter(forms.Form):
    """The lobby's choice of seeks: a game, a speed, rated or casual (empty: all)."""

    game = forms.ChoiceField(
        choices=lambda: (
            [("", _("Every game"))] + [(g.slug, translated(g.name)) for g in rules.games()]
        ),
        required=False,
        label=_("Game"),
    )
    speed = forms.ChoiceField(
        choices=[("", _("Every speed")), *ratings.SPEEDS.items()], required=False, label=_("Speed")
    )
    rated = forms.ChoiceField(
        choices=[("", _("Rated and casual")), ("rated", _("Rated")), ("casual", _("Casual"))],
        required=False,
        label=_("Rated"),
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "seeks_%s")
        super().__init__(*args, **kwargs)
