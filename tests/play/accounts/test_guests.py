"""Playing without an account: a visitor plays the computer or a friend's invitation as
Anonymous, keeps those games on signing up, and is kept out of what needs an account (the pool,
seeks, challenges, rated games), each refusal clear and changing nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from play.games import games
from play.models import GUEST_PREFIX, Game, PoolEntry, is_guest
from tests.play.snapshot import snapshot

pytestmark = pytest.mark.django_db
User = get_user_model()


def computer_form(**fields):
    return {"level": "1", "game": "empress", "side": "white", "time_control": "none", **fields}


def invitation_form(**fields):
    fields = {"game": "empire-chess", "side": "white", "time_control": "none", **fields}
    return {"listing": "invite", **fields}


def guests():
    return User.objects.filter(username__startswith=GUEST_PREFIX)


@pytest.fixture
def visitor_game():
    """A visitor's game against the computer, and the visitor's browser."""
    visitor = Client()
    response = visitor.post("/computer/", computer_form())
    game = Game.objects.get(computer_seat__isnull=False)
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    return visitor, game


def test_a_visitor_plays_the_computer_at_once_as_anonymous(visitor_game):
    visitor, game = visitor_game
    guest = guests().get()
    assert game.player(0) == guest and not game.rated
    assert game.status == Game.Status.ACTIVE
    page = visitor.get(game.get_absolute_url()).content.decode()
    assert "Anonymous" in page and guest.username not in page
    assert "(you)" in page  # the session is the anonymous player's
    header = visitor.get("/").content.decode()
    assert '<a href="/signup/">Sign up<span class="visually-hidden"> to keep your games' in header


def test_signing_up_keeps_the_anonymous_players_games_under_the_new_name(visitor_game):
    visitor, game = visitor_game
    guest = guests().get()
    form = page = visitor.get("/signup/").content.decode()
    assert "every game you played stays yours" in form
    assert 'value="anonymous' not in page  # the name is the player's to choose
    response = visitor.post(
        "/signup/",
        {"username": "nadia", "email": "", "password1": "a-long-passphrase",
         "password2": "a-long-passphrase"},
    )  # fmt: skip
    assert response.status_code == 302
    nadia = User.objects.get(username="nadia")
    assert nadia.pk == guest.pk and not is_guest(nadia) and not guests().exists()
    assert nadia.check_password("a-long-passphrase")
    game.refresh_from_db()
    assert game.player(0) == nadia
    assert game.public_id in visitor.get("/@/nadia/").content.decode()
    assert visitor.get("/").wsgi_request.user == nadia  # still logged in, as nadia


def test_a_visitor_accepts_an_invitation_link_as_anonymous(ann):
    game = games.create(ann, "empress", "white", "invite")
    visitor = Client()
    assert "invites you" in visitor.get(f"/invite/{game.invite_token}").content.decode()
    response = visitor.post(f"/invite/{game.invite_token}")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and is_guest(game.player(1))
    assert "Anonymous" in Client().get(game.get_absolute_url()).content.decode()


def test_a_visitor_makes_an_invitation_link_for_a_friend():
    visitor = Client()
    response = visitor.post("/new/", invitation_form())
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert is_guest(game.created_by) and game.listing == Game.Listing.INVITE and not game.rated
    assert game.invite_token in visitor.get(game.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    "fields, refusal",
    [
        ({"listing": "seek"}, "open a seek"),
        ({"rated": "on", "time_control": "live", "minutes": "5", "increment": "3"}, "rated"),
    ],
)
def test_a_visitors_seek_or_rated_game_is_refused_and_makes_nobody(fields, refusal):
    response = Client().post("/new/", invitation_form(**fields))
    assert response.status_code == 400
    page = response.content.decode()
    assert "Sign up" in page and refusal in page
    assert not Game.objects.exists() and not guests().exists()


def test_an_anonymous_player_never_enters_the_pool(visitor_game):
    visitor, game = visitor_game
    before = snapshot(game)
    response = visitor.post("/pool/", {"game": "empress", "clock": "3+2"})
    assert response.status_code == 403
    assert "Sign up" in response.content.decode() and "enter the pool" in response.content.decode()
    assert not PoolEntry.objects.exists() and snapshot(game) == before


def test_an_anonymous_player_may_not_accept_a_seek_or_a_rated_invitation(visitor_game, ann):
    visitor, _ = visitor_game
    seek = games.create(ann, "empress", "white", "seek")
    rated = games.create(ann, "empress", "white", "invite", None, {"kind": "days", "days": 3},
                         rated=True)  # fmt: skip
    visitor.post(f"/g/{seek.public_id}/join/")
    visitor.post(f"/invite/{rated.invite_token}")
    for game in (seek, rated):
        game.refresh_from_db()
        assert game.status == Game.Status.OPEN and game.seats.count() == 1
    page = visitor.get(rated.get_absolute_url()).content.decode()
    assert "Sign up" in page and "rated games" in page


def test_an_anonymous_player_may_not_challenge_a_player(visitor_game, ann):
    visitor, _ = visitor_game
    visitor.post("/@/ann/challenge/", invitation_form(game="empress"))
    assert not Game.objects.filter(invited_user=ann).exists()
    assert "challenge a player" in visitor.get("/@/ann/").content.decode()


def test_an_anonymous_player_has_no_page_and_no_name_to_take(visitor_game):
    guest = guests().get()
    assert Client().get(f"/@/{guest.username}/").status_code == 404
    response = Client().post(
        "/signup/",
        {"username": "Anonymous", "password1": "a-long-passphrase",
         "password2": "a-long-passphrase"},
    )  # fmt: skip
    assert response.status_code == 400 and "beginning with" in response.content.decode()
    assert not User.objects.filter(username="Anonymous").exists()


def test_anonymous_players_are_made_at_most_twenty_an_hour_from_one_address(settings):
    settings.RATE_LIMIT_SCALE = 1
    for _ in range(20):
        assert Client().post("/computer/", computer_form()).status_code == 302
    response = Client().post("/computer/", computer_form())
    assert response.status_code == 429
    assert "Too many anonymous players from your address" in response.content.decode()
    assert guests().count() == 20


def test_a_visitor_refused_at_an_invitation_is_told_why_on_the_invitation(ann, settings):
    settings.RATE_LIMIT_SCALE = 1
    for _ in range(20):
        Client().post("/computer/", computer_form())
    game = games.create(ann, "empress", "white", "invite")
    visitor = Client()
    response = visitor.post(f"/invite/{game.invite_token}", follow=True)
    assert response.status_code == 200
    assert "Too many anonymous players from your address" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and guests().count() == 20
