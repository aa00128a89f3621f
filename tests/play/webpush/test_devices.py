"""A device subscribed from its browser's JSON (the subscribe button's POST: headless
Chromium reaches no push service, so the browser's side is tested with a push delivered to
its worker, in tests/e2e/test_webpush.py), listed, forgotten; the kinds chosen; the keys."""

import base64
import json
import os
import stat

import pytest
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02

from play.models import PushChoices, PushDevice
from play.webpush import devices, keys

PHONE = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36"
)


def post(client, subscription, **headers):
    return client.post("/push/devices/", json.dumps(subscription), content_type="application/json",
                       headers={"User-Agent": PHONE, **headers})  # fmt: skip


def test_a_browser_subscription_is_kept_for_the_player(browser, ann, client_of):
    phone = browser("phone")
    answer = post(client_of(ann), phone.subscription())
    assert answer.status_code == 201 and answer.json()["label"] == "Chrome · Android"
    device = PushDevice.objects.get()
    assert (device.user, device.endpoint) == (ann, phone.endpoint)
    assert device.p256dh == phone.subscription()["keys"]["p256dh"]
    # The same browser again, or another player logged in on it: one device, theirs.
    assert post(client_of(ann), phone.subscription()).status_code == 201
    assert PushDevice.objects.count() == 1


def test_a_device_changes_hands_with_the_login(browser, ann, bob, client_of):
    phone = browser("phone")
    post(client_of(ann), phone.subscription())
    post(client_of(bob), phone.subscription())
    assert PushDevice.objects.get().user == bob


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        ({"endpoint": "http://push.example.org/x"}, "not a push service's"),
        ({"endpoint": "ftp://push.example.org/x"}, "not a push service's"),
        ({"keys": {"p256dh": "AAAA", "auth": "BBBB"}}, "keys are not a browser's"),
        ({"keys": "none"}, "has no keys"),
        ({"keys": {"p256dh": "!" * 87, "auth": "x" * 22}}, "keys are not a browser's"),
    ],
)
def test_a_malformed_subscription_is_refused_and_nothing_kept(
    browser, ann, client_of, broken, said
):
    subscription = browser("phone").subscription() | broken
    answer = post(client_of(ann), subscription)
    assert answer.status_code == 400 and said in answer.json()["error"]
    assert not PushDevice.objects.exists()


def test_not_json_is_refused(ann, client_of, vapid):
    answer = client_of(ann).post("/push/devices/", "{", content_type="application/json")
    assert answer.status_code == 400 and "not one a browser makes" in answer.json()["error"]


def test_a_plain_http_endpoint_only_on_this_machine_and_only_where_allowed(
    browser, ann, client_of, settings
):
    phone = browser("phone")
    settings.WEBPUSH_HTTP_LOOPBACK = False
    assert post(client_of(ann), phone.subscription()).status_code == 400
    settings.WEBPUSH_HTTP_LOOPBACK = True
    far = phone.subscription() | {"endpoint": "http://192.0.2.1/push/x"}
    assert post(client_of(ann), far).status_code == 400


def test_a_player_has_at_most_so_many_devices(browser, ann, client_of):
    client = client_of(ann)
    for i in range(devices.MOST):
        assert post(client, browser(f"d{i}").subscription()).status_code == 201
    answer = post(client, browser("one-more").subscription())
    assert answer.status_code == 409 and "forget one" in answer.json()["error"]


@pytest.mark.django_db
def test_a_visitor_cannot_subscribe(browser, client):
    answer = post(client, browser("phone").subscription())
    assert answer.status_code == 302 and not PushDevice.objects.exists()


def test_devices_are_listed_and_forgotten_in_the_settings(browser, ann, bob, client_of):
    client = client_of(ann)
    browser("phone").subscribe(ann)
    laptop = browser("laptop")
    laptop.subscribe(ann)
    bobs = browser("bobs").subscribe(bob)
    page = client.get("/settings/").content.decode()
    assert page.count("Firefox · Android") == 4  # each device: its name and its button's
    assert f'data-key="{keys.public()}"' in page
    mine = PushDevice.objects.filter(user=ann).first()
    answer = client.post("/push/devices/forget/", {"device": str(mine.pk)}, follow=True)
    assert "no longer notified" in answer.content.decode()
    assert (
        client.post("/push/devices/forget/", {"device": str(bobs.pk)}, follow=True).status_code
        == 200
    )
    assert PushDevice.objects.filter(pk=bobs.pk).exists()  # not hers to forget
    answer = client.post("/push/devices/forget/", {"device": "٣"}, follow=True)
    assert "must be a whole number" in answer.content.decode()
    # The browser turning itself off names its endpoint.
    assert client.post("/push/devices/forget/", {"endpoint": laptop.endpoint}).status_code == 204
    assert list(PushDevice.objects.values_list("user__username", flat=True)) == ["bob"]


def test_the_kinds_and_reminders_chosen_are_kept(ann, client_of, vapid):
    client = client_of(ann)
    page = client.get("/settings/").content.decode()
    assert "A message from your opponent" in page and "An hour before" in page
    answer = client.post("/push/choices/", {"kinds": ["turn", "clock"], "reminder_hours": ["1"]},
                         follow=True)  # fmt: skip
    assert "notifications are saved" in answer.content.decode()
    chosen = PushChoices.objects.get(user=ann)
    assert (chosen.kinds, chosen.reminder_hours) == (["turn", "clock"], [1])
    answer = client.post("/push/choices/", {"kinds": ["everything"], "reminder_hours": ["2"]},
                         follow=True)  # fmt: skip
    assert "not ones to choose from" in answer.content.decode()
    assert PushChoices.objects.get(user=ann).kinds == ["turn", "clock"]


def test_the_bell_offers_to_notify_the_device(ann, client_of, vapid):
    page = client_of(ann).get("/").content.decode()
    assert "data-push-device data-compact" in page and "Notify this device" in page
    assert "js/webpush.js" in page


def test_the_keys_are_made_once_for_this_user_alone(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    keys.forget()
    assert keys.public() is None
    assert keys.make() and not keys.make()
    assert stat.S_IMODE(os.stat(keys.path()).st_mode) == 0o600
    public = keys.public()
    assert len(public) == 87  # 65 bytes, base64url
    keys.forget()
    assert keys.public() == public  # read back as made


def test_the_keys_may_come_from_the_settings(settings, tmp_path):
    made = Vapid02()
    made.generate_keys()
    point = made.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    settings.VAR_DIR = tmp_path
    settings.WEBPUSH_VAPID_PRIVATE_KEY = made.private_pem().decode()
    keys.forget()
    assert not keys.make() and not keys.path().exists()
    assert keys.public() == base64.urlsafe_b64encode(point).rstrip(b"=").decode()
    keys.forget()
