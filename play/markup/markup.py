"""Markdown as players write it (forum posts, club descriptions), made HTML safe to show, with
the site's own board drawn wherever a post shows a position:

    ```empress The opening, after three moves
    <the position, as the game writes it>
    ```
"""

import re
import secrets

import nh3
from django.utils.html import escape
from django.utils.translation import gettext as _
from markdown_it import MarkdownIt
from markdown_it.common.utils import unescapeAll
from markdown_it.token import Token

import rules
from play.boards import figure
from play.common.language import translated

# Raw HTML is shown as the text it is; an image is left a link to it (a post loads nothing
# from elsewhere); a bare address becomes a link.
MARKDOWN = (
    MarkdownIt("commonmark", {"html": False, "linkify": True})
    .enable(["table", "strikethrough", "linkify"])
    .disable("image")
)
# A page's own h1 and h2 are the site's: a post's headings sit below them.
HEADING_SHIFT = 2
# Each diagram is a whole board to draw: a text shows this many, and any more as code.
MOST_DIAGRAMS = 10
# What the Markdown may make, and nothing else (a second guard, should the parser let through
# more than it means to).
TAGS = {
    "p", "br", "em", "strong", "s", "a", "ul", "ol", "li", "blockquote", "code", "pre",
    "h3", "h4", "h5", "h6", "hr", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip
ATTRIBUTES = {"a": {"href"}, "ol": {"start"}}
SCHEMES = {"http", "https", "mailto"}
# A post links where its writer says, not on the site's word.
LINK_REL = "nofollow noopener ugc"
# A lone surrogate, which no UTF-8 can carry, yet a JSON string can (`"\ud800"`).
SURROGATE = re.compile("[\ud800-\udfff]")
GAMES = {game.slug: game for game in rules.games()}


def render(text: str) -> str:
    """`text` (Markdown, as a player typed it) as safe HTML: the Markdown's own HTML sanitised,
    then the boards it shows put in, which the site draws and so trusts. Each board stands in
    the sanitised HTML as a placeholder, a random token made for it alone, which no player can
    write into a text ahead of it."""
    blocks, boards, tried = [], {}, 0
    for block in MARKDOWN.parse(SURROGATE.sub("\ufffd", text)):
        if block.type in ("heading_open", "heading_close"):
            block.tag = f"h{min(int(block.tag[1]) + HEADING_SHIFT, 6)}"
        game, caption = _diagram(block) if tried < MOST_DIAGRAMS else (None, "")
        if game is None:
            blocks.append(block)
            continue
        tried += 1
        try:
            state = game.parse(block.content)
        except ValueError as error:
            note = _("Not a position of %(game)s: %(error)s") % {
                "game": translated(game.name),
                "error": translated(error.args[0]),
            }
            blocks += [block, _html(f"<p>{escape(note)}</p>\n")]
            continue
        placeholder = secrets.token_hex(16)
        boards[placeholder] = figure(game.slug, state, caption=caption)
        blocks.append(_html(f"{placeholder}\n"))
    html = nh3.clean(
        MARKDOWN.renderer.render(blocks, MARKDOWN.options, {}),
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes=SCHEMES,
        link_rel=LINK_REL,
    )
    for placeholder, board in boards.items():
        html = html.replace(placeholder, board, 1)
    return html


def gist(text: str) -> str:
    """`text`'s own words as plain text, for a line under a search's result: what its writer
    wrote, neither what they quoted nor the code and boards they showed."""
    words, quoted = [], 0
    for block in MARKDOWN.parse(SURROGATE.sub("\ufffd", text)):
        quoted += {"blockquote_open": 1, "blockquote_close": -1}.get(block.type, 0)
        if block.type == "inline" and not quoted:
            words += [
                part.content
                for part in block.children or ()
                if part.type in ("text", "code_inline")
            ]
    return " ".join(" ".join(words).split())


def _diagram(block: Token) -> tuple[rules.Game | None, str]:
    """The game a fenced block shows a position of, by the slug its info string starts with,
    and the caption that follows (plain text); no game for any other block."""
    if block.type != "fence":
        return None, ""
    slug, _space, caption = unescapeAll(block.info).strip().partition(" ")
    return GAMES.get(slug), caption.strip()


def _html(markup: str) -> Token:
    """A block of HTML made here (not the player's), rendered as it is."""
    return Token("html_block", "", 0, content=markup)
