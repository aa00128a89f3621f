"""Two-factor sign-in: turned on with a code from the app, asked at login after the password,
a code taken once, recovery codes each taken once, wrong codes limited, turned off."""

from datetime import timedelta

import pyotp
import pytest
from django.test import Client

from play.accounts import twofactor
from play.common import clocks
from play.models import TwoFactor

pytestmark = pytest.mark.django_db
RIGHT = "a-long-passphrase"


def log_in(client, code="", username="ann"):
    return client.post("/login/", {"username": username, "password": RIGHT, "code": code})


def code_now(secret, later=0):
    return pyotp.TOTP(secret).at(clocks.now() + timedelta(seconds=later))


@pytest.fixture
def turned_on(ann, client_of):
    """Ann turns it on from her settings: (her secret, her recovery codes)."""
    client = client_of(ann)
    page = client.get("/settings/two-factor/").content.decode()
    assert "<svg" in page and "Turn two-factor sign-in on" in page
    secret = client.session["two_factor_secret"]
    wrong = client.post("/settings/two-factor/", {"action": "on", "code": "000000"})
    assert wrong.status_code == 400 and "That code is not right" in wrong.content.decode()
    assert not TwoFactor.objects.exists()
    answer = client.post("/settings/two-factor/", {"action": "on", "code": code_now(secret, -30)})
    page = answer.content.decode()
    assert "Your recovery codes, shown this once." in page
    codes = shown_codes(page)
    assert len(codes) == twofactor.RECOVERY_CODES
    return secret, codes


def shown_codes(page: str) -> list[str]:
    listed = page.split('class="recovery-codes"')[1].split("</ul>")[0]
    return [item.split("</code>")[0] for item in listed.split("<code>")[1:]]


def test_login_asks_for_the_code_after_the_password(turned_on):
    secret, _codes = turned_on
    client = Client()
    missing = log_in(client)
    assert missing.status_code == 200 and "Two-factor sign-in is on" in missing.content.decode()
    assert "_auth_user_id" not in client.session
    wrong = log_in(client, "123456" if code_now(secret) != "123456" else "654321")
    assert "That code is not right" in wrong.content.decode()
    assert log_in(client, code_now(secret)).status_code == 302
    assert client.get("/settings/").status_code == 200


def test_a_code_is_taken_once_and_a_recovery_code_once(turned_on):
    secret, codes = turned_on
    code = code_now(secret)
    assert log_in(Client(), code).status_code == 302
    again = log_in(Client(), code)
    assert again.status_code == 200 and "was taken already" in again.content.decode()
    assert log_in(Client(), codes[0].upper()).status_code == 302
    assert log_in(Client(), codes[0]).status_code == 200
    assert twofactor.recovery_left(TwoFactor.objects.get().user) == twofactor.RECOVERY_CODES - 1


def test_wrong_codes_are_limited(turned_on, settings):
    settings.RATE_LIMIT_SCALE = 1
    secret, _codes = turned_on
    wrong = "111111" if code_now(secret) != "111111" else "222222"
    for _ in range(10):
        log_in(Client(), wrong)
    limited = log_in(Client(), code_now(secret))
    assert "Too many sign-in codes" in limited.content.decode()
    assert "_auth_user_id" not in Client().session


def test_turned_off_with_a_code_and_new_recovery_codes(ann, turned_on, client_of):
    secret, codes = turned_on
    client = client_of(ann)
    page = client.get("/settings/two-factor/").content.decode()
    assert "10 recovery codes left" in page
    fresh = client.post("/settings/two-factor/", {"action": "codes", "code": code_now(secret, 30)})
    new_codes = shown_codes(fresh.content.decode())
    assert len(new_codes) == 10 and not set(new_codes) & set(codes)
    assert log_in(Client(), codes[1]).status_code == 200  # the old ones are gone
    refused = client.post("/settings/two-factor/", {"action": "off", "code": "nonsense"})
    assert refused.status_code == 400 and TwoFactor.objects.exists()
    client.post("/settings/two-factor/", {"action": "off", "code": new_codes[0]})
    assert not TwoFactor.objects.exists()
    assert log_in(Client()).status_code == 302  # the password alone again


def test_the_admin_asks_the_code_too(ann, turned_on):
    ann.is_staff = ann.is_superuser = True
    ann.save()
    client = Client()
    assert client.get("/admin/login/")["Location"].startswith("/login/?next=/admin/")
    log_in(client)
    assert client.get("/admin/").status_code == 302  # not logged in without the code
