"""Sign up, log in, log out, and the profile page with a player's games."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from play.accounts.forms import NAME_RULE
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


def _sign_up(client, name):
    return client.post(
        "/signup/",
        {"username": name, "password1": "a-long-passphrase", "password2": "a-long-passphrase"},
    )


@pytest.mark.parametrize(
    "name",
    [
        "anonymou\u0455-x",  # a Cyrillic dze for the s
        "\u0410nonymous",  # a Cyrillic A
        "d\u00f6ra",
        "dora.k",
        "dora k",
        "_dora",
        "9dora",
        "dora-",
        "do__ra",
        "d",
        "d" * 21,
    ],
)
def test_a_name_is_ascii_letters_digits_and_single_dashes_as_on_lichess(client, name):
    response = _sign_up(client, name)
    assert response.status_code == 400
    assert response.context["form"].errors["username"] == [NAME_RULE]
    assert not get_user_model().objects.filter(username=name).exists()


def test_a_name_taken_in_another_case_is_refused_with_the_forms_message(client, ann):
    response = _sign_up(client, "ANN")
    assert response.status_code == 400
    assert "A user with that username already exists." in response.content.decode()
    assert list(get_user_model().objects.filter(username__iexact="ann")) == [ann]


def test_names_as_lichess_takes_them(client):
    names = ["dora", "Dora_K", "d0-ra-2", "ab"]
    for name in names:
        assert _sign_up(Client(), name).status_code == 302
    assert get_user_model().objects.filter(username__in=names).count() == 4


def test_the_sign_up_form_says_the_names_it_takes(client):
    page = client.get("/signup/").content.decode()
    assert "A name is 2 to 20 letters" in page and "@/./+/-/_" not in page
