"""Imperial Chess on the platform: choices for rides, crosshairs for shots, deployment,
replacement, the victory option, and the charge composer."""

from html import unescape

import pytest

from play.common.errors import Refused
from play.games import games
from play.models import Game, Seat
from play.round import charges, moves
from tests.play.pages import clicks_in

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def imperial(ann, bob):
    return games.join(games.create(ann, "imperial-chess", "white", "seek"), bob)


def live(client, game, **params):
    return unescape(client.get(f"/g/{game.public_id}/live/", params, **HTMX).content.decode())


def set_position(game, text):
    Game.objects.filter(pk=game.pk).update(initial_position=text, position=text, revision=99)
    game.refresh_from_db()
    return game


def test_the_victory_option_at_creation(ann, client_of):
    form = {"game": "imperial-chess", "side": "white", "listing": "seek", "time_control": "none"}
    form["victory"] = "emperor"
    client_of(ann).post("/new/", form)
    game = Game.objects.get()
    assert game.options == {"victory": "emperor"}
    assert "win by taking the Emperor" in client_of(ann).get("/").content.decode()


def test_the_page_has_a_legend_of_all_fifteen_pieces(imperial, client_of, ann):
    html = client_of(ann).get(f"/g/{imperial.public_id}/").content.decode()
    assert html.count('<li><svg class="mini"') == 15 and "<strong>Crossbowman</strong>" in html
    assert "<title>White Pikeman: a path of exactly 2 orthogonal steps</title>" in html


def test_a_horseman_with_a_lady_beside_offers_the_ride_as_a_choice(imperial, client_of, ann):
    client = client_of(ann)
    html = live(client, imperial, select="d2")
    assert clicks_in(html)["f5"]["hx-get"].endswith("select=d2&pick=f5")
    assert "Selected d2 (White Prince: leaps (3,2), over pieces)" in html
    html = live(client, imperial, select="d2", pick="f5")
    assert '"move": "d2f5"' in html and '"move": "d2f5+e2"' in html
    assert "d2 to f5, the Lady on e2 riding along" in html
    response = client.post(
        f"/g/{imperial.public_id}/move/", {"move": "d2f5+e2", "ply": "0"}, **HTMX
    )
    assert response.status_code == 200 and ">d2f5+e2</a>" in response.content.decode()


def test_shots_are_crosshairs_and_deployment_is_a_button(imperial, client_of, ann):
    set_position(imperial, "12/12/12/12/12/12/12/3n4e3/3w8/12/WWWWWWWWWWWW/3C4E3[] w 0 1")
    html = live(client_of(ann), imperial, select="d1")
    assert 'data-square="d5" aria-label="d5, Black Knight, shoot here"' in html
    assert 'class="crosshair"' in html
    assert "Deploy rank 2" in html and '"move": "deploy2"' in html


def test_replacement_choices_when_reaching_the_far_rank(imperial, client_of, ann):
    set_position(imperial, "6e5/4W7/12/12/12/12/12/12/12/12/12/5E6[Q] w 0 1")
    html = live(client_of(ann), imperial, select="e11", pick="e12")
    assert '"move": "e11e12"' in html and '"move": "e11e12=Q/a3"' in html
    assert "restoring the Queen (the arriving piece goes home to a3)" in html


# Six pawns face six pawns; White's Imperial Princess on g1 never qualifies.
CHARGE = "11e/4m7/12/12/12/wwwwww6/WWWWWW6/12/12/12/12/6J5[] w 0 20"


def test_the_charge_composer(imperial, client_of, ann, bob):
    game = set_position(imperial, CHARGE)
    client = client_of(ann)
    url = f"/g/{game.public_id}/charge/"
    assert "Announce charge" in live(client, game)
    assert "Announce charge" not in live(client_of(bob), game)
    client.post(url, {"action": "announce"}, **HTMX)
    html = live(client, game)
    assert "Files still owing a move: <strong>a, b, c, d, e, f, g</strong>" in html
    assert clicks_in(html)["a6"]["hx-get"].endswith("select=a6")  # it may take ahead or aside
    assert (
        '"action": "add", "part": "a6a7"'
        in clicks_in(live(client, game, select="a6"))["a7"]["hx-vals"]
    )
    for part in ["a6a7", "b6b7", "c6c7"]:
        assert client.post(url, {"action": "add", "part": part}, **HTMX).status_code == 200
    response = client.post(url, {"action": "add", "part": "a7a8"}, **HTMX)
    assert (
        response.status_code == 400
        and "has moved in this charge already" in response.content.decode()
    )
    client.post(url, {"action": "undo"}, **HTMX)
    assert Seat.objects.get(game=game, user=ann).charge == ["a6a7", "b6b7"]
    html = live(client, game)
    assert "moved in this charge" in html and 'disabled aria-disabled="true"' in html
    response = client.post(url, {"action": "submit"}, **HTMX)
    assert response.status_code == 400 and "still owe a move" in response.content.decode()
    for part in ["c6c7", "d6d7", "e6e7", "f6f7", "g1g3"]:
        client.post(url, {"action": "add", "part": part}, **HTMX)
    response = client.post(url, {"action": "submit"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "a6a7,b6b7,c6c7,d6d7,e6e7,f6f7,g1g3" in html
    assert Seat.objects.get(game=game, user=ann).charge is None
    assert game.moves.count() == 1


def test_a_charge_cannot_be_announced_without_six_threats(imperial, ann):
    with pytest.raises(Refused, match="No charge now"):
        charges.announce(imperial, ann)


def test_a_plain_move_drops_a_charge_in_the_making(imperial, ann):
    game = set_position(imperial, CHARGE)
    charges.announce(game, ann)
    moves.submit(game.public_id, ann, "a6a7", 0)
    assert Seat.objects.get(game=game, user=ann).charge is None
