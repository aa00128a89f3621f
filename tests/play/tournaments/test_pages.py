"""The tournaments' pages: the list, a tournament's standings, joining and pausing by form."""

from datetime import timedelta

import pytest

from play.models import Participant
from play.tournaments import arenas, schedule
from tests.play.tournaments.helpers import begun

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 3, "increment": 2}


@pytest.fixture
def arena(ann, clock):
    return arenas.create(ann, name="Club arena", game_slug="empire-chess", time_control=LIVE,
                         minutes=30, starts_at=clock() + timedelta(minutes=1),
                         password="club")  # fmt: skip


def test_the_list_and_the_page(arena, client):
    assert "Club arena" in client.get("/tournaments/").content.decode()
    page = client.get(arena.get_absolute_url()).content.decode()
    assert "Arena of Empire Chess, 3+2, 30 minutes, rated" in page
    assert "Nobody has joined yet" in page and "Sign up" in page


def test_a_wrong_password_is_refused_on_the_page_and_changes_nothing(arena, bob, client_of):
    client = client_of(bob)
    answer = client.post(f"/t/{arena.public_id}/join/", {"password": "guess"})
    assert (
        answer.status_code == 403
        and "not this tournament&#x27;s password" in answer.content.decode()
    )
    assert not Participant.objects.exists()
    assert client.post(f"/t/{arena.public_id}/join/", {"password": "club"}).status_code == 302
    page = client.get(arena.get_absolute_url()).content.decode()
    assert "You are in" in page and ">bob</a>" in page
    assert client.post(f"/t/{arena.public_id}/pause/").status_code == 302
    assert Participant.objects.get(user=bob).paused
    again = client.post(f"/t/{arena.public_id}/pause/")
    assert again.status_code == 409


def test_a_player_sees_their_game(arena, players, clock, client_of):
    users = players(2)
    begun(arena, users, clock, "club")
    (game,) = arenas.pair_free(arena)
    page = client_of(users[0]).get(arena.get_absolute_url()).content.decode()
    assert "Your game" in page and game.get_absolute_url() in page


def test_an_unknown_tournament_is_a_404(client):
    answer = client.get("/t/nothing/")
    assert answer.status_code == 404 and "no tournament at that address" in answer.content.decode()


def arena_form(**overrides):
    fields = {"name": "Friday arena", "game": "empress", "time_control": "live", "minutes": "3",
              "increment": "2", "duration": "45", "starts_in": "15", "rated": "on"}  # fmt: skip
    return fields | overrides


def test_a_player_makes_an_arena_from_the_form(ann, client_of, clock):
    from play.models import Tournament

    client = client_of(ann)
    assert "Make the arena" in client.get("/tournaments/new/").content.decode()
    answer = client.post("/tournaments/new/", arena_form())
    made = Tournament.objects.get()
    assert answer.status_code == 302 and answer["Location"] == made.get_absolute_url()
    assert (made.minutes, made.time_control, made.rated) == (45, {"kind": "live", "minutes": 3,
                                                                   "increment": 2}, True)  # fmt: skip
    assert made.starts_at == clock() + timedelta(minutes=15)


@pytest.mark.parametrize(
    "overrides, said",
    [
        ({"duration": "10"}, "Length"),
        ({"duration": "x"}, "Length"),
        ({"starts_in": "-5"}, "Starts in"),
        ({"name": ""}, "Name"),
        ({"game": "imperial-shuffle"}, "deal the boards"),
        ({"rating_min": "1900", "rating_max": "1500"}, "above the highest"),
    ],
)
def test_a_malformed_arena_is_refused_and_nothing_is_made(ann, client_of, overrides, said):
    from play.models import Tournament

    answer = client_of(ann).post("/tournaments/new/", arena_form(**overrides))
    assert answer.status_code == 400 and said in answer.content.decode()
    assert not Tournament.objects.exists()


def test_a_visitor_is_sent_to_log_in(client):
    assert client.post("/tournaments/new/", arena_form()).status_code == 302


def test_the_game_page_and_the_case_page_name_the_arena(arena, players, clock, client_of, referee):
    from play.referee import disputes

    users = players(2)
    begun(arena, users, clock, "club")
    (game,) = arenas.pair_free(arena)
    page = client_of(users[0]).get(game.get_absolute_url()).content.decode()
    assert arena.get_absolute_url() in page and "Club arena" in page
    dispute = disputes.report(game, users[0], "other", "Slow.")
    case = client_of(referee).get(f"/admin/play/dispute/{dispute.pk}/change/").content.decode()
    assert "Club arena" in case and "changes its players' points" in case


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_standings_are_pushed_once_a_pass_and_a_paired_player_is_sent_to_the_game(
    arena, players, clock
):
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from imperia_site.asgi import application

    origin = [(b"origin", b"http://127.0.0.1")]
    socket = WebsocketCommunicator(application, f"/ws/t/{arena.public_id}/", origin)
    connected, _ = await socket.connect()
    assert connected
    users = await database_sync_to_async(players)(2)

    def begin():
        for user in users:
            arenas.join(arena, user, "club")
        clock.advance(minutes=1)
        return schedule.sweep(clock())

    done = await database_sync_to_async(begin)()
    assert done["arena games paired"] == 1 and done["standings pushed"] == 1
    pushed = await socket.receive_from()
    assert 'id="standings" hx-swap-oob="true"' in pushed and "p00" in pushed and "p01" in pushed
    again = await database_sync_to_async(schedule.sweep)(clock())
    assert again["standings pushed"] == 0  # nothing changed: nothing sent
    assert await socket.receive_nothing()
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_malformed_tournament_socket_address_is_refused():
    from channels.testing import WebsocketCommunicator

    from imperia_site.asgi import application

    socket = WebsocketCommunicator(application, "/ws/t/a-b/", [(b"origin", b"http://127.0.0.1")])
    connected, code = await socket.connect()
    assert not connected and code == 4400


def test_a_paired_player_is_sent_to_their_game(
    arena, players, clock, monkeypatch, django_capture_on_commit_callbacks
):
    from play.notify import notify

    opened = []
    monkeypatch.setattr(notify, "open_game", lambda game, users: opened.append((game, users)))
    users = players(2)
    begun(arena, users, clock, "club")
    with django_capture_on_commit_callbacks(execute=True):
        (game,) = arenas.pair_free(arena)
    assert [(g.pk, sorted(u)) for g, u in opened] == [(game.pk, sorted(u.pk for u in users))]
