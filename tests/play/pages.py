"""A game page's #live fragment as its script keeps it (static/js/imperia.js), for tests: parsed
as a browser parses it (html5lib), a move's updates applied as the page applies them, and read
back in a form two pages can be compared by."""

from __future__ import annotations

import html
import json
import re
from xml.dom import minidom

import html5lib

from play.boards.base import actions_of

SVG = "http://www.w3.org/2000/svg"
KEYS = ("data-square", "data-part", "data-side")


def clicks_in(text: str) -> dict[str, dict[str, str]]:
    """What a click does on each square, reserve piece or direction of the boards in `text`,
    by its name, as the page's script reads their data-clicks."""
    found = {}
    for table in re.findall(r"data-clicks='([^']*)'", text):
        found.update(actions_of(html.unescape(table)))
    return found


def parse(text: str) -> minidom.DocumentFragment:
    return html5lib.parseFragment(text, treebuilder="dom")


def elements(node):
    """`node`'s descendants that are elements, in document order."""
    for child in node.childNodes:
        if child.nodeType == child.ELEMENT_NODE:
            yield child
            yield from elements(child)


def by_id(node, id_: str):
    return next((e for e in elements(node) if e.getAttribute("id") == id_), None)


def children(node) -> list:
    return [c for c in node.childNodes if c.nodeType == c.ELEMENT_NODE]


class Page:
    """The #live fragment a page shows, from the whole fragment it was sent."""

    def __init__(self, fragment: str):
        self.root = parse(fragment)
        self.live = by_id(self.root, "live")

    @property
    def revision(self) -> int:
        return int(self.live.getAttribute("data-revision"))

    def apply(self, update: str) -> None:
        """A move's update, as applyUpdate() applies it to a page at the revision before."""
        parts = parse(update)
        marker = next(e for e in elements(parts) if e.hasAttribute("data-update-base"))
        base, revision = (
            int(marker.getAttribute("data-update-base")),
            int(marker.getAttribute("value")),
        )
        assert self.revision == base, f"an update of {base} on a page at {self.revision}"
        board_update = next(
            (e for e in elements(parts) if e.hasAttribute("data-board-update")), None
        )
        if board_update is not None:
            board_update.parentNode.removeChild(board_update)
            board = next(
                e for e in elements(by_id(self.live, "board-wrap")) if e.localName == "svg"
            )
            _patch(board, board_update)
        for part in [e for e in elements(parts) if e.hasAttribute("hx-swap-oob")]:
            self._swap(part)
        self.live.setAttribute("data-revision", str(revision))
        by_id(self.live, "live-ply").setAttribute("value", marker.getAttribute("data-ply"))
        self.live.setAttribute("data-ply", marker.getAttribute("data-ply"))
        self._follow_ply()

    def _swap(self, part) -> None:
        """An out-of-band swap as htmx makes it: by id, or by the selector it names."""
        how = part.getAttribute("hx-swap-oob")
        part.removeAttribute("hx-swap-oob")
        style, _, selector = how.partition(":")
        style = "outerHTML" if style == "true" else style
        target = by_id(self.live, selector[1:] if selector else part.getAttribute("id"))
        assert target is not None, f"no element for {how} {part.toxml()[:80]}"
        if style == "outerHTML":
            target.parentNode.replaceChild(part, target)
            return
        if style == "innerHTML":
            for child in list(target.childNodes):
                target.removeChild(child)
        assert style in ("innerHTML", "beforeend"), style
        for child in list(part.childNodes):
            target.appendChild(child)

    def _follow_ply(self) -> None:
        """followPly(): "back" to the ply before the live one, the last move marked."""
        ply = int(self.live.getAttribute("data-ply"))
        for link in elements(by_id(self.live, "moves")):
            if link.hasAttribute("aria-current") and link.getAttribute("data-ply") != str(ply):
                link.removeAttribute("aria-current")
        for button in elements(by_id(self.live, "steps")):
            if button.getAttribute("data-nav") in ("first", "back"):
                if ply == 0:
                    button.setAttribute("disabled", "")
                elif button.hasAttribute("disabled"):
                    button.removeAttribute("disabled")
            if button.getAttribute("data-nav") == "back":
                for name in ("hx-get", "hx-push-url"):
                    value = button.getAttribute(name)
                    button.setAttribute(name, re.sub(r"ply=-?\d+", f"ply={ply - 1}", value))

    def shown(self):
        return shown(self.live)


def _patch(scope, update) -> None:
    """patch(): each part of a board's update in place of the one it names."""
    for part in children(update):
        if part.hasAttribute("data-clicks"):
            old = next(c for c in children(scope) if c.hasAttribute("data-clicks"))
        else:
            key = next(k for k in KEYS if part.hasAttribute(k))
            old = next(c for c in children(scope) if c.getAttribute(key) == part.getAttribute(key))
        if part.hasAttribute("data-side") and not part.hasAttribute("data-square"):
            _patch(old, part)
        else:
            old.parentNode.replaceChild(part, old)


def shown(node):
    """What an element shows, to compare: its name, attributes (a board's clicks read as
    actions) and children, text with its spaces run together, a clock's time left out (it is
    the time the page was drawn); Empire's stones in any order (a page draws them by point, an
    update adds each at the end: the same picture)."""
    if node.nodeType == node.TEXT_NODE:
        text = " ".join(node.data.split())
        return text or None
    if node.nodeType != node.ELEMENT_NODE:
        return None
    attrs = dict(node.attributes.items())
    for kept in ("data-update-base", "data-ply"):  # which update the marks came with
        if node.getAttribute("id") == "live-revision":
            attrs.pop(kept, None)
    if "data-clicks" in attrs:
        attrs["data-clicks"] = actions_of(attrs["data-clicks"])
    clock = "clock" in attrs.get("class", "").split()
    kids = [] if clock else [s for s in map(shown, node.childNodes) if s is not None]
    if attrs.get("id") == "stones":  # Empire's stones: an update adds each at the end
        kids.sort()
    return (node.tagName, json.dumps(attrs, sort_keys=True), tuple(kids))


def first_difference(a, b, path=()) -> str | None:
    """Where two shown() trees first differ, and how: for a failing test's message."""
    if a == b:
        return None
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 3 and len(b) == 3:
        if a[:2] != b[:2]:
            return f"at {'/'.join(path)}: {a[:2]} != {b[:2]}"
        for i, (x, y) in enumerate(zip(a[2], b[2], strict=False)):
            found = first_difference(x, y, (*path, f"{a[0]}[{i}]"))
            if found:
                return found
        extra = a[2][len(b[2]) :] or b[2][len(a[2]) :]
        return f"at {'/'.join(path)}/{a[0]}: one has {len(a[2])} children, the other {len(b[2])}: {str(extra)[:300]}"
    return f"at {'/'.join(path)}: {str(a)[:300]} != {str(b)[:300]}"
