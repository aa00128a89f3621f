"""The game page, its live fragment, clicking, typed moves and the answers' status codes."""

import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play.models import Game, Move
from play.round import moves
from tests.play.pages import clicks_in

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def live(client, game, **params):
    return client.get(f"/g/{game.public_id}/live/", params, **HTMX)


def test_game_page_shows_an_accessible_board_with_my_side_at_the_bottom(
    active_game, client_of, bob
):
    html = client_of(bob).get(f"/g/{active_game.public_id}/").content.decode()
    assert 'ws-connect="/ws/g/' in html
    assert "Empire Chess board, Black at the bottom" in html
    assert 'aria-label="e3, Empire Soldier"' in html
    assert 'aria-label="e8, Kingdom King"' in html
    # Black at the bottom: the squares read from h1 at the top-left to a8.
    squares = re.findall(r'data-square="(\w+)"', html)
    assert squares[0] == "h1" and squares[-1] == "a8"
    assert "Waiting for White." in html


def test_spectators_see_white_at_the_bottom_and_no_buttons(active_game, client):
    html = client.get(f"/g/{active_game.public_id}/").content.decode()
    assert "White at the bottom" in html and "White to move." in html
    assert 'role="button"' not in html and "Resign" not in html


def test_selecting_a_piece_marks_its_destinations(active_game, client_of, ann):
    html = live(client_of(ann), active_game, select="d3").content.decode()
    assert 'class="sq light selected"' in html or 'class="sq dark selected"' in html
    targets = set(re.findall(r'data-square="(\w\d)" aria-label="[^"]*move here', html))
    assert targets == {"d4"}  # the Soldier's sideways squares hold its own pieces
    assert '"move": "d3d4"' in clicks_in(html)["d4"]["hx-vals"]


def test_selecting_outside_my_turn_marks_nothing(active_game, client_of, bob):
    html = live(client_of(bob), active_game, select="e7").content.decode()
    assert "selected" not in html and 'role="button"' not in html


def test_clicked_move_returns_the_new_board(active_game, client_of, ann):
    response = client_of(ann).post(
        f"/g/{active_game.public_id}/move/", {"move": "d3d4", "ply": "0"}, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="live"' in html and "hx-swap-oob" not in html
    assert ">Sd4</a>" in html and "Waiting for Black." in html


@pytest.mark.django_db(transaction=True)  # the boards are drawn on a real commit
def test_a_move_costs_a_bounded_number_of_queries(
    active_game, client_of, ann, bob, django_assert_max_num_queries
):
    """The user, the locked game with its seats (no offers or disputes: it never had any), the
    moves (once), the notice, the game and the move: both boards are drawn from what the move
    had in hand."""
    url, white, black = f"/g/{active_game.public_id}/move/", client_of(ann), client_of(bob)
    # As the page sends a move its player does not confirm first (play/round/confirm.py).
    with django_assert_max_num_queries(10):
        white.post(url, {"move": "d3d4", "ply": "0", "confirmed": "1"}, **HTMX)
    with CaptureQueriesContext(connection) as queries:
        black.post(url, {"move": "e7e5", "ply": "1", "confirmed": "1"}, **HTMX)
    assert Move.objects.filter(game=active_game).count() == 2
    assert len(queries) <= 9
    assert not [
        q
        for q in queries
        if q["sql"].startswith(
            ('SELECT "play_move"', 'SELECT "play_offer"', 'SELECT "play_dispute"')
        )
    ]


@pytest.mark.django_db(transaction=True)
def test_both_seats_updates_go_in_one_message_before_the_bell_is_rung(
    active_game, client_of, ann, monkeypatch
):
    from play.notify import notify
    from play.round import updates

    steps, draw, push = [], updates.update_parts, updates.broadcast
    monkeypatch.setattr(notify, "push", lambda user_id: steps.append(f"bell {user_id}"))
    monkeypatch.setattr(
        updates,
        "update_parts",
        lambda game, seat, *a: steps.append(f"draw {seat}") or draw(game, seat, *a),
    )

    def broadcast(game, rendered, to=None, promptly=False, moved=False):
        steps.append(f"send {list(rendered)} to {to}" + " promptly" * promptly)
        push(game, rendered, to, moved=moved)

    monkeypatch.setattr(updates, "broadcast", broadcast)
    revision = str(active_game.revision)
    response = client_of(ann).post(
        f"/g/{active_game.public_id}/move/",
        {"move": "d3d4", "ply": "0", "revision": revision},
        **HTMX,
    )
    bell = f"bell {active_game.player(1).pk}"  # "your turn", on the opponent's other pages
    # The player to move's first, then the mover's; the mover's answer is then a cache hit.
    sent = "send ['1', '0'] to None promptly"
    assert steps == ["draw 1", "draw 0", sent, bell, "draw 0"]
    assert "Waiting for Black." in response.content.decode()  # the mover's, from the cache


def test_typed_san_move_is_accepted(active_game, client_of, ann):
    client_of(ann).post(f"/g/{active_game.public_id}/move/", {"move": "Sd4", "ply": "0"}, **HTMX)
    assert Move.objects.get(game=active_game).text == "d3d4"


def test_illegal_move_is_400_with_the_message_and_the_same_board(active_game, client_of, ann):
    response = client_of(ann).post(
        f"/g/{active_game.public_id}/move/", {"move": "a1a5", "ply": "0"}, **HTMX
    )
    assert response.status_code == 400
    assert "The Tower on a1 cannot move to a5." in response.content.decode()
    assert not Move.objects.filter(game=active_game).exists()


def test_stale_click_is_409_with_a_fresh_board(active_game, client_of, ann):
    moves.submit(active_game.public_id, ann, "d3d4", 0)
    response = client_of(ann).post(
        f"/g/{active_game.public_id}/move/", {"move": "e3e4", "ply": "0"}, **HTMX
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "old board" in html and 'value="1"' in html  # the fresh ply
    assert Move.objects.filter(game=active_game).count() == 1


def test_non_player_gets_403_and_anonymous_too(active_game, client_of, make_user, client):
    url = f"/g/{active_game.public_id}/move/"
    assert (
        client_of(make_user("cid")).post(url, {"move": "d3d4", "ply": "0"}, **HTMX).status_code
        == 403
    )
    assert client.post(url, {"move": "d3d4", "ply": "0"}, **HTMX).status_code == 403


def test_malformed_requests_get_a_clear_400(active_game, client_of, ann):
    url = f"/g/{active_game.public_id}/move/"
    response = client_of(ann).post(url, {"move": "d3d4", "ply": "three"}, **HTMX)
    assert response.status_code == 400 and "ply must be a whole number" in response.content.decode()
    response = client_of(ann).post(url, {"ply": "0"}, **HTMX)
    assert response.status_code == 400 and "Enter a move" in response.content.decode()
    assert client_of(ann).get(url).status_code == 405
    assert client_of(ann).get("/g/nosuchgame/").status_code == 404


def test_a_plain_form_post_redirects_back_to_the_game(active_game, client_of, ann):
    response = client_of(ann).post(f"/g/{active_game.public_id}/move/", {"move": "zz"})
    assert response.status_code == 302 and response.url == f"/g/{active_game.public_id}/"


def test_resign_and_draw_buttons(active_game, client_of, ann, bob):
    a, b = client_of(ann), client_of(bob)
    url = f"/g/{active_game.public_id}"
    html = a.post(f"{url}/draw/", {"action": "offer"}, **HTMX).content.decode()
    assert "You offered a draw." in html
    html = live(b, active_game).content.decode()
    assert "Your opponent offers a draw." in html
    assert b.post(f"{url}/draw/", {"action": "decline"}, **HTMX).status_code == 200
    assert b.post(f"{url}/draw/", {"action": "accept"}, **HTMX).status_code == 409
    html = b.post(f"{url}/resign/", **HTMX).content.decode()
    assert "White wins (resignation)." in html
    active_game.refresh_from_db()
    assert active_game.status == Game.Status.FINISHED


def test_draw_by_agreement(active_game, client_of, ann, bob):
    url = f"/g/{active_game.public_id}/draw/"
    client_of(ann).post(url, {"action": "offer"}, **HTMX)
    html = client_of(bob).post(url, {"action": "accept"}, **HTMX).content.decode()
    assert "Draw (draw agreed)." in html


def test_a_draw_offer_lapses_when_the_receiver_moves(active_game, client_of, ann, bob):
    moves.submit(active_game.public_id, ann, "d3d4", 0)
    client_of(ann).post(f"/g/{active_game.public_id}/draw/", {"action": "offer"}, **HTMX)
    moves.submit(active_game.public_id, bob, "e7e5", 1)
    assert "offers a draw" not in live(client_of(bob), active_game).content.decode()
    assert active_game.offers.get().status == "withdrawn"


def test_move_list_and_captured_material(active_game, client_of, ann, bob):
    for ply, move in enumerate(["d3d4", "e7e5", "d4d5", "a7a6", "d5e5"]):
        moves.submit(active_game.public_id, ann if ply % 2 == 0 else bob, move, ply)
    html = live(client_of(ann), active_game).content.decode()
    assert ">Sd4</a> <a " in html and ">e5</a>" in html
    assert ">Sxe5</a>" in html
    assert 'title="Kingdom Pawn"' in html  # White has taken a pawn


def test_a_game_is_marked_once_it_has_an_offer_or_a_dispute_and_shows_them(
    active_game, client_of, ann, bob
):
    """Views skip looking for offers and disputes in a game that never had any: the marks
    are set where each is made, and by the migration for games from before it."""
    import importlib

    from django.apps import apps

    from play.referee import disputes
    from play.round import offers

    offers.act(active_game, ann, "offer")
    disputes.report(active_game, bob, "connection", "Ann keeps dropping out.")
    game = Game.objects.get(pk=active_game.pk)
    assert game.has_offers and game.has_disputes
    html = unescape(live(client_of(bob), game).content.decode())
    assert "Accept draw" in html and "Dispute (connection or abandonment)" in html

    Game.objects.update(has_offers=False, has_disputes=False)
    migration = importlib.import_module("play.migrations.0010_game_has_offers_and_disputes")
    migration.mark_games_with_offers_or_disputes(apps, None)
    game = Game.objects.get(pk=active_game.pk)
    assert game.has_offers and game.has_disputes
