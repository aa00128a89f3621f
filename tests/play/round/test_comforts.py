"""Correspondence comforts: a move shown and sent only on "Confirm" (a setting, on by default
for correspondence), and private notes on a game."""

import json
import re
from html import unescape

import pytest

from play.games import games
from play.models import Game, Note, Profile
from tests.play.pages import clicks_in

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
DAYS = {"kind": "days", "days": 3}


@pytest.fixture
def correspondence(ann, bob):
    return games.join(games.create(ann, "empire-chess", "white", "seek", None, DAYS), bob)


def test_a_correspondence_move_waits_for_confirm(correspondence, ann, client_of):
    page, url = client_of(ann), f"/g/{correspondence.public_id}/move/"
    shown = page.post(url, {"move": "Sd4", "ply": "0"}, **HTMX)
    html = shown.content.decode()
    assert shown.status_code == 200 and "Play <strong>Sd4</strong>?" in html
    assert "the move to confirm" in html and '"confirmed": "1"' in unescape(html)
    assert Game.objects.get(pk=correspondence.pk).ply == 0  # nothing sent yet
    sent = page.post(url, {"move": "d3d4", "ply": "0", "confirmed": "1"}, **HTMX)
    assert sent.status_code == 200 and Game.objects.get(pk=correspondence.pk).ply == 1


def test_a_move_that_cannot_be_played_is_refused_at_once(correspondence, ann, bob, client_of):
    url = f"/g/{correspondence.public_id}/move/"
    bad = client_of(ann).post(url, {"move": "Sd5", "ply": "0"}, **HTMX)
    assert bad.status_code == 400 and "Confirm" not in bad.content.decode()
    early = client_of(bob).post(url, {"move": "e7e5", "ply": "0"}, **HTMX)
    assert early.status_code == 409 and "not your turn" in early.content.decode()


def test_the_setting_decides(correspondence, ann, bob, active_game, client_of):
    Profile.objects.update_or_create(user=ann, defaults={"confirm_moves": "never"})
    url = f"/g/{correspondence.public_id}/move/"
    client_of(ann).post(url, {"move": "d3d4", "ply": "0"}, **HTMX)
    assert Game.objects.get(pk=correspondence.pk).ply == 1
    live = f"/g/{active_game.public_id}/move/"  # no clock: sent at once by default
    client_of(ann).post(live, {"move": "d3d4", "ply": "0"}, **HTMX)
    assert Game.objects.get(pk=active_game.pk).ply == 1
    Profile.objects.update_or_create(user=bob, defaults={"confirm_moves": "always"})
    answer = client_of(bob).post(live, {"move": "e7e5", "ply": "1"}, **HTMX)
    assert "Play <strong>e5</strong>?" in answer.content.decode()
    page = client_of(bob).post(
        "/settings/", {"digest_hours": "6", "email": "", "confirm_moves": "correspondence"}
    )
    assert page.status_code == 302 and bob.profile.confirm_moves == "correspondence"


def test_a_move_tapped_on_a_board_too_fine_for_a_finger_waits_for_confirm(
    active_game, ann, client_of
):
    # No clock, and a player who wants no confirmation: a tapped move is shown all the same.
    Profile.objects.update_or_create(user=ann, defaults={"confirm_moves": "never"})
    url = f"/g/{active_game.public_id}/move/"
    shown = client_of(ann).post(url, {"move": "d3d4", "ply": "0", "tapped": "1"}, **HTMX)
    html = shown.content.decode()
    assert shown.status_code == 200 and "Play <strong>Sd4</strong>?" in html
    assert "the move to confirm" in html and '"confirmed": "1"' in unescape(html)
    assert Game.objects.get(pk=active_game.pk).ply == 0
    confirmed = {"move": "d3d4", "ply": "0", "tapped": "1", "confirmed": "1"}
    client_of(ann).post(url, confirmed, **HTMX)
    assert Game.objects.get(pk=active_game.pk).ply == 1


def test_private_notes_are_the_players_own(correspondence, ann, bob, make_user, client_of):
    url = f"/g/{correspondence.public_id}/notes/"
    saved = client_of(ann).post(url, {"text": "Watch the d-file."}, **HTMX)
    assert saved.status_code == 200 and "Saved." in saved.content.decode()
    assert (
        "Watch the d-file."
        in client_of(ann).get(correspondence.get_absolute_url()).content.decode()
    )
    for other in (client_of(bob), client_of(make_user("cy"))):
        assert (
            "Watch the d-file." not in other.get(correspondence.get_absolute_url()).content.decode()
        )
    assert client_of(make_user("dee")).post(url, {"text": "mine"}).status_code == 403
    long = client_of(ann).post(url, {"text": "x" * 4001}, **HTMX)
    assert long.status_code == 400 and "under 4000 characters" in long.content.decode()
    assert Note.objects.get().text == "Watch the d-file."


def test_the_page_sends_at_once_only_where_no_confirm_is_wanted(
    correspondence, active_game, ann, client_of
):
    page = client_of(ann)
    for game, sent in ((correspondence, False), (active_game, True)):
        whole = page.get(game.get_absolute_url()).content.decode()
        targets = page.get(f"/g/{game.public_id}/live/?select=d3", **HTMX).content.decode()
        assert ('<input type="hidden" name="confirmed" value="1">' in whole) is sent
        target = clicks_in(targets)["d4"]["hx-vals"]
        assert ("confirmed" in target) is sent and "d3d4" in target


def test_a_confirm_from_before_a_takeback_is_not_played_on_the_new_position(
    correspondence, ann, bob, client_of
):
    """ann is shown c3c4 to confirm at ply 2; bob takes e7e5 back and plays a7a6: ply 2 is
    back, on another position. The old Confirm is refused, and nothing is played."""
    from play.round import moves, offers

    game = correspondence
    moves.submit(game.public_id, ann, "d3d4", 0)
    moves.submit(game.public_id, bob, "e7e5", 1)
    page, url = client_of(ann), f"/g/{game.public_id}/move/"
    shown = page.post(url, {"move": "c3c4", "ply": "2"}, **HTMX).content.decode()
    vals = json.loads(
        unescape(re.search(r'<button class="primary"[^>]*hx-vals="([^"]*)"', shown)[1])
    )
    offers.takeback(Game.objects.get(pk=game.pk), bob, "offer")
    offers.takeback(Game.objects.get(pk=game.pk), ann, "accept")
    moves.submit(game.public_id, bob, "a7a6", 1)
    assert Game.objects.get(pk=game.pk).ply == 2  # the same ply as the Confirm's
    stale = page.post(url, vals, **HTMX)
    assert stale.status_code == 409 and "taken back since that board" in stale.content.decode()
    assert [m.text for m in Game.objects.get(pk=game.pk).moves.all()] == ["d3d4", "a7a6"]
    fresh = {**vals, "revision": str(Game.objects.get(pk=game.pk).revision)}
    assert page.post(url, fresh, **HTMX).status_code == 200  # on the board as it stands
    assert Game.objects.get(pk=game.pk).ply == 3
