"""Words a player reads, as the rules say them: English, with what a translation needs kept.

The rules are pure (no Django, no catalogues), yet their refusals and descriptions reach players
in every language. `said("{move} is already taken.", move="e4")` is the English sentence, a
str like any other (tests, logs and the API read it as it is), which also keeps its template
and its values: the play layer looks the template up in the reader's catalogue and fills it
in (play/common/language.py). The catalogues' extractor knows `said` as a keyword."""


class Said(str):
    """A sentence in English that remembers its template and its values."""

    template: str
    values: dict

    def __new__(cls, template: str, **values):
        text = super().__new__(cls, template.format(**values) if values else template)
        text.template = template
        text.values = values
        return text


def said(template: str, **values) -> Said:
    return Said(template, **values)
