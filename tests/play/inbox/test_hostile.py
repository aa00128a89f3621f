"""A private message is plain text: whatever markup, script or address it holds is shown as
written, and only web addresses become links, safe ones."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from hypothesis import given, settings
from hypothesis import strategies as st

from play.models import Letter

HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "javascript:alert(1)",
    "[click](javascript:alert(1))",
    '"><svg onload=alert(1)>',
    'http://example.org/"onmouseover="alert(1)',
    "www.example.org/<b>bold</b>",
    "https://example.org/a?b=<script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "&lt;script&gt; &amp; &#x3C;",
    "<a href='javascript:alert(1)'>x</a>",
    "vbscript:msgbox(1)",
]
EVENT_ATTRIBUTE = re.compile(r"<[^>]*\son\w+\s*=", re.IGNORECASE)
HREF = re.compile(r'href="([^"]*)"')


def shown(text: str) -> str:
    """The message as its page shows it (from an unsaved sender: no database needed)."""
    letter = Letter(
        pk=1, conversation_id=1, sender=get_user_model()(pk=1, username="eve"), text=text
    )
    context = {"letters": [letter], "reader": None, "other": letter.sender}
    return render_to_string("inbox/letters.html", context)


def check(html: str) -> None:
    body = html.split('<p translate="no">', 1)[1]
    assert "<script" not in body.lower() and "<img" not in body.lower()
    assert "<svg" not in body.lower() and not EVENT_ATTRIBUTE.search(body)
    for address in HREF.findall(body):
        assert address.startswith(("http://", "https://")), address


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_messages_are_shown_as_written(text):
    html = shown(text)
    check(html)
    if "<" in text:
        assert "&lt;" in html  # the markup shown, not obeyed


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([*HOSTILE, "hello", " ", "\n", "https://example.org/x"]),
                min_size=1, max_size=6).map("".join) | st.text(max_size=200))  # fmt: skip
def test_any_message_renders_without_script_or_handlers(text):
    check(shown(text))
