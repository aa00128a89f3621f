"""Nothing is left in English: every page of the accessibility survey read in the
pseudo-locale (English accented and lengthened, `[Ŀöööķ ~~]`) shows no plain English word
outside what is never translated: names, notation, numbers, and what says it is in another
language (an element with its own `lang`, as the chooser's languages and a rules page not yet
translated)."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.helpers import PASSWORD
from tests.e2e.test_every_page import (  # noqa: F401
    PHONE,
    games_in_play,
    logged_in_pages,
    logged_out_pages,
    too_wide,
    violations,
)

pytestmark = pytest.mark.e2e

# What a person reads on a page: its visible text and the words of its controls and pictures,
# less what says it is not to be translated (translate="no") or is in another language.
READ = """() => {
  const page = document.documentElement.lang;
  const skipped = (el) => el.closest('[translate="no"], script, style, noscript, template')
    || (el.closest('[lang]') && el.closest('[lang]').lang !== page);
  const seen = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || skipped(el) || !node.data.trim()) continue;
    if (el.closest('svg') ? false : !el.checkVisibility()) continue;
    seen.push(node.data.trim());
  }
  const said = ['aria-label', 'title', 'placeholder', 'alt'];
  for (const el of document.querySelectorAll('*')) {
    if (skipped(el)) continue;
    for (const name of said) if (el.hasAttribute(name)) seen.push(el.getAttribute(name));
    if (el.matches('input[type=submit], input[type=button]')) seen.push(el.value);
  }
  seen.push(document.title);
  return seen;
}"""

TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
# Never translated: the site's name, the players and events the survey makes, and what every
# language writes alike. (Notation and ids are not words: they hold a digit, or are one or two
# letters, as aa, NE, e4.)
ALLOWED = {"Imperia", "API", "axe", "ann", "bob", "dee", "new", "Axe", "arena", "Swiss", "pass",
           "Circle", "Rivals", "Battle", "Thread", "Topic"}  # fmt: skip


def english(texts: list[str], ids=frozenset()) -> list[str]:
    """The texts with a plain English word: the pseudo-locale accents every letter it
    translates, so a word of three plain letters or more never went through a catalogue.
    Django's own messages (a form's labels, a password's rules) and a date's month and day
    are Django's catalogues', which translate them into every language Imperia offers. `ids`:
    the addresses' ids of what the survey made (HHDNvxzo, say), which may look like words."""
    return [
        text
        for text in texts
        if text.rstrip(":") not in DJANGOS
        and any(is_english(token) and token not in ids for token in TOKEN.findall(text))
    ]


def is_english(token: str) -> bool:
    """A plain word of three letters or more, neither a name allowed, a date's, an acronym
    (POST, UTC) nor a game's id (PUyQPbXT: a capital after a small letter)."""
    plain = token.isascii() and token.replace("'", "").replace("’", "").isalpha()
    acronym = token.isupper()
    an_id = any(a.islower() and b.isupper() for a, b in zip(token, token[1:], strict=False))
    return (
        plain
        and len(token) > 2
        and not (acronym or an_id)
        and token not in ALLOWED
        and token not in CALENDAR
    )


DJANGOS = {
    "Username", "Email address", "Password confirmation", "Old password", "New password",
    "New password confirmation",
    "Your password can’t be too similar to your other personal information.",
    "Your password must contain at least 8 characters.",
    "Your password can’t be a commonly used password.",
    "Your password can’t be entirely numeric.",
    "Enter the same password as before, for verification.",
}  # fmt: skip
CALENDAR = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    "January", "February", "March", "April", "June", "July", "August", "September", "October",
    "November", "December", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun", "Monday",
    "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "UTC", "AM", "PM",
}  # fmt: skip


def survey(page, server, paths, made) -> list[str]:
    found, ids = [], frozenset(made.values())
    for path in paths:
        page.goto(server + path)
        expect(page.locator("html")).to_have_attribute("lang", "en-xa")
        found += [f"{path}: {text!r}" for text in english(page.evaluate(READ), ids)]
    return found


def reader(browser, server, code="en-xa", **device):
    context = browser.new_context(**device)
    context.add_cookies([{"name": "django_language", "value": code, "url": server}])
    return context.new_page()


def log_in(page, server):
    page.goto(server + "/login/")
    page.fill("#id_username", "axe-ann")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page).to_have_url(server + "/")


def test_every_page_logged_out_is_translated(browser, server, games_in_play):  # noqa: F811
    found = survey(reader(browser, server), server, logged_out_pages(games_in_play), games_in_play)
    assert not found, "\n".join(found)


def test_every_page_logged_in_is_translated(browser, server, games_in_play):  # noqa: F811
    page = reader(browser, server)
    log_in(page, server)
    found = survey(page, server, logged_in_pages(games_in_play), games_in_play)
    assert not found, "\n".join(found)


def test_the_survey_finds_a_word_left_in_english():
    assert english(["[Ĥéļļö ~~] axe-ann", "Resign", "[Ŕéšîĝñ ~~]", "12:05", "e4 O-O"]) == ["Resign"]
    assert english(["[Ĝàɱé ~~] HHDNvxzo", "Hello"], ids={"HHDNvxzo"}) == ["Hello"]


@pytest.mark.parametrize("code", ["ru", "de"])
def test_every_page_in_russian_and_german_fits_a_phone_and_passes_axe(
    browser,
    server,
    games_in_play,  # noqa: F811
    code,
):
    """Longer words than English's: no page is wider than a 390 px phone, and axe-core finds
    nothing wrong, logged out and logged in."""
    page = reader(browser, server, code, viewport=PHONE)
    axe, found = Axe(), []
    for path in [*logged_out_pages(games_in_play), "/login/"]:
        found += phone_survey(page, server, path, code, axe)
    log_in(page, server)
    for path in logged_in_pages(games_in_play):
        found += phone_survey(page, server, path, code, axe)
    assert not found, "\n".join(found)


def phone_survey(page, server, path, code, axe) -> list[str]:
    page.goto(server + path)
    expect(page.locator("html")).to_have_attribute("lang", code)
    return violations(axe, page, path) + too_wide(page, path)
