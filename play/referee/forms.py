"""A player's dispute and statement; a referee's ruling and reopening."""

from django import forms
from django.utils.translation import gettext_lazy as _

from play.common.numbers import MOST_PLIES, WholeNumberField
from play.models import Dispute, Ruling


class DisputeForm(forms.Form):
    category = forms.ChoiceField(choices=Dispute.Category.choices, label=_("What is it about?"))
    ply = WholeNumberField(
        max_value=MOST_PLIES, required=False, label=_("The ply it concerns (empty: the last)")
    )
    statement = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}), max_length=4000, label=_("Statement")
    )


class StatementForm(forms.Form):
    statement = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), max_length=4000)


class ReopenForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), max_length=4000, label=_("Why reopen (public)")
    )

    def decision(self) -> dict:
        """The arguments of `disputes.reopen`."""
        return {"reason": self.cleaned_data["reason"]}


class RulingForm(ReopenForm):
    kind = forms.ChoiceField(
        choices=[c for c in Ruling.Kind.choices if c[0] != Ruling.Kind.REOPEN], label=_("Ruling")
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), max_length=4000, label=_("Public reason")
    )
    field_order = ["kind", "reason"]
    winner = forms.ChoiceField(
        choices=[("", "—"), ("0", _("First seat")), ("1", _("Second seat")), ("draw", _("Draw"))],
        required=False,
        label=_("Result (set the result)"),
    )
    ply = WholeNumberField(max_value=MOST_PLIES, required=False, label=_("Rewind to after ply"))
    seat = forms.ChoiceField(
        choices=[("", "—"), ("0", _("First seat")), ("1", _("Second seat"))],
        required=False,
        label=_("Seat (time)"),
    )
    minutes = WholeNumberField(
        min_value=0, max_value=60 * 24 * 30, required=False, label=_("Minutes to add")
    )

    def clean(self):
        data = super().clean()
        if data.get("kind") == Ruling.Kind.RESULT and not data.get("winner"):
            self.add_error("winner", _("Choose the result: a seat, or a draw."))
        return data

    def decision(self) -> dict:
        """The arguments of `disputes.rule` for the chosen kind."""
        data = self.cleaned_data
        kind, details = data["kind"], {}
        seat = int(data["seat"]) if data["seat"] else None
        seconds = (data["minutes"] or 0) * 60
        if kind == Ruling.Kind.RESULT:
            details["winner"] = None if data["winner"] == "draw" else int(data["winner"])
        elif kind == Ruling.Kind.REWIND:
            details.update(ply=data["ply"], seat=seat, seconds=seconds)
        elif kind == Ruling.Kind.ADD_TIME:
            details.update(seat=seat, seconds=seconds)
        return {"kind": kind, "reason": data["reason"], **details}
