"""Steps a person takes in the browser, shared by the browser tests."""

import itertools

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

import rules
from tests.e2e.conftest import run_django

PASSWORD = "a-long-passphrase"
# Python for run_django: `established(name)` makes a player who may found a club and write in
# the forum (an account a month old, with the games finished that it takes).
ESTABLISHED = """
from datetime import timedelta
from django.contrib.auth import get_user_model
from play.clubs import clubs
from play.common import clocks
from play.games import games
from play.models import Game
User = get_user_model()


def established(name):
    player = User.objects.create_user(name, password=PASSWORD)
    player.date_joined = clocks.now() - timedelta(days=30)
    player.save()
    other = User.objects.create_user(name + "-op")
    made = games.start_paired("empress", {}, {}, [(player, other)] * clubs.ESTABLISHED_GAMES,
                              rated=False)
    Game.objects.filter(pk__in=[g.pk for g in made]).update(
        status="finished", finished_at=clocks.now(), winner=0, reason="resignation")
    return player
""".replace("PASSWORD", repr(PASSWORD))


_asked = itertools.count()


def wait_for_answer(page, question: str):
    """Wait until `question`, the body of a JavaScript async function, answers something true,
    and give that answer. Playwright's `wait_for_function` takes a promise for true at once, so
    the question is asked again after each answer, and each frame looks at the last answer."""
    box = f"__answer{next(_asked)}"
    found = page.wait_for_function(
        f"""() => {{
            const box = window.{box} || (window.{box} = {{}});
            if (!box.asking) {{
                box.asking = true;
                (async () => {{ {question} }})()
                    .then((answer) => {{ box.answer = answer; }}, () => {{}})
                    .finally(() => {{ box.asking = false; }});
            }}
            return box.answer ? [box.answer] : false;
        }}"""
    )
    return found.json_value()[0]


def no_violations(page) -> None:
    """axe-core finds nothing wrong with the page as it stands."""
    found = Axe().run(page).response["violations"]
    assert found == [], [(v["id"], [n["html"] for n in v["nodes"]]) for v in found]


def sign_up(page, server, name):
    page.goto(server + "/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("main button[type=submit]")
    expect(page).to_have_url(server + "/")


def log_in(page, server, name, address="/login/"):
    """Log in through the site's login, from `address` (the admin's sends there, and back)."""
    page.goto(server + address)
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")


def create_game(page, slug, side="white", listing="seek", clock="none"):
    """A new game from the lobby's form: casual with no clock, or rated on the form's clock
    (`clock="live"`: 5+3; `clock="days"`: 3 days a move)."""
    page.select_option("#id_game", slug)
    page.check(f"form[action='/new/'] input[name=side][value={side}]")
    page.check(f"input[name=listing][value={listing}]")
    page.select_option("#id_time_control", clock)
    if clock == "none":
        page.uncheck("#id_rated")
    page.click("text=Create game")
    expect(page.locator("#status")).to_have_text("Waiting for an opponent.")


def start_game(browser, server, slug, white, black, clock="none", begun="Your turn.", **device):
    """Two players in two browsers (`device`: the contexts' options, a phone's say): `white`
    creates a seek, `black` accepts it in the lobby; `white`'s page then says `begun`."""
    first, second = (browser.new_context(**device).new_page() for _ in range(2))
    sign_up(first, server, white)
    sign_up(second, server, black)
    create_game(first, slug, clock=clock)
    second.goto(server + "/")
    second.click("button:has-text('Accept')")
    expect(second).to_have_url(first.url)
    # The creator's page learns of the join over the socket, without a reload.
    expect(first.locator("#status")).to_contain_text(begun)
    for page in (first, second):
        # Its socket's first message (the whole board) is in: nothing replaces #live after.
        expect(page.locator("body")).to_have_attribute("data-game-socket", "open")
        page.evaluate("window.notReloaded = true")
    return first, second


def click_move(page, origin, target):
    """Click a piece (a square, or a reserve piece when origin ends with @), then a target."""
    if origin.endswith("@"):
        page.click("button.in-hand")
        page.locator("button.in-hand.selected").wait_for()
    else:
        page.click(f'[data-square="{origin}"]')
        page.locator(f'g.selected[data-square="{origin}"]').wait_for()
    page.click(f'g.target[data-square="{target}"]')


def type_move(page, text):
    page.fill("#move-input", text)
    page.press("#move-input", "Enter")


def play_through(game, pages, moves, played=(), typed=lambda ply: ply % 3 == 2):
    """Play `moves` (after those `played` already) from pages[0] and pages[1] in turn,
    clicking or typing (`typed(ply)`), and check each move arrives at the other page."""
    state = game.initial()
    for move in played:
        state = game.play(state, move)
    for ply, move in enumerate(moves, start=len(played)):
        mover, watcher = pages[ply % 2], pages[1 - ply % 2]
        expect(mover.locator("#live")).to_have_attribute("data-ply", str(ply))
        shown = game.display(state, move)
        if typed(ply):
            type_move(mover, shown if ply % 2 else move)
        else:
            click_move(mover, *game.move_squares(move))
        state = game.play(state, move)
        expect(watcher.locator("#live")).to_have_attribute("data-ply", str(ply + 1))
        expect(watcher.locator(".moves")).to_contain_text(shown)
    return state


def point_index(name):
    """The column and row (from 0) of the intersection called `name`."""
    letters = name.rstrip("0123456789")  # a column past z is aa, ab, …
    col = sum(26**i * (ord(c) - ord("a") + 1) for i, c in enumerate(reversed(letters))) - 1
    return col, int(name[len(letters) :]) - 1


def point_on_screen(page, name):
    """Scroll the intersection called `name` into view: where the picture shows it (x, y)."""
    col, row = point_index(name)
    return page.evaluate(
        """([col, row]) => {
            const svg = document.querySelector("svg.dots-board");
            const p = svg.createSVGPoint();
            p.x = +svg.dataset.margin + col * svg.dataset.gap;
            p.y = +svg.dataset.margin + row * svg.dataset.gap;
            let at = p.matrixTransform(svg.getScreenCTM());
            window.scrollBy(0, at.y - window.innerHeight / 2);
            at = p.matrixTransform(svg.getScreenCTM());
            return [at.x, at.y];
        }""",
        [col, row],
    )


def click_point(page, name):
    """Click the intersection called `name` where the picture shows it, with the mouse."""
    page.mouse.click(*point_on_screen(page, name))


def games_in_play(white, black, time_control=None, then=""):
    """A game of each kind between two players (made if new; `white` can log in), three moves
    in: {slug: public id}. `then`, Python run after in the same shell (with `ann`, `bob`, the
    last `game`), may print more "name value" lines."""
    code = f"""
import random
from django.contrib.auth import get_user_model
from play.games import games
from play.round import moves
from play.models import Game
from play.games.lifecycle import moves_and_state
User = get_user_model()
ann = User.objects.get_or_create(username={white!r})[0]
ann.set_password({PASSWORD!r}); ann.save()
bob = User.objects.get_or_create(username={black!r})[0]
for slug in {[g.slug for g in rules.games()]!r}:
    options = {{"deal": True}} if slug == "imperial-shuffle" else {{}}
    game = games.join(games.create(ann, slug, "white", "seek", options,
        time_control={time_control!r}), bob)
    rng = random.Random(slug)
    for _ in range(3):
        game = Game.objects.get(pk=game.pk)
        _, state = moves_and_state(game)
        seat = game.rules.to_move(state)
        move = rng.choice(sorted(game.rules.legal_moves(state)))
        moves.submit(game.public_id, game.player(seat), move, game.ply)
    print(slug, game.public_id)
"""
    return dict(line.split() for line in run_django(code + then).splitlines())
