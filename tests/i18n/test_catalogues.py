"""The catalogues: every string of the code in every language's catalogue, every offered
language whole, and no translation that loses or invents a placeholder."""

import gettext
import re
from collections import Counter

import pytest
from babel.messages.plurals import get_plural
from django.conf import settings

from imperia_site import catalogues

OFFERED = [code for code, _ in settings.LANGUAGES if code in catalogues.TRANSLATED]
PLACEHOLDER = re.compile(r"%\([A-Za-z_0-9]+\)[sdfr]|%[sdfr]|\{[A-Za-z_0-9]*\}")


@pytest.fixture(scope="module")
def template():
    return catalogues.extracted()


def keys(catalog) -> set:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}


def catalogue(language):
    return catalogues.read(catalogues.po_path(language), catalogues.locale_name(language))


def test_the_template_is_the_code_as_it_is(template):
    """locale/django.pot lists exactly what the code says: `make messages` was run."""
    stored = catalogues.read(catalogues.TEMPLATE)
    assert keys(stored) == keys(template), "run `make messages` and commit locale/"


@pytest.mark.parametrize("language", catalogues.TRANSLATED)
def test_each_catalogue_has_every_string_of_the_code(template, language):
    missing = keys(template) - keys(catalogue(language))
    assert not missing, (
        f"{len(missing)} strings missing: run `make messages`: {sorted(missing)[:5]}"
    )


@pytest.mark.parametrize("language", catalogues.TRANSLATED)
def test_each_catalogue_has_its_languages_plural_forms(language):
    """Russian, Ukrainian and Polish have three forms (1 день, 2 дня, 5 дней), and each
    language the number its plural rule says; a translated count fills every one."""
    catalog = catalogue(language)
    assert catalog.num_plurals == get_plural(catalogues.locale_name(language)).num_plurals
    if language in ("ru", "uk", "pl"):
        assert catalog.num_plurals == 3
    for message in catalog:
        if message.id and message.pluralizable and any(message.string):
            assert len(message.string) == catalog.num_plurals, message.id


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def disagreements(catalog) -> list[str]:
    """Translations whose placeholders are not the English ones: a value lost, or one the code
    never gives (which would fail as the page is drawn)."""
    found = []
    plural = gettext.c2py(catalog.plural_expr)
    # A form that stands for one number only may leave the count out ("un jour", but never
    # Russian's "день", which is also 21 and 31 days).
    numbers = Counter(plural(n) for n in range(1000))
    for message in catalog:
        if not message.id:
            continue
        if message.pluralizable:
            given = placeholders(message.id[0]) | placeholders(message.id[1])
            forms = [(form, 0 if numbers[i] > 1 else 1) for i, form in enumerate(message.string)]
        else:
            given = placeholders(message.id)
            forms = [(message.string, 0)]
        for form, may_miss in forms:
            if form and not (
                placeholders(form) <= given and len(given - placeholders(form)) <= may_miss
            ):
                found.append(f"{message.id!r} -> {form!r}")
    return found


@pytest.mark.parametrize("language", catalogues.TRANSLATED)
def test_no_translation_loses_or_invents_a_placeholder(language):
    found = disagreements(catalogue(language))
    assert not found, "\n".join(found[:20])


def test_a_lost_placeholder_is_found():
    from babel.messages.catalog import Catalog

    catalog = Catalog(locale="ru")
    catalog.add("%(name)s moved", "сделал ход")
    catalog.add(("%(count)s day", "%(count)s days"), ("день", "%(count)s дня", "%(count)s дней"))
    catalog.add("{move} is taken", "{move} занят")
    catalog.add("Resign", "Сдаться %(x)s")
    assert disagreements(catalog) == [
        "'%(name)s moved' -> 'сделал ход'",
        "('%(count)s day', '%(count)s days') -> 'день'",
        "'Resign' -> 'Сдаться %(x)s'",
    ]


@pytest.mark.parametrize("language", OFFERED)
def test_each_offered_language_is_whole(language):
    """A language is offered only when every string is translated, and none is fuzzy (a guess
    that no translator has checked)."""
    catalog = catalogue(language)
    untranslated = [
        m.id for m in catalog if m.id and not all(m.string if m.pluralizable else [m.string])
    ]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not untranslated, f"{len(untranslated)} untranslated: {untranslated[:5]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy: {fuzzy[:5]}"
