import re

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from play.accounts import looks, twofactor
from play.common import language, limits
from play.common.numbers import WholeNumberField
from play.common.players import DELETED_PREFIX
from play.models import GUEST_PREFIX, Profile

# A new name, as lichess takes them: ASCII letters, digits, and single _ or - between them;
# from a letter to a letter or digit, 2 to 20 characters. No name can look like another.
NAME = re.compile(r"[A-Za-z](?:[_-]?[A-Za-z0-9])+")
NAME_LENGTH = 20
NAME_RULE = format_lazy(
    _(
        "A name is 2 to {most} letters (A to Z), digits, and single _ or - between them; "
        "it begins with a letter and ends with a letter or a digit."
    ),
    most=NAME_LENGTH,
)


class LoginForm(AuthenticationForm):
    """Django's, with two-factor sign-in's code asked after the password where it is on; and
    saying to the player whose account the moderators closed that it is, and where to read why
    and appeal: only to one who gives its password."""

    code = forms.CharField(
        label=_("Two-factor code (if you turned it on)"),
        required=False,
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
        help_text=_("The code your authentication app shows, or one of your recovery codes."),
    )

    def clean(self):
        cleaned = super().clean()
        user = self.get_user()
        if user is not None and twofactor.is_on(user):
            code = self.cleaned_data.get("code", "")
            if not code:
                raise forms.ValidationError(
                    _("Two-factor sign-in is on: type the code your authentication app shows."),
                    code="code_missing",
                )
            address = limits.client_address(self.request) if self.request else limits.UNKNOWN
            try:
                right = twofactor.check(user, code, address)
            except limits.Limited as exc:
                raise forms.ValidationError(exc.message, code="limited") from None
            if not right:
                raise forms.ValidationError(
                    _("That code is not right, or was taken already: type the one showing now."),
                    code="code_wrong",
                )
        return cleaned

    def get_invalid_login_error(self):
        name, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
        closed = get_user_model().objects.filter(username=name, is_active=False).first()
        if closed is not None and password and closed.check_password(password):
            return forms.ValidationError(
                format_html(
                    _('The moderators closed this account. <a href="{}">Read why, and appeal</a>.'),
                    reverse("appeal"),
                ),
                code="closed",
            )
        return super().get_invalid_login_error()


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")
        help_texts = {
            "username": NAME_RULE,
            "email": _("Optional: for notices of your turn and of games by email."),
        }

    def clean_username(self):
        username = super().clean_username()
        if username is None:  # taken, in some case: the form has said so
            return None
        check_name(username)
        return username


def check_name(username: str) -> None:
    """A player's name as lichess takes one, and not an anonymous player's: ValidationError
    saying what a name may be."""
    if len(username) > NAME_LENGTH or not NAME.fullmatch(username):
        raise forms.ValidationError(NAME_RULE)
    if username.lower().startswith(DELETED_PREFIX):  # a deleted account's
        raise forms.ValidationError(_("Names beginning with “deleted-” are not given."))
    # The names anonymous players are shown by, and their accounts' prefix.
    if username.lower().startswith(GUEST_PREFIX.rstrip("-")):
        raise forms.ValidationError(
            _(
                "Names beginning with “anonymous” are taken by players without an account: "
                "choose another."
            )
        )


class EachInItsOwnLanguage(forms.Select):
    """A choice of languages, each option marked as written in the language it names."""

    def create_option(self, *args, **kwargs):
        option = super().create_option(*args, **kwargs)
        option["attrs"]["lang"] = option["value"]
        return option


class SettingsForm(forms.ModelForm):
    email = forms.EmailField(
        required=False, label=_("Email"), help_text=_("Where Imperia writes to you.")
    )
    digest_hours = WholeNumberField(
        min_value=1, max_value=168, label=_('Gather "your turn" emails into one every (hours)')
    )
    # Kept on the account and for this browser by the view (play/accounts/languages.py).
    language = forms.ChoiceField(
        required=False,  # left out (an older page, a script): the language stays as it is
        label=_("Language"),
        widget=EachInItsOwnLanguage,
        help_text=_("The language of your pages and of what Imperia writes to you."),
    )

    # Kept on the account and for this browser by the view (play/accounts/looks.py).
    theme = forms.ChoiceField(
        label=_("Theme"),
        choices=Profile.Theme.choices,
        required=False,
        help_text=_("Light, dark, or high contrast; as your device says until you choose."),
    )
    board = forms.ChoiceField(
        label=_("Board colours"), choices=Profile.BoardColours.choices, required=False
    )
    sounds = forms.ChoiceField(
        label=_("Sounds in games"),
        choices=looks.ON_OFF,
        required=False,
        help_text=_("A move, a capture, low time, the start and the end of a game."),
    )
    ear = forms.ChoiceField(
        label=_("Play by ear (I use a screen reader)"),
        choices=looks.ON_OFF,
        required=False,
        help_text=_(
            "The game page begins with the board in words and reads each move out; "
            "sounds stay off unless you turn them on."
        ),
    )

    class Meta:
        model = Profile
        fields = ("email_enabled", "digest_hours", "confirm_moves", "letters_from")
        labels = {
            "confirm_moves": _('Show my move and wait for "Confirm" before sending it'),
            "email_enabled": _("Send me email"),
            "letters_from": _("Who may write to me"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Each language in its own name, as the chooser on every page shows them.
        self.fields["language"].choices = list(language.offered().items())
        self.fields["letters_from"].required = False

    def clean_letters_from(self):
        """Left out (an older page, a script): as it was."""
        return self.cleaned_data["letters_from"] or self.instance.letters_from
