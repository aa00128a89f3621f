"""Writing from the conversation's page, with htmx and without, each refusal said on the page
with nothing kept; and a message reported."""

import pytest

from play.common import limits
from play.inbox import inbox
from play.models import Letter, Report
from play.relations import relations

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_first_message_from_a_profile_opens_the_conversation(amy, ben, client_of):
    client = client_of(amy)
    assert 'href="/inbox/ben/">Send a message</a>' in client.get("/@/ben/").content.decode()
    page = client.get("/inbox/ben/").content.decode()
    assert "No messages yet." in page and "<textarea" in page
    answer = client.post("/inbox/ben/", {"text": "Hello"}, **HTMX)
    assert answer["HX-Redirect"] == "/inbox/ben/"
    answer = client.post("/inbox/ben/", {"text": "Again"})
    assert answer.status_code == 302 and answer["Location"] == "/inbox/ben/"
    assert [letter.text for letter in Letter.objects.order_by("pk")] == ["Hello", "Again"]
    inbox_page = client_of(ben).get("/inbox/").content.decode()
    assert 'href="/inbox/amy/"' in inbox_page and "2 unread" in inbox_page


def test_an_answer_by_htmx_adds_the_line_and_empties_the_form(amy, ben, client_of):
    inbox.send(ben, amy, "Hi Amy, see https://example.org/a?b=1 <script>x</script>")
    client = client_of(amy)
    page = client.get("/inbox/ben/").content.decode()
    assert '<a href="https://example.org/a?b=1" rel="nofollow">' in page
    assert "<script>x" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    answer = client.post("/inbox/ben/", {"text": "Hi Ben"}, **HTMX).content.decode()
    letter = Letter.objects.get(text="Hi Ben")
    assert answer.startswith('<div id="write">') and "Hi Ben</textarea>" not in answer
    assert f'hx-swap-oob="beforeend:#letters-{letter.conversation_id}"' in answer
    assert f'id="letter-{letter.pk}"' in answer and "Report" not in answer.split("write")[-1]


def test_a_refused_message_is_said_where_it_was_written_and_nothing_kept(
    amy,
    ben,
    client_of,
):
    inbox.send(ben, amy, "Hi")
    client = client_of(amy)
    cases = [
        ({"text": "   "}, 400, "Write something first."),
        ({"text": "x" * 2001}, 400, "has at most 2000 characters"),
        ({}, 400, "This field is required."),
    ]
    for data, status, said in cases:
        answer = client.post("/inbox/ben/", data, **HTMX)
        assert answer.status_code == status and said in answer.content.decode(), data
        assert answer.content.decode().startswith('<div id="write">')
    relations.block(ben, amy)
    answer = client.post("/inbox/ben/", {"text": "Why?"})
    assert answer.status_code == 403
    assert "This player does not take messages from you." in answer.content.decode()
    page = client.get("/inbox/ben/").content.decode()
    assert "<textarea" not in page and "does not take messages from you" in page
    assert client.post("/inbox/nobody/", {"text": "Hi"}).status_code == 404
    assert Letter.objects.count() == 1


def test_past_the_limit_the_form_says_how_long_to_wait(amy, ben, client_of, settings):
    settings.RATE_LIMIT_SCALE = 1
    client = client_of(amy)
    for i in range(limits.LIMITS["letter"].per_user):
        assert client.post("/inbox/ben/", {"text": f"Spam {i}"}).status_code == 302
    answer = client.post("/inbox/ben/", {"text": "One more"}, **HTMX)
    assert answer.status_code == 429 and "Retry-After" in answer
    assert "private messages" in answer.content.decode()
    assert Letter.objects.count() == limits.LIMITS["letter"].per_user


def test_a_message_is_reported_by_its_recipient_alone(amy, ben, established, client_of):
    letter = inbox.send(ben, amy, "You are a patzer")
    page = client_of(amy).get("/inbox/ben/").content.decode()
    assert f'href="/@/ben/report/?letter={letter.pk}"' in page
    form = client_of(amy).get(f"/@/ben/report/?letter={letter.pk}").content.decode()
    assert '<blockquote translate="no">You are a patzer</blockquote>' in form
    words = {"reason": "abuse", "text": "An insult."}
    cat = established("cat")
    answer = client_of(cat).post(f"/@/ben/report/?letter={letter.pk}", words)
    assert (
        answer.status_code == 404 and "not one this player wrote to you" in answer.content.decode()
    )
    assert (
        "You are a patzer"
        not in client_of(cat).get(f"/@/ben/report/?letter={letter.pk}").content.decode()
    )
    client_of(amy).post(f"/@/ben/report/?letter={letter.pk}", words)
    assert Report.objects.get().letter == letter


def test_settings_choose_who_may_write(amy, ben, client_of):
    page = client_of(ben).get("/settings/").content.decode()
    assert 'name="letters_from"' in page
    data = {"digest_hours": 6, "confirm_moves": "correspondence", "letters_from": "nobody"}
    client_of(ben).post("/settings/", data)
    answer = client_of(amy).post("/inbox/ben/", {"text": "Hi"})
    assert answer.status_code == 403 and "This player takes no messages." in answer.content.decode()
