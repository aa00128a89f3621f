from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from play.accounts.forms import NAME_LENGTH
from play.models import Report, Sanction
from play.models.moderation import REPORT_WORDS
from play.moderation import sanctions


class ReportForm(forms.Form):
    reason = forms.ChoiceField(
        label=_("Why"), choices=Report.Reason.choices, widget=forms.RadioSelect
    )
    text = forms.CharField(
        label=_("What happened, in your own words"),
        max_length=REPORT_WORDS,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("Name the games or the messages: the moderators look at them first."),
    )


def hours_words(hours: int) -> str:
    if hours % 24:
        return ngettext("%(count)s hour", "%(count)s hours", hours) % {"count": hours}
    days = hours // 24
    return ngettext("%(count)s day", "%(count)s days", days) % {"count": days}


def mute_lengths():
    """In the reader's language: the choices are read as the form is drawn."""
    return [("", "—"), *((hours, hours_words(hours)) for hours in sanctions.MUTE_HOURS)]


class ActionForm(forms.Form):
    """A moderator's action on a player, from the desk: what, why, and what it needs (the
    warning's words, the mute's length, the new name)."""

    kind = forms.ChoiceField(label=_("Action"), choices=Sanction.Kind.choices)
    reason = forms.CharField(
        label=_("Why (the player reads it)"),
        max_length=REPORT_WORDS,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    warning = forms.ChoiceField(
        label=_("The warning (for a warning)"),
        choices=[("", "—"), *sanctions.WARNINGS.items()],
        required=False,
    )
    hours = forms.TypedChoiceField(
        label=_("For how long (for a mute)"),
        choices=mute_lengths,
        coerce=int,
        empty_value=0,
        required=False,
    )
    name = forms.CharField(label=_("The new name (for a renaming)"), max_length=NAME_LENGTH,
                           required=False)  # fmt: skip

    def decision(self) -> dict:
        data = self.cleaned_data
        return {key: data[key] for key in ("kind", "reason", "warning", "hours", "name")}


class AppealForm(forms.Form):
    text = forms.CharField(
        label=_("Your appeal, in your own words"),
        max_length=REPORT_WORDS,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("Say what you think the moderators should look at again: they answer here."),
    )


class ClosedAppealForm(forms.Form):
    """A closed account's appeal: it cannot log in, so it gives its name and password here."""

    username = forms.CharField(label=_("Your name"), max_length=150)
    password = forms.CharField(label=_("Password"), widget=forms.PasswordInput, strip=False)
    text = forms.CharField(
        label=_("Your appeal, in your own words (leave it empty to read your log)"),
        max_length=REPORT_WORDS,
        widget=forms.Textarea(attrs={"rows": 5}),
        required=False,
    )


class AnswerForm(forms.Form):
    """A moderator's answer to an appeal, with what it lifts, if anything."""

    answer = forms.CharField(
        label=_("The answer (the player reads it)"),
        max_length=REPORT_WORDS,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    lift = forms.BooleanField(
        label=_("Lift what was appealed: reopen the account, lift the mark and the mute"),
        required=False,
    )
