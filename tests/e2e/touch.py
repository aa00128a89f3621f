"""A finger on a phone's board, for the browser tests: where a square or point shows, taps on
the board and in the magnifier (static/js/magnifier.js), the move shown for "Confirm", and a
log of what the page sends."""

from contextlib import suppress

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.e2e.conftest import run_django
from tests.e2e.helpers import point_index

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
TARGET = 44  # CSS px: a finger's target
BOARD = ".board-wrap svg.board:not(.magnified)"


def centre(locator):
    """Where an element shows on the screen, once it does: the middle of its box."""
    expect(locator).to_be_visible()
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def square_box(page, square, own=False):
    """The box (x, y, width, height) on the screen of a square of the page's board (`own`:
    Imperial Shuffle's own board)."""
    where = f'{BOARD} {".own " if own else ""}[data-square="{square}"] > rect'
    box = page.locator(where).first.bounding_box()  # the square's own, under its marks
    return box["x"], box["y"], box["width"], box["height"]


def square_on_screen(page, square, own=False):
    x, y, w, h = square_box(page, square, own)
    return x + w / 2, y + h / 2


def point_at(page, name):
    """Where the board of points shows the point called `name` (x, y)."""
    col, row = point_index(name)
    return page.evaluate(
        """([col, row]) => {
            const svg = document.querySelector("svg.dots-board:not(.magnified)");
            const p = svg.createSVGPoint();
            p.x = +svg.dataset.margin + col * svg.dataset.gap;
            p.y = +svg.dataset.margin + row * svg.dataset.gap;
            const at = p.matrixTransform(svg.getScreenCTM());
            return [at.x, at.y];
        }""",
        [col, row],
    )


def tap(page, spot):
    page.touchscreen.tap(*spot)


def magnified(page, key):
    """The magnifier's button for a target: `square:c2`, `direction:E`, or a point `e5`."""
    return page.locator(f'.magnifier [data-target="{key}"]')


def magnifier_shows_choice(page, square, own=False):
    """The magnifier is drawn again from the board once `square` is chosen on it: its buttons
    are then the choice's targets, no longer those before it."""
    own = ".own " if own else ""
    expect(page.locator(f'.magnifier {own}g.selected[data-square="{square}"]')).to_have_count(1)


def tap_magnified(page, key, board_spot):
    """Tap a target in the magnifier, first moving its view to it (a tap on the board where
    it is) if it is not in view."""
    button = magnified(page, key)
    if not button.count():
        tap(page, board_spot)
        expect(button).to_have_count(1)
    tap(page, centre(button))


def between(page, key):
    """A spot in the magnifier between the target `key` and the nearest other one, where no
    target is (x, y)."""
    return page.evaluate(
        """key => {
            const middle = e => {
                const b = e.getBoundingClientRect();
                return [b.x + b.width / 2, b.y + b.height / 2];
            };
            const from = document.querySelector(`.magnifier [data-target="${key}"]`);
            const [x, y] = middle(from);
            const near = [...document.querySelectorAll(".magnifier [data-target]")].filter(e => e !== from)
                .map(e => middle(e)).sort((a, b) => Math.hypot(a[0] - x, a[1] - y) - Math.hypot(b[0] - x, b[1] - y))[0];
            // Along the line to it, the middle of the stretch that is neither's.
            const ground = t => document.elementFromPoint(x + (near[0] - x) * t, y + (near[1] - y) * t)
                .classList.contains("magnifier-ground");
            const clear = [...Array(101).keys()].map(i => i / 100).filter(ground);
            const t = (clear[0] + clear[clear.length - 1]) / 2;
            return [x + (near[0] - x) * t, y + (near[1] - y) * t];
        }""",
        key,
    )


def log_sent(*pages):
    """Keep, on each page, what it sends of a move (a selection, a move, a setup's swap; those
    its socket carries too): `sent(page)` reads it."""
    for page in pages:
        page.evaluate(
            """() => {
                window.sent = [];
                document.addEventListener("htmx:configRequest", event => {
                    const d = event.detail, p = d.parameters;
                    if (!/(move|setup).$|[?&]select=/.test(d.path)) return; // a board's part, say
                    window.sent.push([d.verb, d.path.replace(/^.g.[^/]+/, ""), p.move || p.action || "",
                        p.tapped ? "tapped" : "", p.confirmed ? "confirmed" : ""].filter(Boolean).join(" "));
                });
            }"""
        )


def sent(page) -> list[str]:
    return page.evaluate("window.sent")


def sent_at_least(page, count: int) -> list[str]:
    """What the page has sent, once it is `count` things (or all it sent, when it never is)."""
    with suppress(PlaywrightTimeout):  # the caller's comparison says what is missing
        page.wait_for_function("count => window.sent.length >= count", arg=count, timeout=15000)
    return sent(page)


def confirm(page, shown):
    """The move tapped comes back marked with "Confirm" and "Cancel": Confirm sends it."""
    prompt = page.locator(".confirm")
    expect(prompt).to_contain_text(f"Play {shown}?")
    expect(prompt.get_by_role("button", name="Cancel")).to_be_visible()
    expect(page.locator(".magnifier")).to_have_count(0)
    tap(page, centre(prompt.get_by_role("button", name="Confirm")))


def stored_moves(page) -> list[str]:
    """The game's moves as the server keeps them, in order."""
    public_id = page.url.rstrip("/").split("/")[-1].split("?")[0]
    return run_django(
        "from play.models import Move; print(' '.join(Move.objects.filter("
        f"game__public_id='{public_id}').order_by('ply').values_list('text', flat=True)))"
    ).split()


def wait_turn(page, ply):
    expect(page.locator("#live")).to_have_attribute("data-ply", str(ply))
