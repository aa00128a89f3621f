"""Takebacks by offer, in casual games: asked, accepted (the moves archived, the position and
the turn as they were), declined, lapsing on a move; never in rated games."""

import pytest

from play.common.errors import Refused
from play.games import games
from play.models import ArchivedMove, Game, Offer
from play.round import moves, offers

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def played(game, ann, bob, texts):
    for text in texts:
        game.refresh_from_db()
        moves.submit(game.public_id, ann if game.ply % 2 == 0 else bob, text, game.ply)
    return Game.objects.get(pk=game.pk)


def test_an_accepted_takeback_undoes_the_move_and_its_answer(active_game, ann, bob):
    game = played(active_game, ann, bob, ["d3d4", "e7e5"])
    offers.takeback(game, ann, "offer")
    assert bob.notifications.filter(text__contains="asks to take back").exists()
    offers.takeback(game, bob, "accept")
    game.refresh_from_db()
    assert game.ply == 0 and game.turn == 0 and game.position == game.initial_position
    cut = ArchivedMove.objects.filter(game=game)
    assert [m.text for m in cut] == ["d3d4", "e7e5"] and {m.ruling for m in cut} == {None}
    played(game, ann, bob, ["c3c4"])  # play goes on from there


def test_a_declined_takeback_changes_nothing(active_game, ann, bob):
    game = played(active_game, ann, bob, ["d3d4"])
    offers.takeback(game, ann, "offer")
    offers.takeback(game, bob, "decline")
    game.refresh_from_db()
    assert game.ply == 1 and not ArchivedMove.objects.exists()
    assert Offer.objects.get(kind="takeback").status == "declined"


def test_a_takeback_lapses_when_anyone_moves(active_game, ann, bob):
    game = played(active_game, ann, bob, ["d3d4"])
    offers.takeback(game, ann, "offer")
    played(game, ann, bob, ["e7e5"])
    assert Offer.objects.get(kind="takeback").status == "withdrawn"
    with pytest.raises(Refused, match="no takeback to answer"):
        offers.takeback(game, bob, "accept")


def test_what_is_refused(active_game, ann, bob):
    with pytest.raises(Refused, match="no move of yours"):
        offers.takeback(active_game, ann, "offer")
    game = played(active_game, ann, bob, ["d3d4"])
    offers.takeback(game, ann, "offer")
    with pytest.raises(Refused, match="already asked"):
        offers.takeback(game, bob, "offer")
    with pytest.raises(Refused, match="no takeback to answer"):
        offers.takeback(game, ann, "accept")  # one's own
    with pytest.raises(Refused, match="Unknown takeback action"):
        offers.takeback(game, bob, "maybe")
    rated = games.join(
        games.create(
            ann, "empress", "white", "seek", None, {"kind": "days", "days": 3}, rated=True
        ),
        bob,
    )
    with pytest.raises(Refused, match="not taken back in rated games"):
        offers.takeback(rated, ann, "offer")


def test_the_buttons(active_game, ann, bob, client_of):
    game = played(active_game, ann, bob, ["d3d4"])
    url = f"/g/{game.public_id}/takeback/"
    html = client_of(ann).post(url, {"action": "offer"}, **HTMX).content.decode()
    assert "You asked to take back your last move." in html
    page = client_of(bob).get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert "Accept takeback" in page and "Decline takeback" in page
    answer = client_of(bob).post(url, {"action": "accept"}, **HTMX)
    assert answer.status_code == 200 and Game.objects.get(pk=game.pk).ply == 0
    assert client_of(bob).post(url, {"action": "accept"}, **HTMX).status_code == 409
