import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.translation import gettext

import rules

pytestmark = pytest.mark.django_db

RULES = Path(settings.BASE_DIR) / "templates" / "rules"
# Each translation of the rules pages: templates/rules/<language>/<slug>.html.
TRANSLATIONS = sorted(
    (page.parent.name, page.stem)
    for page in RULES.glob("*/*.html")
    if page.parent.name != "partials"
)
READERS = override_settings(
    LANGUAGES=[
        ("en", "English"),
        ("ru", "Русский"),
        ("pl", "Polski"),
        ("uk", "Українська"),
        ("de", "Deutsch"),
    ]
)
# A diagram as its tag draws it: everything but the caption, which a translation translates.
DIAGRAM = re.compile(r'{%\s*diagram\s+("[^"]*")\s+("[^"]*")\s+"[^"]*"\s*(.*?)\s*%}')
# Notation and records' own words, never translated.
NOTATION = re.compile(r"<(kbd|code)>(.*?)</\1>", re.S)


@pytest.mark.parametrize("game", rules.games(), ids=lambda g: g.slug)
def test_every_game_has_a_rules_page_with_diagrams_and_house_rules(client, game):
    html = client.get(f"/rules/{game.slug}/").content.decode()
    assert f"<h1>{game.name}</h1>" in html
    assert len(re.findall(r'<svg class="board[ "]', html)) >= 3
    assert 'class="house"' in html
    assert '<div lang="en">' not in html  # an English reader reads it as it is


def test_unknown_rules_page_is_404(client):
    assert client.get("/rules/checkers/").status_code == 404


@pytest.mark.parametrize("language", ["ru", "pl"])
def test_every_rules_page_is_translated_into_russian_and_polish(language):
    assert {slug for code, slug in TRANSLATIONS if code == language} == {
        g.slug for g in rules.games()
    }


@READERS
def test_a_russian_reader_reads_the_rules_in_russian(client):
    html = client.get("/rules/empire/?lang=ru").content.decode()
    assert '<html lang="ru">' in html
    assert "окружение" in html
    assert '<div lang="en">' not in html


@READERS
def test_rules_not_translated_are_shown_in_english_saying_so(client):
    html = client.get("/rules/empress/?lang=de").content.decode()
    assert '<html lang="de">' in html
    with translation.override("de"):  # the note in German, once German's catalogue has it
        note = gettext(
            "These rules are not yet translated into your language: here they are in English."
        )
    notice = html.index(conditional_escape(note))
    body = html.index('<div lang="en">')
    assert notice < body < html.index("<h2>The Field of View</h2>")


def sections_and_pictures(html):
    return {
        "sections": html.count("<h2"),
        "diagrams": len(re.findall(r'<svg class="board[ "]', html)),
        "house rules": html.count('class="house"'),
    }


@READERS
@pytest.mark.parametrize(
    ("language", "slug"), TRANSLATIONS, ids=[f"{code}/{slug}" for code, slug in TRANSLATIONS]
)
def test_a_translated_rules_page_keeps_the_english_ones_diagrams_and_sections(
    client, language, slug
):
    english = (RULES / f"{slug}.html").read_text()
    translated = (RULES / language / f"{slug}.html").read_text()
    assert DIAGRAM.findall(translated) == DIAGRAM.findall(english)
    assert NOTATION.findall(translated) == NOTATION.findall(english)
    assert re.findall(r"{%\s*include.*?%}", translated) == re.findall(r"{%\s*include.*?%}", english)
    page = client.get(f"/rules/{slug}/?lang={language}").content.decode()
    assert f'<html lang="{language}">' in page
    assert '<div lang="en">' not in page
    in_english = client.get(f"/rules/{slug}/").content.decode()
    assert sections_and_pictures(page) == sections_and_pictures(in_english)
