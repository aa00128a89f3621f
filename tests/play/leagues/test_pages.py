"""The championships' pages: the list, an edition, a group's crosstable pushed live, the
player's profile; joining and leaving by form, and the requests refused."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from imperia_site.asgi import application
from imperia_site.catalogues import pseudo
from play.games import games
from play.leagues import championships, cups
from play.models import Championship, Entrant, Game
from tests.play.leagues.helpers import begin

ORIGIN = [(b"origin", b"http://127.0.0.1")]


@pytest.mark.django_db
def test_every_championship_and_cup_is_listed_by_game(client):
    page = client.get("/championships/").content.decode()
    for name in ("Empress championship, 3 days a move", "Empire championship, bank of 10 days",
                 "Imperial Shuffle cup"):  # fmt: skip
        assert name in page


@pytest.mark.django_db
def test_joining_and_leaving_by_form(ann, client_of):
    client = client_of(ann)
    answer = client.post("/championships/empress-3-days/join/")
    assert answer.status_code == 302
    page = client.get("/championships/empress-3-days/").content.decode()
    assert "You are in" in page and "Leave the Empress championship" in page
    listed = client.get("/championships/").content.decode()
    assert "1 player entered. <strong>You are in.</strong>" in " ".join(listed.split())
    again = client.post("/championships/empress-3-days/join/")
    assert again.status_code == 409 and "already entered" in again.content.decode()
    assert Entrant.objects.filter(user=ann).count() == 1
    assert client.post("/championships/empress-3-days/leave/").status_code == 302
    assert Entrant.objects.get(user=ann).left_at is not None


@pytest.mark.django_db
def test_leaving_someone_else_is_refused_and_changes_nothing(ann, bob, client_of):
    championships.join(Championship.objects.get(slug="empress-3-days"), bob)
    answer = client_of(ann).post("/championships/empress-3-days/leave/", {"player": "bob"})
    assert answer.status_code == 403 and "only for yourself" in answer.content.decode()
    assert Entrant.objects.get(user=bob).left_at is None


@pytest.mark.django_db
def test_a_clock_the_game_has_no_championship_for_is_a_clear_404(ann, client_of):
    answer = client_of(ann).post("/championships/empress-1-day/join/")
    text = answer.content.decode()
    assert answer.status_code == 404
    assert "Empress has no championship with that clock" in text and "bank of 10 days" in text
    assert not Entrant.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "address",
    [
        "/championships/empress-3-days/x/",
        "/championships/empress-3-days/1/0/1/",
        "/championships/empress-3-days/1/1/99999999999/",
    ],  # fmt: skip
)
def test_malformed_numbers_in_the_address_are_400(client, address):
    answer = client.get(address)
    assert answer.status_code == 400 and "must be a whole number" in answer.content.decode()


@pytest.mark.django_db
def test_a_visitor_is_asked_to_sign_up(client):
    page = client.get("/championships/empress-cup/").content.decode()
    assert "Sign up" in page
    assert client.post("/championships/empress-cup/join/").status_code == 302  # to log in
    assert not Entrant.objects.exists()


@pytest.mark.django_db
def test_the_edition_group_and_profile_pages(small_league, players, clock, client_of):
    users = players(4)
    edition = begin(small_league, users, clock)
    group = edition.groups.get()
    game = Game.objects.filter(league_group=group).first()
    games.resign(game, game.player(1))
    client = client_of(users[0])
    page = client.get(small_league.get_absolute_url()).content.decode()
    assert "Edition 1" in page and "Division 1" in page and group.get_absolute_url() in page
    table = client.get(group.get_absolute_url()).content.decode()
    assert game.get_absolute_url() in table
    winner = game.player(0).username
    assert f'aria-label="{winner} against {game.player(1).username}: won"' in table
    assert f"/ws/league/{group.pk}/" in table
    profile = client.get(f"/@/{users[0].username}/").content.decode()
    assert "Empress test championship" in profile and group.get_absolute_url() in profile
    lobby = client.get("/").content.decode()
    assert "Division 1, group 1" in lobby  # the dashboard's games name their group


@pytest.mark.django_db
@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "x")])
def test_the_pages_read_in_the_readers_language(small_league, players, clock, client):
    """Read in the pseudo-locale (its catalogue compiled: `make install`), the headings, the
    group's name and the rules are its, not English."""
    group = begin(small_league, players(4), clock).groups.get()
    page = client.get(f"{small_league.get_absolute_url()}?lang=en-xa").content.decode()
    assert pseudo("How it is played") in page and "How it is played" not in page
    assert pseudo("Edition %(number)s") % {"number": 1} in page
    table = client.get(f"{group.get_absolute_url()}?lang=en-xa").content.decode()
    name = pseudo("Division %(division)s, group %(number)s") % {"division": 1, "number": 1}
    assert name in table and "Division 1, group 1" not in table
    assert f'<th scope="col">{pseudo("Points")}</th>' in table
    listed = client.get("/championships/?lang=en-xa").content.decode()
    assert f"<h1>{pseudo('Championships and cups')}</h1>" in listed


@pytest.mark.django_db
def test_the_dashboard_reads_league_games_in_a_fixed_number_of_queries(
    small_league, players, clock, client_of
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    users = players(4)
    begin(small_league, users, clock)  # three games for users[0]
    client = client_of(users[0])

    def queries():
        client.get("/")
        with CaptureQueriesContext(connection) as counted:
            page = client.get("/").content.decode()
        return len(counted.captured_queries), page.count("Division 1, group 1")

    few = queries()
    bigger = Championship.objects.create(
        slug="empress-big", name="Big", game_slug="empress", group_min=2, group_max=10,
        time_control={"kind": "days", "days": 3},
    )  # fmt: skip
    begin(bigger, [users[0], *players(9, prefix="q")], clock)  # nine games more
    many = queries()
    assert few[1] == 3 and many[1] == 12
    assert many[0] == few[0]


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_group_socket_pushes_the_table_when_a_game_ends(small_league, players, clock):
    users = await database_sync_to_async(players)(2)
    edition = await database_sync_to_async(begin)(small_league, users, clock)
    group = await database_sync_to_async(edition.groups.get)()
    socket = WebsocketCommunicator(application, f"/ws/league/{group.pk}/", ORIGIN)
    connected, _ = await socket.connect()
    assert connected
    game = await database_sync_to_async(Game.objects.get)(league_group=group)
    loser = await database_sync_to_async(game.player)(1)
    await database_sync_to_async(games.resign)(game, loser)
    pushed = await socket.receive_from()
    assert 'id="standings"' in pushed and 'hx-swap-oob="true"' in pushed and ": won" in pushed
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "x")])
async def test_the_group_socket_pushes_the_table_in_its_readers_language(
    small_league, players, clock
):
    users = await database_sync_to_async(players)(2)
    edition = await database_sync_to_async(begin)(small_league, users, clock)
    group = await database_sync_to_async(edition.groups.get)()
    socket = WebsocketCommunicator(application, f"/ws/league/{group.pk}/?lang=en-xa", ORIGIN)
    connected, _ = await socket.connect()
    assert connected
    game = await database_sync_to_async(Game.objects.get)(league_group=group)
    await database_sync_to_async(games.resign)(game, await database_sync_to_async(game.player)(1))
    pushed = await socket.receive_from()
    assert f">{pseudo('Points')}</th>" in pushed and ">Points</th>" not in pushed
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_group_socket_refuses_a_malformed_address():
    socket = WebsocketCommunicator(application, "/ws/league/x1/", ORIGIN)
    connected, code = await socket.connect()
    assert not connected and code == 4400


@pytest.mark.django_db
def test_a_cup_page_shows_who_waits(ann, client_of, clock):
    cups.open_monthly(clock())
    client = client_of(ann)
    assert client.post("/championships/empress-cup/join/").status_code == 302
    page = client.get("/championships/empress-cup/").content.decode()
    assert "Waiting for a group" in page and "ann, round 1" in page
