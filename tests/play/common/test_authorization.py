"""Who may do what: every mutating endpoint against every kind of visitor.

ann is the player (to move), bob her opponent, cy a spectator, ref a referee, sam a staff
member who is not a referee; the "seated referee" is bob made a referee, who may do what an
opponent may and never rule on his own game. A refused request changes nothing; an allowed one
has its effect.
"""

import pytest
from django.contrib.auth.models import Group
from django.test import Client

from play.games import games
from play.models import Game, Ruling
from play.referee import disputes
from tests.play.snapshot import snapshot

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
ROLES = ["anonymous", "spectator", "opponent", "player", "referee", "staff", "seated referee"]
PLAYERS = {"player", "opponent"}


@pytest.fixture
def people(ann, bob, make_user):
    cy, ref, sam = make_user("cy"), make_user("ref"), make_user("sam")
    ref.is_staff = sam.is_staff = True
    ref.save()
    sam.save()
    ref.groups.add(Group.objects.get(name="Referees"))
    return {"player": ann, "opponent": bob, "spectator": cy, "referee": ref, "staff": sam}


def client_for(role, people):
    client = Client()  # enforce_csrf_checks is tested on its own below
    if role == "seated referee":
        bob = people["opponent"]
        bob.is_staff = True
        bob.save()
        bob.groups.add(Group.objects.get(name="Referees"))
        client.force_login(bob)
    elif role != "anonymous":
        client.force_login(people[role])
    return client


def seat_role(role):
    """What a role may do as a player: the seated referee plays as the opponent."""
    return "opponent" if role == "seated referee" else role


# endpoint: (path under /g/<id>/, data, the roles that may, the game it needs)
GAME_ACTIONS = {
    "move": ("move/", {"move": "d3d4", "ply": "0"}, {"player"}, "live"),
    "resign": ("resign/", {}, PLAYERS, "live"),
    "abort": ("abort/", {}, PLAYERS, "live"),
    "draw": ("draw/", {"action": "offer"}, PLAYERS, "live"),
    "give-time": ("give-time/", {}, PLAYERS, "timed"),
    "chat": ("chat/", {"text": "hello"}, PLAYERS, "live"),
    "dispute": ("dispute/", {"category": "rules", "statement": "A wrong move."}, PLAYERS, "live"),
    "setup": ("setup/", {"action": "random"}, PLAYERS, "shuffle"),
    "charge": ("charge/", {"action": "cancel"}, set(), "live"),  # no charge here: refused to all
}


@pytest.fixture
def make_game(ann, bob, clock):
    def make(kind):
        slug = {"shuffle": "imperial-shuffle"}.get(kind, "empire-chess")
        tc = {"kind": "live", "minutes": 5, "increment": 3} if kind == "timed" else None
        return games.join(games.create(ann, slug, "white", "seek", None, tc), bob)

    return make


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", GAME_ACTIONS)
def test_game_actions(action, role, people, make_game):
    path, data, allowed, kind = GAME_ACTIONS[action]
    game = make_game(kind)
    before = snapshot(game)
    response = client_for(role, people).post(f"/g/{game.public_id}/{path}", data, **HTMX)
    role = seat_role(role)
    after = snapshot(game)
    if action == "dispute":  # a plain form: a redirect, or the page again with the refusal
        answers = {302} if role in allowed | {"anonymous"} else {403}
    else:
        answers = {200} if role in allowed else {400, 403, 409}
    assert response.status_code in answers, (response.status_code, response.content[:300])
    if role in allowed:
        assert after != before, f"{role} may {action}, and it should have had an effect"
    else:
        assert after == before, f"{role} may not {action}, yet something changed"


@pytest.mark.parametrize("role", ROLES)
def test_joining_a_seek(role, people, ann):
    seek = games.create(ann, "empress", "white", "seek")
    response = client_for(role, people).post(f"/g/{seek.public_id}/join/")
    seek.refresh_from_db()
    if role == "player":  # her own seek
        assert seek.status == Game.Status.OPEN
    elif role == "anonymous":
        assert response.status_code == 302 and "/login/" in response["Location"]
        assert seek.status == Game.Status.OPEN
    else:
        assert seek.status == Game.Status.ACTIVE


@pytest.mark.parametrize("role", ROLES)
def test_declining_a_challenge_is_for_the_challenged_only(role, people, ann, bob):
    challenge = games.create(bob, "empress", "white", "invite", invited=ann)
    client_for(role, people).post(f"/g/{challenge.public_id}/decline/")
    challenge.refresh_from_db()
    declined = challenge.status != Game.Status.OPEN
    assert declined == (role == "player")


@pytest.mark.parametrize("role", ROLES)
def test_the_answering_statement_is_the_reported_players_only(role, people, make_game, ann):
    game = make_game("live")
    dispute = disputes.report(game, ann, "rules", "He moved twice.")
    client_for(role, people).post(f"/disputes/{dispute.pk}/statement/", {"statement": "Mine."})
    dispute.refresh_from_db()
    assert (dispute.opponent_statement == "Mine.") == (seat_role(role) == "opponent")


@pytest.mark.parametrize("role", ROLES)
def test_only_referees_rule(role, people, make_game, ann):
    game = make_game("live")
    dispute = disputes.report(game, ann, "rules", "He moved twice.")
    data = {"kind": "result", "reason": "Seen.", "winner": "1"}
    before = snapshot(game)
    response = client_for(role, people).post(f"/admin/play/dispute/{dispute.pk}/rule/", data)
    ruled = Ruling.objects.filter(dispute=dispute).exists()
    assert ruled == (role == "referee")
    assert (snapshot(game) == before) == (role != "referee")
    if role == "seated referee":  # refused on the case page, which says why
        assert response.status_code == 302 and response["Location"].endswith("/change/")
    elif role not in ("referee", "staff"):
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
    elif role == "staff":
        assert response.status_code == 403


@pytest.mark.parametrize("role", ROLES)
def test_only_referees_open_the_case_page(role, people, make_game, ann):
    dispute = disputes.report(make_game("live"), ann, "rules", "He moved twice.")
    response = client_for(role, people).get(f"/admin/play/dispute/{dispute.pk}/change/")
    assert (response.status_code == 200) == (role in ("referee", "seated referee"))
    if response.status_code == 200:  # the form only for a referee who does not play in it
        html = response.content.decode()
        assert ("Record the ruling" in html) == (role == "referee")
        assert ("You play in this game" in html) == (role == "seated referee")


def test_every_post_needs_the_csrf_token(people, make_game):
    """With CSRF checks on (as in production), a POST without the token changes nothing."""
    game = make_game("live")
    before = snapshot(game)
    client = Client(enforce_csrf_checks=True)
    client.force_login(people["player"])
    paths = [f"/g/{game.public_id}/{path}" for path, *_ in GAME_ACTIONS.values()] + [
        f"/g/{game.public_id}/join/", "/new/", "/@/bob/challenge/", "/settings/", "/import/",
        f"/g/{game.public_id}/decline/", f"/g/{game.public_id}/rematch/",
        f"/g/{game.public_id}/flag/", "/logout/",
    ]  # fmt: skip
    for path in paths:
        response = client.post(path, {"move": "d3d4", "ply": "0", "text": "x"}, **HTMX)
        assert response.status_code == 403, path
        assert "Form expired" in response.content.decode()
    assert snapshot(game) == before
    anonymous = Client(enforce_csrf_checks=True)
    for path in ("/signup/", "/login/"):
        assert anonymous.post(path, {"username": "eve", "password": "x"}).status_code == 403


def test_invitation_links_are_unguessable(ann):
    tokens = {games.create(ann, "empress", "white", "invite").invite_token for _ in range(50)}
    assert len(tokens) == 50
    assert all(len(t) >= 22 for t in tokens)  # >= 128 bits from secrets.token_urlsafe
