"""Notifications: who is told what, by which channel, and the log of every attempt."""

import pytest

from play.games import games, sweeper
from play.models import Delivery, Notification, Profile
from play.notify import notify
from play.round import moves, offers

pytestmark = pytest.mark.django_db(transaction=True)  # emails go out after commit
DAYS = {"kind": "days", "days": 5}


@pytest.fixture
def with_email(ann, bob):
    for user in (ann, bob):
        user.email = f"{user.username}@example.org"
        user.save()


def test_game_started_and_your_turn(with_email, timed_game, ann, bob, mailoutbox):
    game = timed_game(DAYS)
    assert Notification.objects.filter(
        user=ann, kind="started", text__contains="your move"
    ).exists()
    assert Notification.objects.filter(
        user=bob, kind="started", text__contains="ann moves first"
    ).exists()
    assert len(mailoutbox) == 2  # "game started" goes at once
    moves.submit(game.public_id, ann, "d3d4", 0)
    note = Notification.objects.get(user=bob, kind="your-turn")
    assert note.text == "Your turn against ann (Empire Chess)."
    assert list(note.deliveries.values_list("channel", "status")) == [
        ("in-app", "sent"),
        ("email", "queued"),
    ]
    assert len(mailoutbox) == 2  # "your turn" waits for the digest


def test_your_turn_emails_come_as_a_digest_at_most_every_n_hours(
    with_email, timed_game, ann, bob, clock, mailoutbox
):
    game = timed_game(DAYS)
    mailoutbox.clear()
    Profile.objects.filter(user=bob).update(digest_hours=6)
    Profile.objects.filter(user=ann).update(email_enabled=False)  # only bob's mail, here
    moves.submit(game.public_id, ann, "d3d4", 0)
    assert sweeper.sweep_once()["digests sent"] == 1
    assert len(mailoutbox) == 1 and "Your turn in 1 game" in mailoutbox[0].subject
    moves.submit(game.public_id, bob, "e7e5", 1)
    moves.submit(game.public_id, ann, "d4d5", 2)
    clock.advance(hours=2)
    assert sweeper.sweep_once()["digests sent"] == 0  # too soon: it waits
    clock.advance(hours=5)
    assert sweeper.sweep_once()["digests sent"] == 1
    assert len(mailoutbox) == 2 and mailoutbox[1].to == ["bob@example.org"]
    assert Delivery.objects.filter(channel="email", status="sent", detail="digest").count() == 2


def test_email_can_be_turned_off_and_that_is_logged(with_email, timed_game, ann, bob, mailoutbox):
    Profile.objects.update_or_create(user=bob, defaults={"email_enabled": False})
    timed_game(DAYS)
    assert [m.to for m in mailoutbox] == [["ann@example.org"]]
    delivery = Delivery.objects.get(notification__user=bob, channel="email")
    assert delivery.status == "skipped" and "turned off" in delivery.detail


def test_a_failed_email_is_logged_not_raised(with_email, ann, bob, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionRefusedError("no mail server")

    monkeypatch.setattr(notify.EmailMessage, "send", broken)
    notify.tell(ann, notify.Kind.OVER, "A game ended.")
    delivery = Delivery.objects.get(notification__user=ann, channel="email")
    assert delivery.status == "failed" and "no mail server" in delivery.detail


def test_low_time_is_told_once_per_turn(timed_game, ann, bob, clock):
    game = timed_game(DAYS)
    moves.submit(game.public_id, ann, "d3d4", 0)
    clock.advance(days=3, hours=23)  # 1 day 1 h of 5 days left: above 20 %
    assert sweeper.warn_low_time() == 0
    clock.advance(hours=2)
    assert sweeper.warn_low_time() == 1
    assert sweeper.warn_low_time() == 0
    assert Notification.objects.get(user=bob, kind="low-time").text.startswith(
        "Time is running low against ann"
    )


def test_offers_and_game_over_are_told(active_game, ann, bob):
    offers.act(active_game, ann, "offer")
    assert Notification.objects.filter(
        user=bob, kind="offer", text="ann offers a draw (Empire Chess)."
    ).exists()
    games.resign(active_game, bob)
    assert Notification.objects.filter(
        user=ann, kind="over", text__contains="White wins (resignation)"
    ).exists()


def test_the_notifications_page_marks_them_read(active_game, client_of, ann):
    assert Notification.objects.filter(user=ann, read_at__isnull=True).count() == 1
    html = client_of(ann).get("/notifications/").content.decode()
    assert "has begun" in html and 'class="unread"' in html
    assert Notification.objects.filter(user=ann, read_at__isnull=True).count() == 0


def test_a_game_against_the_computer_tells_no_one_it_has_begun(make_user, ann, client_of):
    """The player began it and is at the board: the bell stays for what they did not do."""
    from play.computer import opponents

    visitor = make_user("anonymous-0a1b2c3d4e5f")
    for player in (visitor, ann):
        game = opponents.start(player, "empire-chess", 1, "white")
        moves.submit(game.public_id, player, "e3e4", 0)
        opponents.start(player, "empress", 1, "black")
    assert not Notification.objects.exists()


def test_a_visitors_notifications_point_to_signing_up_not_to_settings(make_user, ann, client_of):
    visitor = make_user("anonymous-0a1b2c3d4e5f")
    page = client_of(visitor).get("/notifications/").content.decode()
    assert 'href="/settings/"' not in page and "in your settings" not in page
    assert '<a href="/signup/">Sign up</a> to keep your games and have these by email too' in page
    page = client_of(ann).get("/notifications/").content.decode()
    assert "Choose what comes by email in your" in page and 'href="/settings/"' in page
