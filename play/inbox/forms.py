from django import forms
from django.utils.translation import gettext_lazy as _

from play.models.inbox import LETTER_LENGTH


class LetterForm(forms.Form):
    text = forms.CharField(
        label=_("Your message"),
        max_length=LETTER_LENGTH,
        strip=False,  # the service trims it, and says so when nothing is left
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Plain text; links are shown as links."),
    )
