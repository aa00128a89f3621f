from django import forms

# Characters of a record: the longest real game, a 40×40 Empire of about 1,500 plies, is about
# 10,000 as Imperia writes it; this leaves room for other programs' comments and clocks.
RECORD_LENGTH = 64_000
NULLS = "The record has null characters: a game record is plain text (UTF-8)."


class ImportForm(forms.Form):
    game = forms.ChoiceField()
    record = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 10}),
        required=False,
        max_length=RECORD_LENGTH,
        error_messages={
            "max_length": f"A game record is at most {RECORD_LENGTH:,} characters; "
            "this one has %(show_value)s.",
            "null_characters_not_allowed": NULLS,
        },
    )
    upload = forms.FileField(required=False, label="or a file")

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [(g.slug, g.name) for g in games]

    def clean(self):
        data = super().clean()
        upload = data.get("upload")
        if upload:  # the record is the file's text
            if upload.size > RECORD_LENGTH:
                raise forms.ValidationError("That file is larger than a game record can be.")
            data["record"] = upload.read().decode("utf-8", errors="replace")
            # A pasted record is checked for these by its field; a file's text is not.
            if "\x00" in data["record"]:
                raise forms.ValidationError(NULLS)
        elif not data.get("record") and "record" not in self.errors:
            raise forms.ValidationError("Paste the record or choose its file.")
        return data
