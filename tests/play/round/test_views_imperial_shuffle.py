"""Imperial Shuffle on the platform: the setup race, dealing, pushing by arrows, revival."""

import re
from html import unescape

import pytest

from play.common.errors import Refused
from play.games import games, setup
from play.models import Game, Seat
from play.round import moves, presenter, updates
from tests.play.pages import clicks_in

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
FIRST = "Nr,Nr,Ny,Ny|Ng,Ng,Cb,Cb|Cr,Cy,Cg,Hb|Eb,Cr,Cy,Cg"
SECOND = "Cb,Cb,Nr,Nr|Ny,Ny,Ng,Ng|Er,Cr,Cy,Cg|Cg,Hr,Cr,Cy"


@pytest.fixture
def shuffle(ann, bob):
    return games.join(games.create(ann, "imperial-shuffle", "white", "seek"), bob)


def post_setup(client, game, **data):
    return client.post(f"/g/{game.public_id}/setup/", data, **HTMX)


def test_joining_starts_the_setup_with_a_random_draft_each(shuffle, client_of, ann):
    assert shuffle.status == Game.Status.SETUP
    drafts = Seat.objects.filter(game=shuffle).values_list("arrangement", flat=True)
    assert all(shuffle.rules.check_setup(d, shuffle.options) == [] for d in drafts)
    html = client_of(ann).get(f"/g/{shuffle.public_id}/").content.decode()
    assert "Arrange your pieces" in html and "Submit arrangement" in html
    assert "still arranging" in html  # the other draft stays hidden
    # A field that shows a whole arrangement, over two lines where the page is narrow.
    assert '<textarea id="arrangement-input" name="arrangement" rows="2" hx-preserve' in html


def test_swap_by_two_clicks_random_and_typed_arrangements(shuffle, client_of, ann):
    client = client_of(ann)
    post_setup(client, shuffle, action="load", arrangement=FIRST)
    html = unescape(
        client.get(f"/g/{shuffle.public_id}/live/", {"select": "a1"}, **HTMX).content.decode()
    )
    assert '"action": "swap", "a": "a1", "b": "b1"' in clicks_in(html)["b1"]["hx-vals"]
    post_setup(client, shuffle, action="swap", a="a1", b="b1")
    assert Seat.objects.get(game=shuffle, user=ann).arrangement == FIRST.replace("Eb,Cr", "Cr,Eb")
    response = post_setup(client, shuffle, action="load", arrangement="Cr,Cr")
    assert response.status_code == 400 and "4 ranks" in response.content.decode()
    typed = FIRST.replace(",", ", ").replace("|", "|\n")  # over lines, as the field wraps
    post_setup(client, shuffle, action="load", arrangement=typed)
    assert Seat.objects.get(game=shuffle, user=ann).arrangement == FIRST
    post_setup(client, shuffle, action="random")
    assert Seat.objects.get(game=shuffle, user=ann).arrangement != FIRST.replace("Eb,Cr", "Cr,Eb")


def test_the_first_to_submit_moves_first_and_a_clash_is_marked(shuffle, client_of, ann, bob):
    a, b = client_of(ann), client_of(bob)
    post_setup(b, shuffle, action="load", arrangement=SECOND.replace("Cb,Cb,Nr,Nr", "Nr,Nr,Cb,Cb"))
    post_setup(b, shuffle, action="submit")  # bob (second seat) submits first
    html = a.get(f"/g/{shuffle.public_id}/live/", **HTMX).content.decode()
    assert "The other player has submitted" in html and "still arranging" not in html
    post_setup(a, shuffle, action="load", arrangement=FIRST)  # typed after: it clashes
    response = post_setup(a, shuffle, action="submit")
    assert response.status_code == 400
    html = response.content.decode()
    assert "a4, b4" in html and html.count('class="alert-frame"') == 4  # both boards marked
    post_setup(a, shuffle, action="swap", a="a4", b="c3")
    post_setup(a, shuffle, action="swap", a="b4", b="d3")
    assert post_setup(a, shuffle, action="submit").status_code == 200
    shuffle.refresh_from_db()
    assert shuffle.status == Game.Status.ACTIVE
    assert shuffle.position.endswith(" 2 0 1")  # the second seat, first to submit, moves first
    with pytest.raises(Refused, match="setup is over"):
        setup.randomize(shuffle, ann)


def test_the_arrangement_offered_once_the_other_board_is_known_can_be_submitted_as_it_is(
    shuffle, client_of, ann, bob
):
    """A newcomer who clicks "Submit arrangement" as offered is not refused: when the first
    board is submitted, the other draft's clashing pieces are swapped away, and only those."""
    a, b = client_of(ann), client_of(bob)
    clashing = SECOND.replace("Cb,Cb,Nr,Nr", "Nr,Nr,Cb,Cb")  # a4 and b4 match FIRST's
    post_setup(a, shuffle, action="load", arrangement=FIRST)
    post_setup(b, shuffle, action="load", arrangement=clashing)
    post_setup(a, shuffle, action="submit")
    offered = Seat.objects.get(game=shuffle, user=bob).arrangement
    assert shuffle.rules.check_setup(offered, shuffle.options, FIRST) == []
    pairs = zip(
        shuffle.rules.parse_board(offered), shuffle.rules.parse_board(clashing), strict=True
    )
    assert 2 <= sum(x != y for x, y in pairs) <= 4  # a swap or two, not a new deal
    html = b.get(f"/g/{shuffle.public_id}/live/", **HTMX).content.decode()
    assert "swapped so that none stands on an identical piece" in html
    assert post_setup(b, shuffle, action="submit").status_code == 200
    shuffle.refresh_from_db()
    assert shuffle.status == Game.Status.ACTIVE


def test_dealt_boards_start_at_once(ann, bob):
    game = games.create(ann, "imperial-shuffle", "white", "seek", {"nobles": "ygb", "deal": True})
    game = games.join(game, bob)
    assert game.status == Game.Status.ACTIVE
    state = game.rules.parse(game.position)
    assert {p[1] for p in state.boards[0] if p[0] == "N"} == set("ygb")
    assert (
        game.rules.check_setup(
            game.position.split("/")[1].split()[0], game.options, game.position.split("/")[0]
        )
        == []
    )


def start(game, first_board, second_board, first_to_move):
    text = game.rules.format(game.rules.from_setup(first_board, second_board, first_to_move))
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.ACTIVE, initial_position=text, position=text, revision=50
    )
    game.refresh_from_db()
    return game


PRIEST_MOVER = "Ny*,Nr,Nr,Ny|Ng,Ng,Cb,Cb|Cr,Cy,Cg,Cg|Eb,Hb,Cr,Cy"
PRIEST_OPPONENT = "Ny,Cb,Cb,Hr|Er,Ng,Ng,Nr|Nr,Cg,Cg,Cr|Cr,Cy,Ny,Cy"


def test_arrows_push_and_a_revival_is_offered_with_no_revival_as_a_choice(shuffle, client_of, ann):
    game = start(shuffle, PRIEST_MOVER, PRIEST_OPPONENT, 0)
    client = client_of(ann)
    html = unescape(client.get(f"/g/{game.public_id}/live/", **HTMX).content.decode())
    arrows = {name for name in clicks_in(html) if not name[-1].isdigit()}
    assert arrows == {"NE", "E"}  # a4 holds a dead piece: north is blocked
    assert '"move": "NE"' in clicks_in(html)["NE"]["hx-vals"]  # no revival: it pushes at once
    html = unescape(
        client.get(f"/g/{game.public_id}/live/", {"select": "E"}, **HTMX).content.decode()
    )
    assert "revive this piece" in html and '"move": "E+a4"' in clicks_in(html)["a4"]["hx-vals"]
    assert "Push E with no revival" in html
    response = client.post(f"/g/{game.public_id}/move/", {"move": "E+a4", "ply": "0"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and ">E+a4</a>" in html
    # The revived Noble's kill is marked on both boards.
    assert html.count('class="alert-frame"') >= 2 and "changed by the last move" in html


def test_a_spectator_is_drawn_no_push_arrows_on_the_board_nor_in_a_move_update(
    shuffle, ann, bob, client, client_of
):
    # Arrows are buttons for the player to move: a spectator's could never be shown, yet
    # would be redrawn wherever an Emperor goes.
    game = start(shuffle, PRIEST_MOVER, PRIEST_OPPONENT, 0)
    page = client.get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert 'class="arrow' not in page and 'class="shuffle-side own"' not in page
    moves.submit(game.public_id, ann, "NE", 0)
    game = presenter.with_view_related(Game.objects.get(pk=game.pk))
    assert 'class="arrow' not in updates.update_html(game, None)
    # The players keep theirs: the mover's, moved with the Emperor, and on the page of the
    # player now to move.
    assert 'data-direction="NE"' in updates.update_html(game, 0)
    page = client_of(bob).get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert 'data-direction="NE"' in page and 'class="shuffle-side own"' in page


def test_a_push_that_kills_shows_the_dead_piece_lying_down(shuffle, ann, client_of):
    mover = "Nr,Nr,Ny,Ny|Ng,Ng,Cb,Cb|Cr,Cy,Cg,Hb|Eb,Cr,Cy,Cg"
    opponent = "Hr,Er,Ny,Ny|Ng,Ng,Nr,Nr|Cb,Cb,Cg,Cg|Cy,Cr,Cr,Cy"
    game = start(shuffle, mover, opponent, 0)
    moves.submit(game.public_id, ann, "E", 0)
    html = client_of(ann).get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert len(re.findall(r'<use href="#lv-\w+\*"', html)) == 2 and "red Commoner, dead" in html
    assert 'title="red Commoner"' in html  # the first player has taken a red Commoner


def test_what_each_move_changed_is_marked_against_the_position_before_it(shuffle, ann, bob):
    """The marks compare the last two positions only; reading the whole game back (as it
    was done before) gives the same squares at every ply of a random game."""
    import random

    from play.boards import renderer
    from play.games.lifecycle import moves_and_state, state_of
    from play.round import presenter

    game, rng, users = start(shuffle, FIRST, SECOND, 0), random.Random(3), (ann, bob)
    for _ in range(12):
        game = presenter.with_view_related(Game.objects.get(pk=game.pk))
        played, state = moves_and_state(game)
        if game.rules.outcome(state):
            break
        if played:
            expected = renderer("imperial-shuffle").changes(state_of(game, played[:-1]), state)
            html = presenter.live_html(game, 0)
            marked = set(re.findall(r'<g class="sq \w+ alert[^"]*" data-square="(\w+)"', html))
            assert marked == set(expected)
        move = rng.choice(game.rules.legal_moves(state))
        moves.submit(game.public_id, users[game.rules.to_move(state)], move, game.ply)
