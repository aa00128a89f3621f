"""A player's choice of pushes and reminders, as the settings page sends it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from play.models import PushChoices
from play.models.webpush import REMINDER_HOURS

REMINDERS = {24: _("A day before"), 1: _("An hour before")}
BY_TEXT = {str(hours): hours for hours in REMINDER_HOURS}  # the form's values, read one way


class PushChoicesForm(forms.Form):
    kinds = forms.MultipleChoiceField(
        label=_("Push to my devices"),
        choices=PushChoices.Kind.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    reminder_hours = forms.TypedMultipleChoiceField(
        label=_("Before a correspondence clock runs out, remind me (by push and email)"),
        choices=[(str(hours), REMINDERS[hours]) for hours in REMINDER_HOURS],
        coerce=BY_TEXT.__getitem__,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
