"""The computer's page in its reader's language, with how each level plays (the computer
players' own words, said in bots/) among them."""

import pytest
from django.test import override_settings

from imperia_site.catalogues import pseudo

pytestmark = [pytest.mark.django_db]


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "x")])
def test_the_levels_are_described_in_the_readers_language(client):
    html = client.get("/computer/?lang=en-xa").content.decode()
    assert pseudo("plays any legal move, at random") in html
    searching = pseudo("searches ahead (alpha-beta) as far as {positions} positions go")
    assert searching.format(positions="40,000") in html
    assert "plays any legal move" not in html
