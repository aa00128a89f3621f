from django import forms
from django.utils.translation import gettext_lazy as _

from play.models import Report
from play.models.moderation import REPORT_WORDS


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
