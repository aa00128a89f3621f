"""Time controls and time left in the reader's language: every count goes through ngettext,
so a language with three plural forms says each as it should ("3 дня на ход")."""

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from django.test import override_settings
from django.utils import translation

from imperia_site.catalogues import pseudo
from play.common import clocks

DAY = 86400
# The clocks' words in Russian, as a translator would give them: a msgid with its plural takes
# Russian's three forms (one, few, many).
RUSSIAN = {
    ("%(count)s day per move", "%(count)s days per move"): (
        "%(count)s день на ход",
        "%(count)s дня на ход",
        "%(count)s дней на ход",
    ),
    ("%(count)s day", "%(count)s days"): ("%(count)s день", "%(count)s дня", "%(count)s дней"),
    ("%(days)s day %(hours)s h", "%(days)s days %(hours)s h"): (
        "%(days)s день %(hours)s ч",
        "%(days)s дня %(hours)s ч",
        "%(days)s дней %(hours)s ч",
    ),
    "%(hours)s h %(minutes)s min": "%(hours)s ч %(minutes)s мин",
    "bank of %(start)s, +%(hours)s h a move, up to %(cap)s": (
        "банк в %(start)s, +%(hours)s ч за ход, не больше %(cap)s"
    ),
}


@pytest.fixture
def russian(tmp_path):
    """Russian, read from a catalogue of the words above only."""
    catalog = Catalog(locale="ru")
    for msgid, msgstr in RUSSIAN.items():
        catalog.add(msgid, msgstr)
    folder = tmp_path / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "django.mo").open("wb") as f:
        write_mo(f, catalog)
    languages = [("en", "English"), ("ru", "Русский")]
    with (
        override_settings(LOCALE_PATHS=[tmp_path], LANGUAGES=languages),
        translation.override("ru"),
    ):
        yield


@pytest.mark.parametrize(
    "days, words",
    [(1, "1 день на ход"), (3, "3 дня на ход"), (5, "5 дней на ход"), (14, "14 дней на ход")],
)
def test_days_per_move_take_each_plural_form(russian, days, words):
    assert clocks.describe({"kind": "days", "days": days}) == words


def test_a_bank_of_days_counts_each_of_its_numbers(russian):
    tc = {"kind": "bank", "start_days": 2, "hours": 12, "cap_days": 21}
    assert clocks.describe(tc) == "банк в 2 дня, +12 ч за ход, не больше 21 день"


@pytest.mark.parametrize(
    "seconds, words",
    [
        (DAY + 3 * 3600, "1 день 3 ч"),
        (2 * DAY, "2 дня 0 ч"),
        (11 * DAY + 3600, "11 дней 1 ч"),
        (3 * 3600 + 20 * 60, "3 ч 20 мин"),
        (245, "4:05"),
    ],
)
def test_time_left_in_russian(russian, seconds, words):
    assert clocks.human(seconds) == words


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "x")])
def test_every_clock_word_goes_through_the_catalogue():
    """The pseudo-locale's catalogue has every msgid: a word said plainly would stay English."""
    with translation.override("en-xa"):
        assert clocks.human(2 * DAY + 3600) == pseudo("%(days)s days %(hours)s h") % {
            "days": 2,
            "hours": 1,
        }
        assert clocks.describe({}) == pseudo("No clock")
        with pytest.raises(ValueError) as refused:
            clocks.parse({"kind": "days", "days": 4})
        assert str(refused.value) == pseudo("Days per move are 1, 2, 3, 5, 7 or 14.")
