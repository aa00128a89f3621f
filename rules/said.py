"""Words a player reads, as the rules say them: English, with what a translation needs kept.

The rules are pure (no Django, no catalogues), yet their refusals and descriptions reach players
in every language. `said("{move} is already taken.", move="e4")` is the English sentence, a
str like any other (tests, logs and the API read it as it is), which also keeps its template
and its values: the play layer looks the template up in the reader's catalogue and fills it
in (`read`, given the catalogue's lookups). The catalogues' extractor knows `said` and
`said_as` as keywords."""


class Said(str):
    """A sentence in English that remembers its template, its values, and the context that
    tells two meanings of one English word apart (Imperial Chess's Queen is no chess queen)."""

    template: str
    values: dict
    context: str | None

    def __new__(cls, template: str, context: str | None = None, **values):
        text = super().__new__(cls, template.format(**values) if values else template)
        text.template = template
        text.values = values
        text.context = context
        return text


def said(template: str, **values) -> Said:
    return Said(template, **values)


def said_as(context: str, template: str, **values) -> Said:
    """A word with more than one meaning in the games, said in one of them."""
    return Said(template, context, **values)


def read(text: str, gettext, pgettext) -> str:
    """`text` in a language, by its catalogue's lookups: a `Said` by its template (in its
    context), filled with its values, themselves read when they are `Said`; a plain str as it
    is in the catalogue."""
    if not isinstance(text, Said):
        return gettext(text) if text else text
    found = pgettext(text.context, text.template) if text.context else gettext(text.template)
    if not text.values:
        return found
    values = {
        k: read(v, gettext, pgettext) if isinstance(v, Said) else v for k, v in text.values.items()
    }
    return found.format(**values)
