"""Log out everywhere: every login of the player ends, on every device and this one, and every
API token is revoked; another player's logins stay."""

import pytest
from django.test import Client

from play.api import tokens
from play.models import ApiToken, Login

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_every_login_and_token_ends_and_only_the_players(ann, bob):
    laptop, phone, other = logged_in(ann), logged_in(ann), logged_in(bob)
    tokens.create(ann, "board", ["board:play"])
    assert Login.objects.filter(user=ann).count() == 2
    answer = laptop.post("/logout/everywhere/", follow=True)
    assert "Logged out everywhere: 2 logins ended, and every API token revoked." in (
        answer.content.decode()
    )
    for device in (laptop, phone):
        assert device.get("/settings/")["Location"].startswith("/login/")
    assert other.get("/settings/").status_code == 200
    assert not Login.objects.filter(user=ann).exists() and Login.objects.filter(user=bob).exists()
    assert not ApiToken.objects.filter(user=ann, revoked_at=None).exists()


def test_a_login_kept_through_a_password_change_is_ended_too(ann):
    laptop = logged_in(ann)
    new = "another-long-passphrase"
    laptop.post("/password/change/", {"old_password": "a-long-passphrase",
                                      "new_password1": new, "new_password2": new})  # fmt: skip
    assert laptop.get("/settings/").status_code == 200  # the login stays, under a new key
    ann.refresh_from_db()  # the new password's
    phone = logged_in(ann)
    assert phone.post("/logout/everywhere/")["Location"] == "/login/"
    assert laptop.get("/settings/")["Location"].startswith("/login/")
    assert phone.get("/settings/")["Location"].startswith("/login/")


def test_a_logout_forgets_its_login_and_the_action_needs_a_post(ann):
    laptop = logged_in(ann)
    assert laptop.get("/logout/everywhere/").status_code == 405
    laptop.post("/logout/")
    assert not Login.objects.filter(user=ann).exists()


def test_the_sessions_open_before_logins_were_known_are_known_after_the_migration(ann, bob):
    import importlib

    from django.apps import apps

    laptop, phone = logged_in(ann), logged_in(bob)
    Login.objects.all().delete()  # as before the migration
    Client().get("/")  # a visitor's session: no one's
    importlib.import_module("play.migrations.0050_logins").record_open_sessions(apps, None)
    known = dict(Login.objects.values_list("session_key", "user__username"))
    assert known == {
        laptop.cookies["sessionid"].value: "ann",
        phone.cookies["sessionid"].value: "bob",
    }


def test_the_sweeper_forgets_the_logins_whose_sessions_ended(ann, bob):
    from datetime import timedelta

    from django.conf import settings
    from django.contrib.sessions.models import Session

    from play.common import clocks
    from play.games.sweeper import forget_old

    ended, live = logged_in(ann), logged_in(bob)
    assert live.get("/settings/").status_code == 200
    now = clocks.now()
    long_ago = now - timedelta(seconds=settings.SESSION_COOKIE_AGE + 60)
    Login.objects.update(created_at=long_ago)
    Session.objects.filter(session_key=ended.session.session_key).update(expire_date=now)
    Session.objects.filter(session_key=live.session.session_key).update(
        expire_date=now + timedelta(days=1)  # kept alive since, by its use
    )
    assert forget_old(now) == 1
    assert list(Login.objects.values_list("user__username", flat=True)) == ["bob"]
    assert not Session.objects.filter(session_key=ended.session.session_key).exists()
