"""Every game's record, exported by its page and imported again, is the same game: its moves,
start, options, names and result, replayed through the rules."""

import pytest

import rules
from play.models import Game
from tests.play.review.played import finished

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_export_then_import_gives_the_same_game(ann, bob, client_of, slug):
    game = finished(ann, bob, slug, plies=12)
    page = client_of(ann)
    record = page.get(f"/g/{game.public_id}/record/").content.decode()
    answer = page.post("/import/", {"game": slug, "record": record})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    copy = Game.objects.get(imported=True)
    assert copy.options == game.options and copy.initial_position == game.initial_position
    assert [m.text for m in copy.moves.all()] == [m.text for m in game.moves.all()]
    assert (copy.winner, copy.reason, copy.player_names) == (
        game.winner,
        game.reason,
        ["ann", "bob"],
    )
    assert copy.position == game.position


def test_an_import_with_a_bad_move_names_it_and_keeps_nothing(ann, client_of):
    record = '[First player "a"]\n[Second player "b"]\n\n1. Zz 1-0\n'
    answer = client_of(ann).post("/import/", {"game": "imperial-shuffle", "record": record})
    assert answer.status_code == 400
    assert "move 1 (Zz) cannot be read or played here" in answer.content.decode()
    assert not Game.objects.exists()
