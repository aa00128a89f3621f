"""The players one follows who are online now, with their games in play: online while a page
of the site is open (its player's socket), as every server sees it."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from imperia_site.asgi import application
from play.games import games
from play.push import presence
from play.relations import relations

ORIGIN = (b"origin", b"http://127.0.0.1")


def logged_in_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_player_with_a_page_open_is_online_for_those_who_follow_them(ann, bob):
    cookie = await database_sync_to_async(logged_in_cookie)(bob)
    await database_sync_to_async(relations.follow)(ann, bob)
    assert await database_sync_to_async(relations.online_followed)(ann) == []
    page = WebsocketCommunicator(application, "/ws/me/", headers=[ORIGIN, (b"cookie", cookie)])
    assert (await page.connect())[0]
    await page.receive_from()  # the bell
    online = await database_sync_to_async(relations.online_followed)(ann)
    assert [friend.user for friend in online] == [bob]
    await page.disconnect()
    assert presence.online_among([bob.pk]) == {bob.pk}  # another page may be open: it lapses


@pytest.mark.django_db
def test_an_online_friends_games_in_play_are_there_to_watch(ann, bob, make_user):
    carl = make_user("carl")
    game = games.join(games.create(bob, "empress", "white", "seek"), carl)
    games.create(bob, "empire", "white", "seek")  # open, not in play
    for player in (bob, carl):
        relations.follow(ann, player)
    presence.online(bob.pk)
    online = relations.online_followed(ann)
    assert [(friend.user, [watched.get_absolute_url() for watched in friend.games])
            for friend in online] == [(bob, [game.get_absolute_url()])]  # fmt: skip
    assert online[0].games[0].rules.name == "Empress"


@pytest.mark.django_db
def test_the_dashboard_shows_the_followed_players_online_with_their_games(ann, bob, client_of):
    page = client_of(ann).get("/").content.decode()
    assert "None of the players you follow is online." in page
    relations.follow(ann, bob)
    game = games.join(games.create(bob, "empress", "white", "seek"), ann)
    presence.online(bob.pk)
    page = client_of(ann).get("/").content.decode()
    section = page[page.index('id="friends-h"') :].split("</section>")[0]
    assert 'href="/@/bob/"' in section
    assert f'<a href="/g/{game.public_id}/">watch their Empress</a>' in section


@pytest.mark.django_db
def test_the_timeline_tells_the_followed_players_games_and_tournaments_latest_first(
    ann, bob, make_user, client_of
):
    from datetime import timedelta

    from play.common import clocks
    from play.models import Participant, Tournament
    from play.tournaments import arenas, entries

    carl = make_user("carl")
    for player in (bob, carl):
        relations.follow(ann, player)
    arena = arenas.create(bob, name="Evening arena", game_slug="empress", minutes=60,
                          time_control={"kind": "live", "minutes": 3, "increment": 2},
                          starts_at=clocks.now() + timedelta(hours=1))  # fmt: skip
    entries.join(arena, bob)
    Tournament.objects.filter(pk=arena.pk).update(
        status=Tournament.Status.FINISHED, finished_at=clocks.now() - timedelta(hours=1)
    )
    Participant.objects.filter(tournament=arena, user=bob).update(score=7.5)
    game = games.join(games.create(bob, "empress", "white", "seek"), carl)
    games.resign(game, carl)  # between two followed players: told once
    lines = relations.timeline(ann)
    assert [(line.game, line.tournament) for line in lines] == [(game, None), (None, arena)]
    page = client_of(ann).get("/").content.decode()
    section = page[page.index('id="timeline-h"') :].split("</section>")[0]
    assert f'<a href="/g/{game.public_id}/">Empress</a>' in section and "White wins" in section
    assert "finished <a href=" in section and "with a score of 7.5." in section
    assert relations.timeline(carl) == []  # carl follows no one


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_page_opening_marks_its_player_online_off_the_sockets_thread(bob, monkeypatch):
    """The mark is a round trip to the cache: not on the one thread every socket's moves and
    boards wait for."""
    import threading

    from play.notify.consumers import PlayerConsumer

    threads, mark_all = [], PlayerConsumer.mark_all

    def marking(keys):
        threads.append(threading.current_thread())
        mark_all(keys)

    monkeypatch.setattr(PlayerConsumer, "mark_all", staticmethod(marking))
    cookie = await database_sync_to_async(logged_in_cookie)(bob)
    page = WebsocketCommunicator(application, "/ws/me/", headers=[ORIGIN, (b"cookie", cookie)])
    assert (await page.connect())[0]
    await page.receive_from()  # the bell
    assert presence.online_among([bob.pk]) == {bob.pk}
    assert threads and await database_sync_to_async(threading.current_thread)() not in threads
    await page.disconnect()
