"""Rate limits: per player and per address, a 429 that says how long to wait, nothing done."""

import pytest
from django.test import Client

from play.api import tokens
from play.common import limits
from play.common.limits import Limit
from play.models import ChatMessage, Game, Move

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def tight(settings, monkeypatch):
    """The real limits, scaled to 1, with small counts so a test can spend them, and the
    clock held in the middle of a window so that none ends during the test."""
    settings.RATE_LIMIT_SCALE = 1
    monkeypatch.setattr(limits, "clock", lambda: 1_800_000_030.0)

    def limit(action, per_user, per_address):
        what = limits.LIMITS[action].what
        monkeypatch.setitem(limits.LIMITS, action, Limit(what, per_user, per_address, 60))

    return limit


def test_moves_past_the_players_limit_are_429_with_the_board_and_not_played(
    tight, active_game, client_of, ann, bob
):
    tight("move", 1, 100)
    url = f"/g/{active_game.public_id}/move/"
    assert client_of(ann).post(url, {"move": "d3d4", "ply": "0"}, **HTMX).status_code == 200
    white, black = client_of(ann), client_of(bob)
    assert black.post(url, {"move": "e7e5", "ply": "1"}, **HTMX).status_code == 200
    response = white.post(url, {"move": "c3c4", "ply": "2"}, **HTMX)
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many moves from you just now: try again in" in html and 'id="live"' in html
    assert int(response["Retry-After"]) <= 61
    assert Move.objects.filter(game=active_game).count() == 2


def test_the_address_limit_counts_every_player_behind_it(tight, active_game, client_of, ann, bob):
    tight("chat", 100, 2)
    url = f"/g/{active_game.public_id}/chat/"
    assert client_of(ann).post(url, {"text": "hello"}, **HTMX).status_code == 200
    assert client_of(bob).post(url, {"text": "hi"}, **HTMX).status_code == 200
    response = client_of(bob).post(url, {"text": "again"}, **HTMX)
    assert response.status_code == 429
    assert "Too many chat messages from your address" in response.content.decode()
    assert ChatMessage.objects.count() == 2
    # Another address is counted on its own.
    other = client_of(bob).post(url, {"text": "from home"}, REMOTE_ADDR="10.0.0.9", **HTMX)
    assert other.status_code == 200


def test_reports_get_a_429_page(tight, active_game, client_of, ann):
    tight("report", 0, 0)
    response = client_of(ann).post(
        f"/g/{active_game.public_id}/dispute/", {"category": "rules", "statement": "x"}
    )
    assert response.status_code == 429
    html = response.content.decode()
    assert "<h1>Too many requests</h1>" in html and "Too many reports" in html


def test_sign_up_and_new_game_forms_come_back_as_typed_with_the_wait(tight, client, client_of, ann):
    for action in ("signup", "challenge"):
        tight(action, 0, 0)
    signup = client.post("/signup/", {"username": "cyrus", "password1": "x", "password2": "x"})
    new = client_of(ann).post("/new/", {"game": "empress", "side": "black"})
    for response, what in ((signup, "sign-ups"), (new, "new games")):
        assert response.status_code == 429 and int(response["Retry-After"]) <= 61
        assert f"Too many {what}" in response.content.decode()
    assert 'value="cyrus"' in signup.content.decode()
    assert 'value="black" required id="id_side_1" checked' in new.content.decode()
    assert Game.objects.count() == 0


def test_a_new_window_allows_again(tight, active_game, client_of, ann, monkeypatch):
    tight("chat", 1, 100)
    url, ann_client = f"/g/{active_game.public_id}/chat/", client_of(ann)
    assert ann_client.post(url, {"text": "one"}, **HTMX).status_code == 200
    assert ann_client.post(url, {"text": "two"}, **HTMX).status_code == 429
    later = limits.clock() + 61
    monkeypatch.setattr(limits, "clock", lambda: later)
    assert ann_client.post(url, {"text": "three"}, **HTMX).status_code == 200


def test_reading_is_never_limited(tight, active_game, client_of, ann):
    tight("move", 0, 0)
    assert client_of(ann).get(f"/g/{active_game.public_id}/").status_code == 200


def test_imports_are_limited_and_a_long_record_refused(tight, client_of, ann):
    from play.review.forms import RECORD_LENGTH

    tight("import", 1, 100)
    page = client_of(ann)
    record = '[Game "Empress"]\n\n1. Q@d4 1-0\n'
    assert page.post("/import/", {"game": "empress", "record": record}).status_code == 302
    response = page.post("/import/", {"game": "empress", "record": record})
    assert response.status_code == 429 and "Too many imported games" in response.content.decode()
    assert Game.objects.filter(imported=True).count() == 1
    tight("import", 100, 100)
    long = record + "{" + "x" * RECORD_LENGTH + "}"
    response = page.post("/import/", {"game": "empress", "record": long})
    assert response.status_code == 400 and "at most 64,000 characters" in response.content.decode()
    assert Game.objects.filter(imported=True).count() == 1


def test_long_analyses_kept_are_limited_and_forgotten_after_thirty_days(tight, client_of, ann):
    from datetime import timedelta

    import rules
    from play.common import clocks
    from play.games import sweeper
    from play.models import AnalysisTree
    from play.review import views as analysis_views

    tight("keep", 1, 100)
    game_rules, line = rules.get("empire"), []
    state = game_rules.initial({"width": 40, "height": 40})
    while len(" ".join(line)) <= analysis_views.INLINE_TREE:  # past what an address carries
        move = "pass" if line and line[-1] != "pass" else game_rules.legal_moves(state)[0]
        line.append(move)
        state = game_rules.play(state, move)
    page, options = client_of(ann), "width=40; height=40"
    shown = page.post("/analysis/empire/", {"options": options, "tree": " ".join(line)})
    assert shown.status_code == 200 and AnalysisTree.objects.count() == 1
    key = AnalysisTree.objects.get().key
    assert f"tree=~{key}" in shown.content.decode()
    more = "pass" if line[-1] != "pass" else game_rules.legal_moves(state)[0]
    again = page.post("/analysis/empire/", {"options": options, "tree": " ".join([*line, more])})
    assert again.status_code == 429 and AnalysisTree.objects.count() == 1
    assert 1 <= int(again["Retry-After"]) <= 61
    assert page.get(f"/analysis/empire/?options={options}&tree=~{key}").status_code == 200
    sweeper.forget_old(clocks.now() + sweeper.KEPT + timedelta(days=1))
    gone = page.get(f"/analysis/empire/?options={options}&tree=~{key}")
    assert (
        gone.status_code == 404 and "open it again from its game or study" in gone.content.decode()
    )


# Every 429 the site gives says when to come back: one case for each limit and each place
# that answers it.


def _api(user, path, data=None, method="post"):
    _, secret = tokens.create(user, "limits", list(tokens.SCOPES))
    return getattr(Client(), method)(path, data or {}, HTTP_AUTHORIZATION=f"Bearer {secret}")


def _visitor(path, data):
    return Client().post(path, data)


COMPUTER = {"level": "1", "game": "empress", "side": "white", "time_control": "none"}
INVITATION = {"listing": "invite", "game": "empress", "side": "white", "time_control": "none"}
RECORD = '[Game "Empress"]\n\n1. Q@d4 1-0\n'
SPENT = {  # a limit spent, and the request it refuses
    "moves on the page": ("move", lambda c, g: c.post(
        f"/g/{g.public_id}/move/", {"move": "d3d4", "ply": "0"}, **HTMX)),
    "chat on the page": ("chat", lambda c, g: c.post(f"/g/{g.public_id}/chat/", {"text": "hi"})),
    "chat through the API": ("chat", lambda c, g: _api(
        c.user, f"/api/board/game/{g.public_id}/chat", {"room": "player", "text": "hi"})),
    "a challenge through the API": ("challenge", lambda c, g: _api(
        c.user, "/api/challenge/bob", {"variant": "empress"})),
    "a call of the API": ("api", lambda c, g: _api(c.user, "/api/account", method="get")),
    "a new game": ("challenge", lambda c, g: c.post("/new/", INVITATION)),
    "a game against the computer": ("challenge", lambda c, g: c.post("/computer/", COMPUTER)),
    "a challenge from a profile": ("challenge", lambda c, g: c.post(
        "/@/bob/challenge/", {"game": "empress", "side": "white", "time_control": "none"})),
    "the pool": ("challenge", lambda c, g: c.post("/pool/", {"game": "empress", "clock": "5+3"})),
    "a token made": ("challenge", lambda c, g: c.post(
        "/settings/tokens/", {"description": "bot", "scopes": ["board:play"]})),
    "an import": ("import", lambda c, g: c.post("/import/", {"game": "empress", "record": RECORD})),
    "a dispute": ("report", lambda c, g: c.post(
        f"/g/{g.public_id}/dispute/", {"category": "rules", "statement": "x"})),
    "a sign-up": ("signup", lambda c, g: _visitor(
        "/signup/", {"username": "cyrus", "password1": "x", "password2": "x"})),
    "an anonymous player for the computer": ("guest", lambda c, g: _visitor("/computer/", COMPUTER)),
    "an anonymous player for an invitation": ("guest", lambda c, g: _visitor("/new/", INVITATION)),
    "a password changed": ("password", lambda c, g: c.post(
        "/password/change/", {"old_password": "x", "new_password1": "y", "new_password2": "y"})),
}  # fmt: skip


@pytest.mark.parametrize("case", SPENT)
def test_every_limit_says_when_to_come_back(tight, case, active_game, client_of, ann, bob):
    action, request = SPENT[case]
    tight(action, 0, 0)
    page = client_of(ann)
    page.user = ann
    response = request(page, active_game)
    assert response.status_code == 429, response.content[:300]
    assert 1 <= int(response["Retry-After"]) <= limits.LIMITS[action].seconds + 1
    assert "try again in" in response.content.decode()


def test_the_disputes_of_a_day_say_when_another_may_be_opened(
    settings, active_game, client_of, ann, clock
):
    settings.DISPUTES_PER_DAY = 1
    page, url = client_of(ann), f"/g/{active_game.public_id}/dispute/"
    assert page.post(url, {"category": "other", "statement": "One."}).status_code == 302
    clock.advance(hours=5)
    response = page.post(url, {"category": "other", "statement": "Two."})
    assert (
        response.status_code == 429 and "wait before opening another" in response.content.decode()
    )
    assert int(response["Retry-After"]) == 19 * 3600  # when the first is a day old
