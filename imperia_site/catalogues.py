"""The translations' catalogues (locale/): every string a person reads, gathered from the code
(extract), merged into each language's `.po` (update), and compiled to the `.mo` files Django
reads (compile), all by Babel, in pure Python: no system gettext is needed.

    python -m imperia_site.catalogues extract   # the template, locale/django.pot, and each .po
    python -m imperia_site.catalogues compile   # every .po to its .mo, and the pseudo-locale

Where strings come from (METHODS): Python (Django's gettext family, and `said` in rules/),
Django templates (read through Django's own `templatize`, as `makemessages` reads them), the
Jinja2 fragments (Jinja2's i18n extension), and the lessons' TOML files (every text a learner
reads)."""

import io
import os
import re
import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "django.pot"
DOMAIN = "django"

# The languages translated, as Django names them (settings.LANGUAGES lists those offered).
TRANSLATED = ("ru", "uk", "pl", "de", "fr", "es", "pt-br", "it", "zh-hans", "ja")
# Accented, lengthened English: every translatable string shows as such, so that a page read
# in it shows at a glance (and to a test) any text that never went through gettext.
PSEUDO = "en-xa"

KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "gettext_lazy": None,
    "gettext_noop": None,
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
    "said": None,  # rules/: a refusal's words, translated where it is shown (rules/said.py)
    "said_as": ((1, "c"), 2),
}

METHODS = [
    ("rules/**.py", "python"),
    ("bots/**.py", "python"),  # only `said`: how each level plays, shown on its pages
    ("play/api/tokens.py", "python"),  # the scopes, as the settings page says them
    ("play/api/**.py", "ignore"),  # the API speaks English, as lichess's does
    ("play/**.py", "python"),
    ("imperia_site/**.py", "python"),
    ("templates/**.html", "imperia_site.catalogues:extract_django"),
    ("templates/**.txt", "imperia_site.catalogues:extract_django"),
    ("fragments/**", "jinja2.ext:babel_extract"),
    ("play/learn/data/*.toml", "imperia_site.catalogues:extract_lessons"),
]
OPTIONS = {"fragments/**": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}


def extract_django(fileobj, keywords, comment_tags, options):
    """A Django template's strings: Django's `templatize` turns its {% translate %} and
    {% blocktranslate %} tags into gettext calls on the same lines, which Python's extractor
    reads."""
    from django.utils.translation.template import templatize

    # Everything but the calls is blanked out to X, B, S...: without their indentation, the
    # lines are tokens Python's extractor reads.
    code = "\n".join(line.lstrip() for line in templatize(fileobj.read().decode()).split("\n"))
    yield from extract_python(io.BytesIO(code.encode()), keywords, comment_tags, options)


# The lessons' keys whose values a learner reads (the lessons' pages show them translated):
# strings, or lists of strings; `wrong` maps a move to why it does not do. The `sections` and
# `not_taught` name the rules document's sections for the engine's tests: no learner reads them.
LESSON_TEXTS = frozenset({"title", "intro", "rule", "goal", "hints", "wrong"})


def extract_lessons(fileobj, keywords, comment_tags, options):
    """Every text of a lessons file a learner reads, once each: LESSON_TEXTS's values at any
    depth, and the `wrong` tables' reasons."""
    data = tomllib.loads(fileobj.read().decode())
    seen = set()

    def texts(value, key=None):
        if isinstance(value, str):
            if key in LESSON_TEXTS:
                yield value
        elif isinstance(value, dict):
            for k, item in value.items():
                # a wrong move -> why it is wrong
                yield from texts(item, "wrong" if key == "wrong" else k)
        elif isinstance(value, list):
            for item in value:
                yield from texts(item, key)

    for text in texts(data):
        if text.strip() and text not in seen:
            seen.add(text)
            yield 0, None, text, []


def extracted() -> Catalog:
    """The template: every translatable string in the code, as the code says it."""
    catalog = Catalog(project="Imperia", domain=DOMAIN, charset="utf-8", fuzzy=False)
    catalog.msgid_bugs_address = ""
    for filename, lineno, message, comments, context in extract_from_dir(
        ROOT,
        method_map=METHODS,
        options_map=OPTIONS,
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    ):
        catalog.add(
            message, locations=[(filename, lineno)], auto_comments=comments, context=context
        )
    return catalog


def po_path(language: str) -> Path:
    return LOCALE / locale_name(language) / "LC_MESSAGES" / f"{DOMAIN}.po"


def locale_name(language: str) -> str:
    """Django's locale folder name for a language code: pt-br -> pt_BR, zh-hans -> zh_Hans."""
    from django.utils.translation import to_locale

    return to_locale(language)


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, ignore_obsolete=True)
    path.write_bytes(buffer.getvalue())


def extract() -> None:
    """Write the template and merge it into every language's catalogue: new strings come in
    untranslated, strings gone from the code go."""
    template = extracted()
    write(template, TEMPLATE)
    for language in TRANSLATED:
        path = po_path(language)
        locale = locale_name(language)
        catalog = read(path, locale) if path.exists() else Catalog(locale=locale, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.project, catalog.fuzzy = "Imperia", False
        catalog.msgid_bugs_address = ""
        catalog.language_team = "Imperia's translators: docs/translating.md"
        write(catalog, path)


def pseudo(text: str) -> str:
    """English, accented and a third longer, its placeholders and markup kept as they are."""
    accented = _KEPT_OR_LETTER.sub(lambda m: m[0] if m[1] is None else _ACCENTED[m[1]], text)
    letters = sum(c.isalpha() for c in text)
    return "[" + accented + " " + "~" * max(1, letters // 3) + "]"


_ACCENTED = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
        strict=True,
    )
)
# What stays as it is (a placeholder: %(name)s, %s, {name}; an HTML tag or entity), else a
# letter to accent.
_KEPT_OR_LETTER = re.compile(
    r"%\([a-z_0-9]+\)[sdfr]|%[sdfr%]|\{[a-z_0-9]*\}|<[^<>]*>|&[a-z#0-9]+;|([A-Za-z])"
)


def compile_all() -> None:
    """Every language's .mo, and the pseudo-locale's, made from the template."""
    for language in TRANSLATED:
        path = po_path(language)
        if path.exists():
            _write_mo(read(path, locale_name(language)), path.with_suffix(".mo"))
    template = read(TEMPLATE)
    fake = Catalog(locale="en", domain=DOMAIN)
    for message in template:
        if not message.id:
            continue
        if message.pluralizable:
            fake.add(
                message.id, tuple(pseudo(form) for form in message.id), context=message.context
            )
        else:
            fake.add(message.id, pseudo(message.id), context=message.context)
    _write_mo(fake, po_path(PSEUDO).with_suffix(".mo"))


def _write_mo(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_mo(f, catalog, use_fuzzy=False)


def main(argv: list[str]) -> int:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imperia_site.settings")
    django.setup()
    commands = {"extract": extract, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in commands:
        print("usage: python -m imperia_site.catalogues extract|compile", file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
