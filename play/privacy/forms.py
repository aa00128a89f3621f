from django import forms
from django.utils.translation import gettext_lazy as _


class DeleteForm(forms.Form):
    password = forms.CharField(
        label=_("Your password, to be sure it is you"), widget=forms.PasswordInput, strip=False
    )
    sure = forms.BooleanField(
        label=_("I understand: my account cannot be restored, and my name may be taken by another.")
    )
