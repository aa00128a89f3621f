import re

import pytest

import rules

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", rules.games(), ids=lambda g: g.slug)
def test_every_game_has_a_rules_page_with_diagrams_and_house_rules(client, game):
    html = client.get(f"/rules/{game.slug}/").content.decode()
    assert f"<h1>{game.name}</h1>" in html
    assert len(re.findall(r'<svg class="board[ "]', html)) >= 3
    assert 'class="house"' in html


def test_unknown_rules_page_is_404(client):
    assert client.get("/rules/checkers/").status_code == 404
