"""Sign up, log in, log out, and the profile page with a player's games."""

import pytest
from django.test import Client

from play.games import games
from play.round import moves

pytestmark = pytest.mark.django_db


def test_sign_up_logs_in(client, django_user_model):
    response = client.post(
        "/signup/",
        {"username": "dora", "password1": "a-long-passphrase", "password2": "a-long-passphrase"},
    )
    assert response.status_code == 302
    assert django_user_model.objects.filter(username="dora").exists()
    assert "dora" in client.get("/").content.decode()


def test_sign_up_with_mismatched_passwords_says_why(client):
    response = client.post("/signup/", {"username": "dora", "password1": "abc", "password2": "abd"})
    assert response.status_code == 400 and "didn’t match" in response.content.decode()


def test_log_in_and_out(client, ann):
    response = client.post("/login/", {"username": "ann", "password": "a-long-passphrase"})
    assert response.status_code == 302
    assert "Log out" in client.get("/").content.decode()
    client.post("/logout/")
    assert "Log in" in client.get("/").content.decode()


def test_profile_lists_the_players_games(active_game, ann, client):
    moves.submit(active_game.public_id, ann, "d3d4", 0)
    games.create(ann, "empire-chess", "white", "invite")  # private and open: not listed
    html = client.get("/@/ann/").content.decode()
    assert html.count("<td><a href=") == 1 and "ann (1500?) vs bob (1500?)" in html
    assert client.get("/@/nobody/").status_code == 404


def test_sign_up_returns_to_the_invitation_it_came_from(client):
    response = client.post(
        "/signup/?next=/invite/abc",
        {
            "username": "eve",
            "password1": "a-long-passphrase",
            "password2": "a-long-passphrase",
            "next": "/invite/abc",
        },
    )
    assert response.url == "/invite/abc"
    response = Client().post(
        "/signup/",
        {
            "username": "fay",
            "password1": "a-long-passphrase",
            "password2": "a-long-passphrase",
            "next": "https://evil.example/",
        },
    )
    assert response.url == "/"
