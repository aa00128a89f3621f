"""Looking back: the board after any ply at its own address, the move list's links, turning
the board over (kept for the page and its socket), and bad input."""

import pytest

import rules
from play.games import games
from play.models import Game
from play.round import moves

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def played(ann, bob, slug="empire-chess", plies=4):
    game = games.join(games.create(ann, slug, "white", "seek"), bob)
    game_rules, state = rules.get(slug), None
    state = game_rules.resume([game.initial_position], game.options)
    for _ in range(plies):
        text = sorted(game_rules.legal_moves(state))[0]
        state = game_rules.play(state, text)
        game.refresh_from_db()
        moves.submit(game.public_id, ann if game.ply % 2 == 0 else bob, text, game.ply)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("slug", [g.slug for g in rules.games()])
def test_the_board_after_any_ply_has_its_own_address_in_every_game(ann, bob, client_of, slug):
    if slug == "imperial-shuffle":
        pytest.skip("arranged first: its history is tested below with a dealt game")
    game = played(ann, bob, slug, plies=3)
    page = client_of(bob)
    html = page.get(f"{game.get_absolute_url()}?ply=1").content.decode()
    assert "Looking back: the board after ply 1" in html and "(of 3)" in html
    assert 'data-history="1"' in html and html.count('aria-current="step"') == 1
    assert 'data-ply="1" aria-current="step"' in html
    assert "Resign" not in html and "data-move-url" not in html  # nothing to play here
    assert 'hx-post="' not in html.split('id="live"')[1].split("</aside>")[0]
    start = page.get(f"/g/{game.public_id}/live/?ply=0", **HTMX).content.decode()
    assert "the board at the start" in start and 'data-nav="back"' in start
    live = page.get(f"/g/{game.public_id}/live/?ply=3", **HTMX).content.decode()
    assert "data-history" not in live and 'data-ply="3" aria-current="step"' in live


def test_a_dealt_shuffle_game_looks_back_too(ann, bob, client_of):
    game = games.create(ann, "imperial-shuffle", "white", "seek", {"deal": True})
    game = games.join(game, bob)
    game_rules = rules.get("imperial-shuffle")
    state = game_rules.resume([game.initial_position], game.options)
    text = sorted(game_rules.legal_moves(state))[0]
    mover = ann if game_rules.to_move(state) == game.seat_of(ann).index else bob
    moves.submit(game.public_id, mover, text, 0)
    html = client_of(ann).get(f"{game.get_absolute_url()}?ply=0").content.decode()
    assert "Looking back: the board at the start (of 1)" in html


def test_the_live_board_links_every_move_and_steps_back(ann, bob, client_of):
    game = played(ann, bob)
    html = client_of(ann).get(game.get_absolute_url()).content.decode()
    # Each link asks for its board at the address the list names (the script writes it).
    assert f'data-live="/g/{game.public_id}/live/"' in html
    for ply in range(1, 5):
        assert f'<a id="ply-{ply}" href="?ply={ply}" data-ply="{ply}"' in html
    assert f'data-nav="back" hx-get="/g/{game.public_id}/live/?ply=3"' in html
    assert 'data-nav="forward" disabled' in html


def test_turning_the_board_over_is_kept_for_the_page(ann, bob, client_of):
    game = played(ann, bob)
    page = client_of(ann)  # White: White at the bottom
    assert "White at the bottom" in page.get(game.get_absolute_url()).content.decode()
    turned = page.get(f"{game.get_absolute_url()}?flip=1")
    assert "Black at the bottom" in turned.content.decode()
    assert turned.cookies[f"flip-{game.public_id}"].value == "1"
    assert "Black at the bottom" in page.get(game.get_absolute_url()).content.decode()
    live = page.get(f"/g/{game.public_id}/live/", **HTMX).content.decode()
    assert "Black at the bottom" in live
    back = page.get(f"{game.get_absolute_url()}?flip=0")
    assert "White at the bottom" in back.content.decode()
    assert "White at the bottom" in page.get(game.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    "query", ["ply=x", "ply=-1", "ply=1e3", "ply=99999999999", "flip=2", "flip=yes"]
)
def test_bad_looks_are_malformed_and_change_nothing(ann, bob, client_of, query):
    game = played(ann, bob)
    before = Game.objects.get(pk=game.pk).revision
    for url in (game.get_absolute_url(), f"/g/{game.public_id}/live/"):
        answer = client_of(bob).get(f"{url}?{query}", **HTMX)
        assert answer.status_code == 400 and "Malformed request" in answer.content.decode()
    assert Game.objects.get(pk=game.pk).revision == before


def test_a_ply_past_the_end_is_the_game_as_it_is(ann, bob, client_of):
    game = played(ann, bob)
    html = client_of(bob).get(f"{game.get_absolute_url()}?ply=40").content.decode()
    assert "Looking back" not in html and 'data-ply="4" aria-current="step"' in html
