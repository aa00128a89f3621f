"""Pushes made where notices are, sent by the worker alone, read by the browser they were
encrypted for; a gone device forgotten, a failing one tried again and given up, a player
watching the game left alone, and only the kinds a player chose."""

import logging
from datetime import timedelta

import pytest
from py_vapid import Vapid02

from play.games import games
from play.models import Profile, PushDevice, QueuedPush
from play.push import presence
from play.round import moves
from play.webpush import choices, outbox

DAYS = {"kind": "days", "days": 5}


@pytest.fixture
def bobs_phone(browser, bob):
    phone = browser("bobs-phone")
    phone.subscribe(bob)
    return phone


@pytest.fixture
def begun(timed_game):
    """A correspondence game begun, its "game started" pushes (tested below) left out."""

    def make():
        game = timed_game(DAYS)
        QueuedPush.objects.filter(kind="begun").delete()
        return game

    return make


def test_your_turn_reaches_the_device_encrypted_for_it_and_only_from_the_worker(
    begun, ann, bob, bobs_phone, client_of, push_service, vapid
):
    game = begun()
    played = client_of(ann).post(
        f"/g/{game.public_id}/move/", {"move": "d3d4", "ply": "0", "confirmed": "1"}
    )
    assert played.status_code in (200, 302)
    assert push_service.received == []  # the request only queued it
    assert QueuedPush.objects.get().kind == "turn"
    assert outbox.send_due()["sent"] == 1
    (push,) = bobs_phone.pushes()
    assert push == {
        "title": "Your turn",
        "body": "Your turn against ann (Empire Chess).",
        "url": f"/g/{game.public_id}/",
        "tag": f"game-{game.public_id}",
    }
    (headers,) = bobs_phone.headers()
    assert headers["urgency"] == "normal" and headers["ttl"] == str(24 * 3600)
    assert headers["content-encoding"] == "aes128gcm" and headers["topic"] == f"g{game.public_id}"
    # Signed with the site's key, for this push service (RFC 8292).
    assert Vapid02.verify(headers["authorization"])
    assert f"k={vapid.public()}" in headers["authorization"]
    assert not QueuedPush.objects.exists()
    assert PushDevice.objects.get().last_success_at is not None


def test_every_device_of_the_player_gets_it_in_their_language(
    begun, ann, bob, browser, push_service
):
    phone, laptop = browser("phone"), browser("laptop")
    phone.subscribe(bob)
    laptop.subscribe(bob)
    Profile.objects.update_or_create(user=bob, defaults={"language": "fr"})
    game = begun()
    moves.submit(game.public_id, ann, "d3d4", 0)
    outbox.send_due()
    assert len(phone.pushes()) == len(laptop.pushes()) == 1
    assert phone.pushes() == laptop.pushes()
    assert phone.pushes()[0]["title"] != "Your turn"  # in French


def test_a_gone_device_is_forgotten(begun, ann, bob, bobs_phone, push_service):
    bobs_phone.answer(410)
    game = begun()
    moves.submit(game.public_id, ann, "d3d4", 0)
    assert outbox.send_due()["gone"] == 1
    assert not PushDevice.objects.exists() and not QueuedPush.objects.exists()


def test_a_device_not_found_is_forgotten(begun, ann, bob, bobs_phone):
    bobs_phone.answer(404)
    moves.submit(begun().public_id, ann, "d3d4", 0)
    assert outbox.send_due()["gone"] == 1
    assert not PushDevice.objects.exists()


def test_a_failing_push_service_is_tried_again_with_back_off_then_given_up_and_logged(
    begun, ann, bob, bobs_phone, clock, caplog
):
    bobs_phone.answer(500)
    moves.submit(begun().public_id, ann, "d3d4", 0)
    caplog.set_level(logging.INFO, logger="imperia.webpush")
    waits = []
    for _ in range(outbox.TRIES - 1):
        assert outbox.send_due()["retried"] == 1
        push = QueuedPush.objects.get()
        waits.append((push.due_at - clock.at).total_seconds())
        assert not any(outbox.send_due().values())  # not due yet
        clock.at = push.due_at
    assert waits == [30, 60, 120, 240]  # doubled each time
    assert outbox.send_due()["given up"] == 1
    assert not QueuedPush.objects.exists() and PushDevice.objects.exists()
    assert len(bobs_phone.headers()) == outbox.TRIES
    assert "given up after 5 attempts: 500" in caplog.text
    assert caplog.text.count("failed (500") == outbox.TRIES - 1


def test_a_push_older_than_its_time_to_live_is_given_up(
    begun, ann, bob, browser, clock, push_service
):
    phone = browser("phone")
    phone.subscribe(ann)
    phone.answer(503)
    outbox.queue(ann, outbox.Kind.TOURNAMENT, "Tournament", "Hourly Empire has begun.", "/t/1/")
    assert outbox.send_due()["retried"] == 1
    clock.advance(seconds=outbox.PLAN[outbox.Kind.TOURNAMENT][1])
    assert outbox.send_due()["given up"] == 1


def test_nothing_is_pushed_to_a_player_watching_the_game(
    begun, ann, bob, bobs_phone, push_service, settings
):
    game = begun()
    moves.submit(game.public_id, ann, "d3d4", 0)  # queued while bob was away
    from django.core.cache import cache

    cache.set(presence.key(game.public_id, bob.pk), True, presence.SECONDS)  # he opens it
    assert outbox.send_due()["watching"] == 1
    assert push_service.received == [] and not QueuedPush.objects.exists()


def test_only_the_kinds_a_player_chose_are_pushed(begun, ann, bob, bobs_phone, push_service):
    choices.choose(bob, [outbox.Kind.MESSAGE], [24, 1])
    game = begun()
    moves.submit(game.public_id, ann, "d3d4", 0)  # his turn: not chosen
    assert not QueuedPush.objects.exists()
    from play.round import chat

    chat.post(game, ann, "Good luck!")
    outbox.send_due()
    (push,) = bobs_phone.pushes()
    assert push["title"] == "Message from ann" and push["body"] == "Good luck!"
    assert push["url"] == f"/g/{game.public_id}/"


def test_a_challenge_and_a_game_begun_are_pushed(ann, bob, bobs_phone, push_service):
    game = games.create(ann, "empire-chess", "white", "seek", invited=bob)
    outbox.send_due()
    (challenge,) = bobs_phone.pushes()
    assert (
        challenge["title"] == "Challenge received" and challenge["url"] == game.get_absolute_url()
    )
    games.join(game, bob)
    outbox.send_due()
    assert bobs_phone.pushes()[1]["title"] == "Game started"
    assert QueuedPush.objects.count() == 0


def test_the_sender_without_keys_sends_nothing_and_keeps_the_queue(
    begun, ann, bob, bobs_phone, push_service, settings, tmp_path
):
    from play.webpush import keys

    moves.submit(begun().public_id, ann, "d3d4", 0)
    settings.VAR_DIR = tmp_path / "elsewhere"
    keys.forget()
    assert not any(outbox.send_due().values())
    assert QueuedPush.objects.count() == 1 and push_service.received == []


def test_a_push_held_by_another_sender_is_left_to_it(begun, ann, bob, bobs_phone, clock):
    moves.submit(begun().public_id, ann, "d3d4", 0)
    QueuedPush.objects.update(due_at=clock.at + timedelta(seconds=outbox.LEASE))  # its lease
    assert outbox.send_due()["sent"] == 0


def test_a_tournament_about_to_begin_is_pushed_to_its_players_once(ann, bob, browser, clock):
    from datetime import timedelta

    from play.tournaments import arenas, entries, schedule

    arena = arenas.create(ann, name="Evening Empress", game_slug="empress",
                          time_control={"kind": "live", "minutes": 3, "increment": 2},
                          minutes=60, starts_at=clock() + timedelta(minutes=30))  # fmt: skip
    entries.join(arena, bob)
    phone = browser("phone")
    phone.subscribe(bob)
    assert schedule.remind_soon(clock()) == 0  # half an hour ahead: not yet
    clock.advance(minutes=26)
    assert schedule.remind_soon(clock()) == 1
    assert schedule.remind_soon(clock()) == 0  # once
    outbox.send_due()
    (push,) = phone.pushes()
    assert push["body"] == "Evening Empress begins in 4 minutes."
    assert push["url"] == arena.get_absolute_url()
    assert phone.headers()[0]["urgency"] == "normal"
