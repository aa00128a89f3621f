"""A player's Markdown is shown as Markdown means it and never as the HTML it may hold: only
safe links, no script, no handlers, no style; a position in a fenced block is the site's own
board, and nothing a player writes can pass for one."""

import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules
from play.markup.markup import MOST_DIAGRAMS, render

# Each game's starting position, as it writes a position (what Game.position stores).
START = {game.slug: game.format(game.initial()) for game in rules.games()}
# A position in play, from the Empress rules page.
EMPRESS_IN_PLAY = "8/2q5/5e2/8/1Q1E4/8/5q2/Q7[QQQQqqqqq] w 0 12"
HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<a href='javascript:alert(1)'>x</a>",
    '"><svg onload=alert(1)>',
    "<iframe src=https://example.org></iframe>",
    "<object data=x></object><embed src=x>",
    '<style>body{}</style><p style="color:red">x</p>',
    "[click](javascript:alert(1))",
    "[data](data:text/html;base64,PHNjcmlwdD4=)",
    "[v](vbscript:msgbox(1))",
    "[j](JaVaScRiPt&#58;alert(1))",
    "![x](javascript:alert(1))",
    '[t](http://example.org "x\\" onmouseover=\\"alert(1)")',
    "<javascript:alert(1)>",
    'http://example.org/"onmouseover="alert(1)',
    "&lt;script&gt; &amp; &#x3C;",
    "<!-- -->",
]
MARKDOWN = ["**b**", "*i*", "~~s~~", "# h", "> ", "- ", "1. ", "`c`", "\n", "\n\n", "---", " ",
            "| a |\n|---|\n| b |", "https://example.org/x", "www.example.org", "Ω ✓ ‮ 中"]  # fmt: skip
SAFE_SCHEMES = {"", "http", "https", "mailto"}
FORBIDDEN = {"script", "iframe", "object", "embed", "style", "img"}


class Audit(HTMLParser):
    """Everything unsafe in a page's HTML; style attributes count only outside the site's
    own boards."""

    def __init__(self):
        super().__init__()
        self.found, self.svg_depth = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in FORBIDDEN:
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(name)
            if (
                name in ("href", "src", "xlink:href")
                and urlsplit(value or "").scheme.lower() not in SAFE_SCHEMES
            ):
                self.found.append(f"{name}={value}")
            if name == "style" and not self.svg_depth:
                self.found.append("style")
        self.svg_depth += tag == "svg"

    def handle_endtag(self, tag):
        self.svg_depth -= tag == "svg" and self.svg_depth > 0


def unsafe(html: str) -> list[str]:
    audit = Audit()
    audit.feed(html)
    audit.close()
    return audit.found


def diagram(slug: str, position: str, caption: str = "") -> str:
    return f"```{slug} {caption}\n{position}\n```\n"


def test_markdown_renders_with_headings_below_the_pages_own():
    html = render(
        "# Openings\n## Empress\n###### Small\n\n**bold** *italic* ~~struck~~\n\n- one\n- two\n\n"
        "1. first\n\n> as she said\n\n[rules](https://example.org/rules)"
    )
    for part in ("<h3>Openings</h3>", "<h4>Empress</h4>", "<h6>Small</h6>",
                 "<strong>bold</strong>", "<em>italic</em>", "<s>struck</s>", "<li>one</li>",
                 "<ol>", "<blockquote>\n<p>as she said</p>\n</blockquote>"):  # fmt: skip
        assert part in html
    assert "<h1" not in html and "<h2" not in html
    assert '<a href="https://example.org/rules" rel="nofollow noopener ugc">rules</a>' in html


def test_bare_addresses_become_links_that_vouch_for_nothing():
    html = render("See https://example.org/x and www.example.org")
    assert html.count('rel="nofollow noopener ugc"') == 2


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_markup_is_text_or_gone(text):
    html = render(text)
    assert not unsafe(html), html
    assert "<svg" not in html and '<a href="javascript' not in html.lower()


def test_raw_html_is_shown_as_written():
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in render("<script>alert(1)</script>")
    assert "&lt;img src=x onerror=" in render('<img src=x onerror="alert(1)">')


def test_links_to_script_or_data_are_not_made():
    for text in ("[a](javascript:alert(1))", "[a](data:text/html,x)", "<javascript:alert(1)>"):
        assert "href" not in render(text)


@pytest.mark.parametrize("slug", sorted(START))
def test_a_diagram_of_each_game_is_its_board(slug):
    html = render(diagram(slug, START[slug], "The start"))
    assert html.startswith("<figure><svg") and html.count("<svg") == 1
    assert re.search(r"<title>[^<]*: The start</title>", html)
    assert "<figcaption>The start</figcaption></figure>" in html
    assert not unsafe(html)


def test_a_position_in_play_is_drawn():
    assert render(diagram("empress", EMPRESS_IN_PLAY)).count("<svg") == 1


def test_a_caption_is_text():
    html = render(diagram("empress", EMPRESS_IN_PLAY, "<script>alert(1)</script> & more"))
    assert "<figcaption>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</figcaption>" in html
    assert "<title>Empress board: &lt;script&gt;alert(1)&lt;/script&gt; &amp; more</title>" in html
    assert "<script" not in html


def test_a_position_that_does_not_parse_is_code_with_a_note():
    html = render(diagram("empire", "<b>not a board</b>", "caption"))
    assert "<svg" not in html and "caption" not in html
    assert "<pre><code>&lt;b&gt;not a board&lt;/b&gt;\n</code></pre>" in html
    # The error's own words are escaped: Empire's names its parts as <W>x<H>.
    assert "<p>Not a position of Empire: An Empire position reads: &lt;W&gt;x&lt;H&gt;" in html


def test_an_unknown_game_is_plain_code():
    html = render(diagram("chess", START["empire-chess"], "a caption"))
    assert html == f"<pre><code>{START['empire-chess']}\n</code></pre>\n"


def test_only_so_many_diagrams_are_drawn():
    html = render(diagram("empress", EMPRESS_IN_PLAY) * (MOST_DIAGRAMS + 1))
    assert html.count("<svg") == MOST_DIAGRAMS and html.count("<pre>") == 1


@pytest.mark.parametrize(
    "forged",
    [
        "0" * 32,
        "diagram-0",
        "diagram-0000000000000000-0",
        "<!-- diagram 0 -->",
        "\x00diagram\x00",
        '<div data-diagram="0"></div>',
        "<figure>0</figure>",
    ],
)
def test_a_forged_placeholder_is_never_a_board(forged):
    html = render(f"{forged}\n\n{diagram('empress', EMPRESS_IN_PLAY)}\n{forged}\n")
    assert html.count("<svg") == 1 and html.count("<figure>") == 1
    assert not unsafe(html)


fences = st.builds(
    diagram,
    st.sampled_from([*START, "chess", "EMPRESS"]),
    st.sampled_from([*START.values(), EMPRESS_IN_PLAY, *HOSTILE]) | st.text(max_size=40),
    st.sampled_from(HOSTILE)
    | st.text(alphabet=st.characters(exclude_characters="\n`"), max_size=40),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(HOSTILE + MARKDOWN) | fences | st.text(max_size=40),
                min_size=1, max_size=8).map("".join))  # fmt: skip
def test_any_text_renders_without_script_handlers_or_unsafe_links(text):
    assert not unsafe(render(text))


def test_a_lone_surrogate_is_shown_as_a_replacement_character():
    assert render("a\ud800b") == "<p>a\ufffdb</p>\n"
