"""Before a correspondence clock runs out: a day and an hour before (as the player keeps
them), beside the warning at its last 20 %, each once a turn, in the bell, by email and by
push."""

import pytest

from play.games import sweeper
from play.models import Notification, QueuedPush
from play.round import moves
from play.webpush import choices, outbox

pytestmark = pytest.mark.django_db(transaction=True)  # emails go out after commit
WEEK = {"kind": "days", "days": 7}


@pytest.fixture
def bobs_turn(timed_game, ann, bob, browser, mailoutbox):
    """A week's clock, bob to move; his phone subscribed, his address known."""

    def make(tc=WEEK):
        bob.email = "bob@example.org"
        bob.save()
        game = timed_game(tc)
        moves.submit(game.public_id, ann, "d3d4", 0)
        phone = browser("bobs-phone")
        phone.subscribe(bob)
        mailoutbox.clear()
        return game, phone

    return make


def left_at(clock, game, **left):
    from datetime import timedelta

    clock.at = game.deadline - timedelta(**left)


def test_a_day_and_an_hour_before_each_once_by_push_and_email(
    bobs_turn, bob, clock, mailoutbox, push_service
):
    game, phone = bobs_turn()
    told = []
    for left in ({"hours": 34}, {"hours": 33}, {"hours": 25}, {"hours": 24}, {"hours": 2},
                 {"minutes": 59}, {"minutes": 1}):  # fmt: skip
        left_at(clock, game, **left)
        told.append(sweeper.warn_low_time())
        assert sweeper.warn_low_time() == 0  # once each
    # 20 % of a week is 33.6 h; then a day, then an hour
    assert told == [0, 1, 0, 1, 0, 1, 0]
    notes = Notification.objects.filter(user=bob, kind="low-time").order_by("pk")
    assert [n.text for n in notes] == [
        "Time is running low against ann: 1 day 9 h left.",
        "Time is running low against ann: 1 day 0 h left.",
        "Time is running low against ann: 59:00 left.",
    ]
    assert len(mailoutbox) == 3 and mailoutbox[2].to == ["bob@example.org"]
    assert "59:00 left" in mailoutbox[2].subject
    assert outbox.send_due()["sent"] == 3
    pushes = phone.pushes()
    assert [p["body"] for p in pushes] == [n.text for n in notes]
    assert {p["title"] for p in pushes} == {"Time running low"}
    assert {h["urgency"] for h in phone.headers()} == {"high"}


def test_a_reminder_turned_off_is_not_given(bobs_turn, bob, clock, mailoutbox):
    choices.choose(bob, choices.Kind.values, [1])  # the hour, not the day
    game, _ = bobs_turn()
    left_at(clock, game, hours=33)
    assert sweeper.warn_low_time() == 1  # the 20 % warning is everyone's
    left_at(clock, game, hours=23)
    assert sweeper.warn_low_time() == 0
    left_at(clock, game, minutes=30)
    assert sweeper.warn_low_time() == 1
    assert len(mailoutbox) == 2


def test_each_turn_has_its_own(bobs_turn, ann, bob, clock):
    game, _ = bobs_turn()
    left_at(clock, game, minutes=30)
    assert sweeper.warn_low_time() == 1  # the day and the 20 % passed unseen: the hour only
    assert sweeper.warn_low_time() == 0
    moves.submit(game.public_id, bob, "e7e5", 1)
    game.refresh_from_db()
    left_at(clock, game, hours=23)
    assert sweeper.warn_low_time() == 1  # ann's turn: her day
    assert Notification.objects.filter(user=ann, kind="low-time").count() == 1


def test_a_turn_that_begins_with_a_day_or_less_gets_no_day_reminder(bobs_turn, bob, clock):
    game, _ = bobs_turn({"kind": "days", "days": 1})
    left_at(clock, game, hours=23, minutes=59)
    assert sweeper.warn_low_time() == 0  # not "a day left" as the turn begins
    left_at(clock, game, hours=4)
    assert sweeper.warn_low_time() == 1  # its last 20 %
    left_at(clock, game, minutes=50)
    assert sweeper.warn_low_time() == 1


def test_a_player_who_chose_no_clock_pushes_still_gets_the_email(bobs_turn, bob, clock, mailoutbox):
    choices.choose(bob, [choices.Kind.TURN], [24, 1])
    game, _ = bobs_turn()
    left_at(clock, game, hours=20)
    assert sweeper.warn_low_time() == 1
    assert len(mailoutbox) == 1 and not QueuedPush.objects.exists()
