from django import forms
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy, ngettext

from play.common.language import translated

# Characters of a record: the longest real game, a 40×40 Empire of about 1,500 plies, is about
# 10,000 as Imperia writes it; this leaves room for other programs' comments and clocks.
RECORD_LENGTH = 64_000
NULLS = gettext_lazy("The record has null characters: a game record is plain text (UTF-8).")


def _too_long() -> str:
    """The refusal of a record too long, in the reader's language; the field fills in the
    characters it has (show_value)."""
    return ngettext(
        "A game record is at most %(count)s character; this one has %(show_value)s.",
        "A game record is at most %(count)s characters; this one has %(show_value)s.",
        RECORD_LENGTH,
    ) % {"count": number_format(RECORD_LENGTH, force_grouping=True), "show_value": "%(show_value)s"}


class ImportForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"))
    record = forms.CharField(
        label=gettext_lazy("Record"),
        widget=forms.Textarea(attrs={"rows": 10}),
        required=False,
        max_length=RECORD_LENGTH,
        error_messages={
            "max_length": lazy(_too_long, str)(),
            "null_characters_not_allowed": NULLS,
        },
    )
    upload = forms.FileField(required=False, label=gettext_lazy("or a file"))

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, translated(g.name)) for g in games]

    def clean(self):
        data = super().clean()
        upload = data.get("upload")
        if upload:  # the record is the file's text
            if upload.size > RECORD_LENGTH:
                raise forms.ValidationError(
                    gettext_lazy("That file is larger than a game record can be.")
                )
            data["record"] = upload.read().decode("utf-8", errors="replace")
            # A pasted record is checked for these by its field; a file's text is not.
            if "\x00" in data["record"]:
                raise forms.ValidationError(NULLS)
        elif not data.get("record") and "record" not in self.errors:
            raise forms.ValidationError(gettext_lazy("Paste the record or choose its file."))
        return data
