"""The tournaments' pages: the list, a tournament's standings, joining and pausing by form."""

import re
from datetime import timedelta

import pytest
from django.test import override_settings

from imperia_site.catalogues import pseudo
from play.models import Notification, Participant, Profile
from play.tournaments import arenas, entries, schedule
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
    # Said in a status of paragraphs: a list may not take that role (axe's rules).
    assert (
        '<div class="messages" role="status"><p class="success">You are in Club arena.</p>' in page
    )
    assert ">bob</a>" in page
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


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "x")])
def test_the_pages_and_the_notices_are_in_each_readers_language(arena, players, clock, client):
    """Read in the pseudo-locale (its catalogue compiled: `make install`): the page's headings
    and the form's labels are its; a player who reads it is told in it, another in English."""
    page = client.get(f"{arena.get_absolute_url()}?lang=en-xa").content.decode()
    assert f"<h2>{pseudo('Standings')}</h2>" in page and "Nobody has joined yet" not in page
    listed = client.get("/tournaments/?lang=en-xa").content.decode()
    assert f"<h1>{pseudo('Tournaments')}</h1>" in listed
    reader, other = players(2)
    Profile.objects.update_or_create(user=reader, defaults={"language": "en-xa"})
    begun(arena, [reader, other], clock, "club")
    told = {n.user_id: n.text for n in Notification.objects.filter(kind="tournament")}
    assert told[reader.pk] == pseudo("%(tournament)s has begun.") % {"tournament": "Club arena"}
    assert told[other.pk] == "Club arena has begun."


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
    assert '<div class="errorlist" role="alert"><ul>' in answer.content.decode()
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
async def test_the_standings_and_the_top_game_are_pushed_once_a_pass_when_they_change(
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
            entries.join(arena, user, "club")
        clock.advance(minutes=1)
        return schedule.sweep(clock())

    done = await database_sync_to_async(begin)()
    assert done["arena games paired"] == 1 and done["standings pushed"] == 1
    pushed = await socket.receive_from()
    assert 'id="standings" hx-swap-oob="true"' in pushed and "p00" in pushed and "p01" in pushed
    top = await socket.receive_from()  # the game now shown live, redrawn by its own socket
    assert 'id="top-game"' in top and 'ws-connect="/ws/now/?games=' in top and "p00" in top
    again = await database_sync_to_async(schedule.sweep)(clock())
    assert again["standings pushed"] == again["top games shown"] == 0  # nothing changed

    assert await socket.receive_nothing()
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "x")])
async def test_a_push_reaches_each_socket_in_its_readers_language(arena, players, clock):
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from imperia_site.asgi import application

    origin = [(b"origin", b"http://127.0.0.1")]
    english = WebsocketCommunicator(application, f"/ws/t/{arena.public_id}/?lang=en", origin)
    pseudo_ = WebsocketCommunicator(application, f"/ws/t/{arena.public_id}/?lang=en-xa", origin)
    assert (await english.connect())[0] and (await pseudo_.connect())[0]
    users = await database_sync_to_async(players)(2)

    def begin():
        for user in users:
            entries.join(arena, user, "club")
        clock.advance(minutes=1)
        return schedule.sweep(clock())

    async def standings(socket) -> str:
        """The standings pushed, among the pushes the start makes (the top game's too), in
        whichever order the channel layer delivers them."""
        for _ in range(5):
            if "</th>" in (message := await socket.receive_from()):
                return message
        raise AssertionError("no standings were pushed")

    await database_sync_to_async(begin)()
    plain, read = await standings(english), await standings(pseudo_)
    assert ">Rank</th>" in plain and f">{pseudo('Rank')}</th>" in read and "p00" in read
    await english.disconnect()
    await pseudo_.disconnect()


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
    monkeypatch.setattr(notify, "open_games", opened.extend)
    users = players(2)
    begun(arena, users, clock, "club")
    with django_capture_on_commit_callbacks(execute=True):
        (game,) = arenas.pair_free(arena)
    assert [(g.pk, sorted(u)) for g, u in opened] == [(game.pk, sorted(u.pk for u in users))]


def swiss_form(**overrides):
    fields = {"name": "Club Swiss", "game": "imperial-chess", "time_control": "days", "days": "3",
              "rounds": "5", "pacing": "manual", "starts_in": "60", "rated": "on"}  # fmt: skip
    return fields | overrides


def test_a_player_makes_a_correspondence_swiss_from_the_form(ann, client_of):
    from play.models import Tournament

    client = client_of(ann)
    assert "Make the Swiss" in client.get("/tournaments/new/swiss/").content.decode()
    answer = client.post("/tournaments/new/swiss/", swiss_form())
    made = Tournament.objects.get()
    assert answer.status_code == 302 and answer["Location"] == made.get_absolute_url()
    assert (made.kind, made.rounds, made.pacing, made.time_control) == (
        "swiss", 5, "manual", {"kind": "days", "days": 3})  # fmt: skip
    page = client.get(made.get_absolute_url()).content.decode()
    assert "Swiss of Imperial Chess, 3 days per move, 5 rounds" in page


@pytest.mark.parametrize(
    "overrides, said",
    [
        ({"rounds": "2"}, "Rounds"),
        ({"rounds": "99999999999999999999"}, "Rounds"),
        ({"pacing": "auto"}, "daily or when the organiser"),
        ({"pacing": "sometimes"}, "Rounds begin"),
        ({"time_control": "live", "pacing": "interval"}, "interval between rounds"),
        ({"time_control": "bank"}, "Select a valid choice"),
    ],
)
def test_a_malformed_swiss_is_refused_and_nothing_is_made(ann, client_of, overrides, said):
    from play.models import Tournament

    answer = client_of(ann).post("/tournaments/new/swiss/", swiss_form(**overrides))
    assert answer.status_code == 400 and said in answer.content.decode()
    assert not Tournament.objects.exists()


def test_a_swiss_page_its_round_its_organisers_button_and_its_downloads(
    ann, bob, players, clock, client_of
):
    import json

    from play.games import games
    from play.models import Game
    from play.tournaments import swisses

    swiss = swisses.create(ann, name="Club Swiss", game_slug="empress", time_control=LIVE,
                           rounds=3, pacing="manual", starts_at=clock())  # fmt: skip
    users = players(3)
    for user in users:
        entries.join(swiss, user)
    schedule.sweep(clock())
    page = client_of(ann).get(swiss.get_absolute_url()).content.decode()
    assert "Round 1 of 3" in page and "a bye (1 point)" in page and "Start round" not in page
    (game,) = Game.objects.filter(tournament=swiss)
    games.resign(game, game.player(1))
    page = client_of(ann).get(swiss.get_absolute_url()).content.decode()
    assert "Start round 2" in page and "<abbr" in page and "Buchholz" in page
    assert "Start round" not in client_of(bob).get(swiss.get_absolute_url()).content.decode()
    refused = client_of(bob).post(f"/t/{swiss.public_id}/start-round/")
    assert refused.status_code == 403 and "Only the organiser" in refused.content.decode()
    assert client_of(ann).post(f"/t/{swiss.public_id}/start-round/").status_code == 302
    swiss.refresh_from_db()
    assert swiss.round_number == 2
    rows = client_of(bob).get(f"/t/{swiss.public_id}/results.csv").content.decode().splitlines()
    assert rows[0] == "rank,username,rating,score,games,sonneborn_berger,buchholz,sheet"
    # p00 beat p01 (whose bye came next) and plays p02, whose bye came first.
    assert rows[1:] == [
        "1,p00,1500,1,2,1,1,1 *",
        "2,p01,1500,1,1,0,1,0 1",
        "3,p02,1500,1,1,0,0,1 *",
    ]
    data = json.loads(client_of(bob).get(f"/t/{swiss.public_id}/results.json").content)
    assert data["kind"] == "swiss" and len(data["standings"]) == 3
    assert sum(g["status"] == "bye" for g in data["games"]) == 2
    assert {g["winner"] for g in data["games"] if g["round"] == 1} == {game.player(0).username,
                                                                       None}  # fmt: skip


def test_an_arenas_results_download_and_it_has_no_report_file(arena, players, clock, client):
    users = players(2)
    begun(arena, users, clock, "club")
    (game,) = arenas.pair_free(arena)
    from play.games import games

    games.resign(game, game.player(1))
    rows = client.get(f"/t/{arena.public_id}/results.csv").content.decode().splitlines()
    assert rows[0] == "rank,username,rating,score,games,sheet" and rows[1].endswith(",2,1,2")
    assert client.get(f"/t/{arena.public_id}/report.trf").status_code == 404


def test_the_chat_players_write_everyone_reads(arena, ann, bob, players, client_of, client):
    outsider = players(1, prefix="out")[0]
    url = f"/t/{arena.public_id}/chat/"
    refused = client_of(outsider).post(url, {"text": "hello"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 403 and "Join the tournament" in refused.content.decode()
    entries.join(arena, bob, "club")
    said = client_of(bob).post(url, {"text": "  good   luck <all> "}, HTTP_HX_REQUEST="true")
    assert said.status_code == 200 and "good luck &lt;all&gt;" in said.content.decode()
    organiser = client_of(ann).post(url, {"text": "Welcome"})
    assert organiser.status_code == 302
    empty = client_of(bob).post(url, {"text": " "}, HTTP_HX_REQUEST="true")
    assert empty.status_code == 400 and "Write something first" in empty.content.decode()
    long = client_of(bob).post(url, {"text": "x" * 501}, HTTP_HX_REQUEST="true")
    assert long.status_code == 400
    from play.models import TournamentMessage

    assert list(TournamentMessage.objects.values_list("text", flat=True)) == [
        "good luck <all>", "Welcome"]  # fmt: skip
    page = client.get(arena.get_absolute_url()).content.decode()
    assert "Welcome" in page and 'name="text"' not in page  # a visitor reads


def test_every_game_is_listed_page_by_page(arena, players, clock, client, monkeypatch):
    from play.tournaments import views

    monkeypatch.setattr(views, "GAMES_SHOWN", 1)
    begun(arena, players(4), clock, "club")
    first, second = sorted(arenas.pair_free(arena), key=lambda g: g.pk)
    pages = [
        client.get(f"{arena.get_absolute_url()}?games={n}").content.decode().split('id="games"')[1]
        for n in (1, 2)
    ]  # the games' list (a game also shows as the top game)
    assert second.get_absolute_url() in pages[0] and first.get_absolute_url() not in pages[0]
    assert first.get_absolute_url() in pages[1]
    assert client.get(f"{arena.get_absolute_url()}?games=x").status_code == 400


def test_the_page_shows_the_top_game_the_sweeper_chose(arena, players, clock, client):
    begun(arena, players(2), clock, "club")
    schedule.sweep(clock())  # pairs them, and shows their game
    arena.refresh_from_db()
    page = client.get(arena.get_absolute_url()).content.decode()
    assert f'ws-connect="/ws/now/?games={arena.top_game.public_id}"' in page


def test_the_standings_say_what_each_column_holds(arena, players, clock, client):
    """An arena's sheet is its points per game, a Swiss's its points per round; the rating is
    the one each player joined with, and says so."""
    from play.games import games
    from play.models import Game, Rating
    from play.tournaments import swisses

    users = players(2)
    Rating.objects.create(user=users[0], game_slug="empire-chess", speed="live", rating=1712,
                          rd=60, games=3)  # fmt: skip
    begun(arena, users, clock, "club")
    (game,) = arenas.pair_free(arena)
    games.resign(game, game.player(1))
    Rating.objects.filter(user=users[0]).update(rating=1790)  # the games since, elsewhere
    page = client.get(arena.get_absolute_url()).content.decode()
    table = page[page.index('<div id="standings"') :].split("</table>")[0]
    heads = re.findall(r'<th scope="col">(.*?)</th>', table)
    assert heads == ["Rank", "Player", "Rating at entry", "Points per game", "Score"]
    assert "<td>1712</td>" in table and "1790" not in table
    assert '<table class="list" aria-describedby="standings-key">' in table
    key = page[page.index('id="standings-key"') :].split("</p>")[0]
    assert "rating in Empire Chess (live) as they joined" in key and "2 a win, 1 a draw" in key

    swiss = swisses.create(users[0], name="Club Swiss", game_slug="empress", time_control=LIVE,
                           rounds=3, pacing="manual", starts_at=clock())  # fmt: skip
    for user in players(3, "s"):
        entries.join(swiss, user)
    schedule.sweep(clock())
    assert Game.objects.filter(tournament=swiss).exists()
    page = client.get(swiss.get_absolute_url()).content.decode()
    heads = re.findall(r'<th scope="col">(.*?)</th>', page.split("</table>")[0])
    assert heads[:5] == ["Rank", "Player", "Rating at entry", "Points per round", "Points"]
    key = page[page.index('id="standings-key"') :].split("</p>")[0]
    assert "and pairs the rounds" in key and "1 a win, ½ a draw" in key and "a bye (1)" in key


def test_a_finished_arena_game_leads_back_to_the_arena_and_has_no_rematch(
    arena, players, clock, client_of
):
    from play.games import games
    from play.models import Offer

    users = players(2)
    begun(arena, users, clock, "club")
    (game,) = arenas.pair_free(arena)
    games.resign(game, game.player(1))
    page = client_of(users[0]).get(game.get_absolute_url()).content.decode()
    assert "Offer a rematch" not in page
    assert f'<a class="button" href="{arena.get_absolute_url()}">Back to Club arena</a>' in page
    refused = client_of(users[0]).post(
        f"/g/{game.public_id}/rematch/", {"action": "offer"}, HTTP_HX_REQUEST="true"
    )
    assert refused.status_code == 409 and "the tournament pairs" in refused.content.decode()
    assert not Offer.objects.exists()


def test_a_blocked_players_lines_are_hidden_from_the_blocker_in_a_tournaments_chat(
    arena, ann, bob, players, client_of
):
    from play.relations import relations
    from play.tournaments import chat

    carl = players(1, prefix="carl")[0]
    for player in (bob, carl):
        entries.join(arena, player, "club")
    chat.post(arena, bob, "hello all")
    relations.block(carl, bob)
    page = client_of(carl).get(arena.get_absolute_url()).content.decode()
    hidden = f'#tournament-chat-log [data-author="{bob.pk}"] {{ display: none; }}'
    assert hidden in page and f'<p data-author="{bob.pk}">' in page
    assert "display: none" not in client_of(ann).get(arena.get_absolute_url()).content.decode()
