"""Private messages: a conversation a pair, who may write to whom, the counts, and the message
pushed to the recipient's open pages."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from imperia_site.asgi import application
from play.common import clocks
from play.common.errors import Refused
from play.games import games
from play.inbox import inbox
from play.models import (
    GUEST_PREFIX,
    Conversation,
    Correspondent,
    Letter,
    Profile,
    PushDevice,
    QueuedPush,
)
from play.relations import relations
from tests.play.relations.test_online import ORIGIN, logged_in_cookie

pytestmark = pytest.mark.django_db


def test_a_conversation_is_one_a_pair_with_each_sides_count(amy, ben):
    inbox.send(amy, ben, "  Hello Ben, a game of Empire?  ")
    inbox.send(ben, amy, "Gladly.")
    inbox.send(amy, ben, "Tonight then.")
    assert Conversation.objects.count() == 1
    assert [letter.text for letter in Letter.objects.order_by("pk")] == [
        "Hello Ben, a game of Empire?", "Gladly.", "Tonight then."
    ]  # fmt: skip
    amys, bens = Correspondent.objects.get(user=amy), Correspondent.objects.get(user=ben)
    assert (amys.other, amys.unread, amys.last_by_me, amys.last_text) == (
        ben, 1, True, "Tonight then."
    )  # fmt: skip
    assert (bens.other, bens.unread, bens.last_by_me) == (amy, 2, False)
    assert inbox.unread_conversations(ben) == 1
    inbox.read(bens)
    assert inbox.unread_conversations(ben) == 0
    assert Correspondent.objects.get(user=ben).unread == 0


def test_a_message_is_bounded_and_never_empty(amy, ben):
    for text, said in [("   \n ", "Write something first."), ("x" * 2001, "at most 2000")]:
        with pytest.raises(Refused, match=said):
            inbox.send(amy, ben, text)
    inbox.send(amy, ben, "x" * 2000)
    assert Letter.objects.count() == 1


def test_a_block_stops_messages_both_ways(amy, ben):
    inbox.send(amy, ben, "Hi")
    relations.block(ben, amy)
    with pytest.raises(Refused, match="does not take messages from you"):
        inbox.send(amy, ben, "Why?")
    with pytest.raises(Refused, match="unblock them first to write to them"):
        inbox.send(ben, amy, "Go away")
    assert Letter.objects.count() == 1
    relations.unblock(ben, amy)
    inbox.send(amy, ben, "Thank you")


def test_who_may_write_is_the_recipients_choice_and_an_answer_is_always_let_through(
    amy, ben, established
):
    cat = established("cat")
    Profile.objects.create(user=ben, letters_from=Profile.LettersFrom.NOBODY)
    with pytest.raises(Refused, match="This player takes no messages."):
        inbox.send(amy, ben, "Hi")
    inbox.send(ben, amy, "I write first")
    inbox.send(amy, ben, "And I answer")  # ben wrote to amy: she may answer
    Profile.objects.filter(user=ben).update(letters_from=Profile.LettersFrom.FOLLOWED)
    ben.profile.refresh_from_db()
    with pytest.raises(Refused, match="only from players they follow"):
        inbox.send(cat, ben, "Hi")
    relations.follow(ben, cat)
    inbox.send(cat, ben, "Hi")
    assert Letter.objects.filter(sender=cat).count() == 1


def test_a_new_account_writes_only_to_players_it_has_played(ann, ben, make_user):
    with pytest.raises(Refused, match="writes only to players it has played"):
        inbox.send(ann, ben, "Buy my course")
    assert not Conversation.objects.exists()
    games.join(games.create(ann, "empress", "white", "seek"), ben)
    inbox.send(ann, ben, "Good game")
    assert Letter.objects.count() == 1


def test_no_one_writes_to_themselves_the_computer_or_as_a_visitor(amy, ben, make_user):
    from play.computer import opponents

    with pytest.raises(Refused, match="That is you."):
        inbox.send(amy, amy, "Hi me")
    with pytest.raises(Refused, match="The computer reads no messages."):
        inbox.send(amy, opponents.player(1), "Hi")
    with pytest.raises(Refused, match="Only players with an account"):
        inbox.send(make_user(GUEST_PREFIX + "0a1b2c"), ben, "Hi")
    ben.is_active = False  # closed, or deleted
    ben.save()
    with pytest.raises(Refused, match="This account is closed."):
        inbox.send(amy, ben, "Hi")
    assert not Letter.objects.exists()


def test_a_player_begins_a_bounded_number_of_conversations_a_day(amy, established):
    others = [established(f"p{i:02d}") for i in range(inbox.MOST_STARTED_A_DAY + 1)]
    for other in others[:-1]:
        inbox.send(amy, other, "Hello")
    with pytest.raises(Refused, match="You began 20 conversations today"):
        inbox.send(amy, others[-1], "Hello")
    inbox.send(amy, others[0], "Another in one begun")  # a conversation begun goes on
    assert Conversation.objects.count() == inbox.MOST_STARTED_A_DAY


def test_the_recipient_is_emailed_once_for_a_run_of_unread_messages(
    amy, ben, django_capture_on_commit_callbacks
):
    ben.email = "ben@example.org"
    ben.save()
    with django_capture_on_commit_callbacks(execute=True):
        inbox.send(amy, ben, "One")
        inbox.send(amy, ben, "Two")
    assert [m.subject for m in mail.outbox] == ["[Imperia] A message from amy"]
    assert "One" in mail.outbox[0].body and "/inbox/amy/" in mail.outbox[0].body
    with django_capture_on_commit_callbacks(execute=True):
        inbox.read(Correspondent.objects.get(user=ben))
        inbox.send(amy, ben, "Three")
    assert len(mail.outbox) == 2


def test_a_message_is_pushed_to_the_recipients_devices_if_they_chose_it(amy, ben):
    at = clocks.now()
    PushDevice.objects.create(user=ben, endpoint="https://push.example/1", p256dh="k", auth="a",
                              created_at=at)  # fmt: skip
    inbox.send(amy, ben, "Are you there?")
    push = QueuedPush.objects.get()
    assert push.kind == "letter" and push.payload["url"] == "/inbox/amy/"
    assert push.payload["title"] == "A message from amy"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_message_reaches_the_recipients_open_page_with_the_count(amy, ben):
    cookie = await database_sync_to_async(logged_in_cookie)(ben)
    page = WebsocketCommunicator(application, "/ws/me/", headers=[ORIGIN, (b"cookie", cookie)])
    assert (await page.connect())[0]
    await page.receive_from()  # the counts as the page opens
    letter = await database_sync_to_async(inbox.send)(amy, ben, "Ready <b>now</b>?")
    pushed = await page.receive_from()
    conversation = letter.conversation_id
    assert f'hx-swap-oob="beforeend:#letters-{conversation}"' in pushed
    assert "Ready &lt;b&gt;now&lt;/b&gt;?" in pushed
    assert 'hx-post="/inbox/amy/read/" hx-trigger="load"' in pushed
    counts = await page.receive_from()
    assert 'id="letters-count"' in counts and "Messages: 1 conversation unread" in counts
    await page.disconnect()


def queries_of(client, address: str) -> tuple[int, str]:
    client.get(address)  # what is read once (the session, the site's settings) is read
    with CaptureQueriesContext(connection) as queries:
        page = client.get(address).content.decode()
    return len(queries), page


def test_the_inbox_pages_in_flat_queries_however_many_write(amy, established, client_of):
    client = client_of(amy)
    for i in range(35):
        inbox.send(established(f"q{i:02d}"), amy, f"Hello {i}")
    few, _ = queries_of(client, "/inbox/")
    for i in range(35, 70):
        inbox.send(established(f"q{i:02d}"), amy, f"Hello {i}")
    many, page = queries_of(client, "/inbox/")
    assert many == few
    assert "Hello 69" in page and "Hello 39" not in page and "?page=2" in page
    assert "Messages: 70 conversations unread" in page


def test_a_conversation_pages_in_flat_queries_and_is_read_as_it_is_opened(amy, ben, client_of):
    for i in range(60):
        inbox.send(ben, amy, f"Line {i}")
    client = client_of(amy)
    few, page = queries_of(client, "/inbox/ben/")
    assert page.index("Line 10<") < page.index("Line 59<")  # the latest last
    assert "Line 9<" not in page and 'href="?page=2"' in page
    assert Correspondent.objects.get(user=amy).unread == 0
    for i in range(60, 200):
        inbox.send(ben, amy, f"Line {i}")
    many, _ = queries_of(client, "/inbox/ben/")
    assert many == few < 15  # not a query a message
    older = client.get("/inbox/ben/?page=4").content.decode()
    assert "Line 0<" in older and 'id="letters-older"' in older
