"""Changing a password (from the settings page) and resetting a forgotten one by email (from
the login page), with Django's own views."""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db
OLD, NEW = "a-long-passphrase", "another-long-passphrase"


def can_log_in(username, password):
    return Client().post("/login/", {"username": username, "password": password}).status_code == 302


def test_a_player_changes_their_password_from_the_settings_page(ann, client_of):
    client = client_of(ann)
    assert 'href="/password/change/"' in client.get("/settings/").content.decode()
    form = {"old_password": "wrong", "new_password1": NEW, "new_password2": NEW}
    response = client.post("/password/change/", form)
    assert response.status_code == 200 and "old password was entered incorrectly" in (
        response.content.decode().replace("&#x27;", "'")
    )
    response = client.post("/password/change/", {**form, "old_password": OLD}, follow=True)
    assert "Your password is changed" in response.content.decode()
    assert "Log out" in client.get("/").content.decode()  # still logged in here
    assert can_log_in("ann", NEW) and not can_log_in("ann", OLD)


def test_changing_a_password_needs_a_login(client):
    response = client.get("/password/change/")
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_a_forgotten_password_is_reset_by_email(ann, client, mailoutbox):
    ann.email = "ann@example.org"
    ann.save()
    assert 'href="/password/reset/"' in client.get("/login/").content.decode()
    response = client.post("/password/reset/", {"email": "ann@example.org"}, follow=True)
    assert "If an account has that address" in response.content.decode()
    [mail] = mailoutbox
    assert mail.to == ["ann@example.org"] and "Imperia" in mail.subject and "ann" in mail.body
    link = re.search(r"http://[^/\s]+(/reset/\S+/)", mail.body)[1]
    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    response = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW}, follow=True
    )
    assert "Your password is set" in response.content.decode()
    assert can_log_in("ann", NEW) and not can_log_in("ann", OLD)
    assert client.get(link).status_code == 200  # a used link says it is no longer valid
    assert "no longer valid" in client.get(link, follow=True).content.decode()


def test_a_reset_for_an_unknown_address_says_the_same_and_sends_nothing(client, mailoutbox):
    response = client.post("/password/reset/", {"email": "nobody@example.org"}, follow=True)
    assert "If an account has that address" in response.content.decode()
    assert mailoutbox == []


def test_a_reset_clears_a_lockout_of_the_account(ann, client, mailoutbox):
    ann.email = "ann@example.org"
    ann.save()
    for i in range(5):
        Client(REMOTE_ADDR=f"10.9.0.{i}").post("/login/", {"username": "ann", "password": "x"})
    assert not can_log_in("ann", OLD)
    client.post("/password/reset/", {"email": "ann@example.org"})
    link = re.search(r"http://[^/\s]+(/reset/\S+/)", mailoutbox[0].body)[1]
    form_page = client.get(link, follow=True)
    client.post(form_page.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert can_log_in("ann", NEW)
