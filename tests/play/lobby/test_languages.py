"""The lobby in its reader's language (the pseudo-locale stands for any): its words, its forms'
labels and choices, and a new game's form drawn once per language, never one reader's for
the next."""

import pytest
from django.test import override_settings

from imperia_site.catalogues import pseudo

pytestmark = [pytest.mark.django_db]


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "x")])
def test_the_lobby_reads_in_the_readers_language_and_then_in_english_again(client):
    english = client.get("/?lang=en").content.decode()
    assert '<h2 id="seeks-h">Open seeks</h2>' in english and ">Time control</label>" in english
    html = client.get("/?lang=en-xa").content.decode()
    for words in ("Open seeks", "Time control", "Live: minutes + increment", "Play the computer"):
        assert pseudo(words) in html
    assert pseudo("%(level)s (the strongest)") % {"level": 8} in html
    assert ">Time control</label>" not in html
    again = client.get("/?lang=en").content.decode()
    assert ">Time control</label>" in again and pseudo("Time control") not in again
