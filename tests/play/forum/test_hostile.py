"""Markup and script in what players write are neutralised wherever it is shown: a post, a
thread's title, a club's name and description (Markdown, sanitised: play/markup/), on the
pages that show them. 200 hostile inputs, drawn by Hypothesis, each page's HTML read with
Python's parser: no script, no element that runs or loads, no event handler, no address but
the web's and the site's."""

from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.clubs import clubs
from play.common.errors import Refused
from play.forum import forum
from play.models import Club, Post, Thread
from tests.play.conftest import CHOICES

pytestmark = pytest.mark.django_db
HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click](javascript:alert(1))",
    '"><svg onload=alert(1)>',
    "<iframe src=//evil.example></iframe>",
    "<a href='javascript:alert(1)'>x</a>",
    "![x](javascript:alert(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    "<style>body{display:none}</style>",
    "```empress <script>alert(1)</script>\n8/8/8/8/8/8/8/8[QQQQQQQQEqqqqqqqqe] w 0 1\n```",
    '```empire-chess " onload="x\nnot a position\n```',
    "<object data=x></object><embed src=x>",
    "**bold** _it_ > quote `code`",
    "vbscript:msgbox(1) &lt;script&gt; &#x3C;",
    "\u202e\ufffd",
]
FORBIDDEN = {
    "script",
    "iframe",
    "object",
    "embed",
    "style",
    "img",
    "link",
    "meta",
    "base",
}


class Watch(HTMLParser):
    """What runs, loads or leads away in a page's main part."""

    def __init__(self):
        super().__init__()
        self.found, self.in_main, self.in_svg = [], False, 0

    def handle_starttag(self, tag, attrs):
        if tag == "main":
            self.in_main = True
        if not self.in_main:
            return
        if tag == "svg":
            self.in_svg += 1
        if tag in FORBIDDEN:
            self.found.append(tag)
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{tag} {name}")
            elsewhere = not value or not value.startswith(
                ("http://", "https://", "mailto:", "/", "#", "?")
            )
            if name in ("href", "src", "xlink:href", "action") and value and elsewhere:
                self.found.append(f"{tag} {name}={value}")
            if name == "style" and not self.in_svg:
                self.found.append(f"{tag} style")

    def handle_endtag(self, tag):
        if tag == "svg" and self.in_svg:
            self.in_svg -= 1
        if tag == "main":
            self.in_main = False


def threats(html: str) -> list[str]:
    watch = Watch()
    watch.feed(html)
    return watch.found


@pytest.fixture
def place(founder, club, client_of):
    """The founder's club and a thread of theirs on its board, and a client of theirs."""
    thread = forum.start_thread(founder, forum.board_of(club), "A title", "A post")
    return club, thread, client_of(founder)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.sampled_from([*HOSTILE, "hello", " ", "\n", "https://example.org/x"]),
                min_size=1, max_size=5).map("".join) | st.text(max_size=120))  # fmt: skip
def test_any_hostile_text_is_shown_harmless(place, text):
    club, thread, client = place
    text = text.replace("\x00", "")  # refused before it is kept (test_null_characters_...)
    name = " ".join(text.split())[:50] or "x"
    Club.objects.filter(pk=club.pk).update(description=text, name=f"{name} {club.pk}")
    Thread.objects.filter(pk=thread.pk).update(title=name[:100])
    Post.objects.filter(thread=thread).update(text=text)
    for address in ["/club/empress-circle/", f"/forum/club-empress-circle/{thread.pk}/",
                    "/forum/club-empress-circle/", "/clubs/"]:  # fmt: skip
        answer = client.get(address)
        assert answer.status_code == 200
        assert threats(answer.content.decode()) == [], (address, text)


@pytest.mark.parametrize("text", HOSTILE)
def test_each_hostile_text_through_the_services(founder, club, text):
    """Through the services too, as a player would write it: kept as written, shown harmless."""
    board = forum.board_of(club)
    thread = forum.start_thread(founder, board, text[:100].strip() or "x", text.strip() or "x")
    assert Post.objects.get(thread=thread).text == (text.strip() or "x")
    clubs.describe(founder, club, name=f"Club {len(text)}", description=text, games=["empress"],
                   language="en", admission="open", question="", forum="members")  # fmt: skip


def test_null_characters_are_refused_with_nothing_kept(founder, club, talk):
    for act in [
        lambda: forum.reply(founder, talk, "a\x00b"),
        lambda: forum.start_thread(founder, talk.board, "a\x00", "b"),
        lambda: clubs.describe(founder, club, **CHOICES | {"description": "\x00"}),
    ]:
        with pytest.raises(Refused, match="null characters"):
            act()
    assert Post.objects.count() == 1
