"""Guessing passwords: after repeated failures an account, and an address, are locked out for
a while, with a message that says so and until when (django-axes)."""

from datetime import timedelta
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db
RIGHT = "a-long-passphrase"


def log_in(username, password, address="10.0.0.1", path="/login/"):
    return Client(REMOTE_ADDR=address).post(path, {"username": username, "password": password})


def test_thirty_wrong_passwords_lock_the_account_and_the_right_one_is_refused(ann):
    answers = [log_in("ann", f"guess-{i}", address=f"10.0.1.{i}") for i in range(30)]
    assert (
        answers[0].status_code == 200 and "enter a correct username" in answers[0].content.decode()
    )
    locked = log_in("ann", RIGHT, address="10.0.2.1")
    assert locked.status_code == 429
    html = locked.content.decode()
    assert "Too many failed logins" in html and "15 minutes" in html and "UTC" in html
    assert locked["Retry-After"] == str(15 * 60)
    assert "sessionid" not in locked.cookies  # not logged in


def test_failures_from_one_address_lock_that_address_for_every_account(ann, bob):
    for i in range(5):
        log_in(f"nobody{i}", "guess", address="10.0.3.3")
    assert log_in("bob", RIGHT, address="10.0.3.3").status_code == 429
    assert log_in("bob", RIGHT, address="10.0.3.4").status_code == 302  # elsewhere, bob is fine


def test_the_admin_is_logged_into_through_the_sites_throttled_login(django_user_model):
    django_user_model.objects.create_superuser("root", password=RIGHT)
    for path in ("/admin/login/", "/admin/login/?next=/admin/play/game/"):
        answer = log_in("root", RIGHT, path=path, address="10.0.4.1")
        assert answer.status_code == 302 and answer["Location"].startswith("/login/?next=/admin/")
    for i in range(5):
        log_in("root", f"guess-{i}", address=f"10.0.4.{i}")
    response = log_in("root", RIGHT, address="10.0.4.9")
    assert response.status_code == 429 and "Too many failed logins" in response.content.decode()


def test_the_lockout_ends_after_its_time_and_a_success_clears_the_count(ann):
    for i in range(5):
        log_in("ann", f"guess-{i}")
    assert log_in("ann", RIGHT).status_code == 429
    # The failures are counted from a moment the cooling-off time back: moved past them.
    later = timezone.now() + timedelta(minutes=15, seconds=1)
    with mock.patch("axes.handlers.proxy.now", return_value=later):
        assert log_in("ann", RIGHT).status_code == 302
    for i in range(4):  # the success cleared the count: four more failures lock nothing
        log_in("ann", f"guess-{i}")
    assert log_in("ann", RIGHT).status_code == 302
