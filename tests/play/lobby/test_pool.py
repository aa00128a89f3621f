"""Quick pairing: the pools, the nearest-rated opponent, widening ranges, leaving, the computer
after a minute, and the pages."""

from datetime import timedelta

import pytest

from play.common.errors import Refused
from play.lobby import pool
from play.models import Game, PoolEntry, Rating

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def rated(user, rating, slug="empress", speed="live"):
    Rating.objects.create(user=user, game_slug=slug, speed=speed, rating=rating, rd=60)


def test_two_players_in_one_pool_get_one_rated_game_at_once(ann, bob, clock):
    assert pool.enter(ann, "empress", "5+3").game is None
    entry = pool.enter(bob, "empress", "5+3")
    game = entry.game
    assert game is not None and game.rated and game.status == "active"
    assert game.time_control == {"kind": "live", "minutes": 5, "increment": 3}
    assert game.speed == "live" and game.listing == "invite"
    assert {s.user for s in game.seats.all()} == {ann, bob}
    assert PoolEntry.objects.get(user=ann).game == game
    assert Game.objects.count() == 1


def test_other_pools_do_not_pair(ann, bob, clock):
    pool.enter(ann, "empress", "5+3")
    assert pool.enter(bob, "empress", "3+2").game is None
    assert pool.enter(ann, "empire", "5+3").game is None  # ann moved pools
    assert PoolEntry.objects.filter(user=ann).count() == 1
    assert not Game.objects.exists()


def test_the_nearest_rated_player_is_chosen(ann, bob, make_user, clock):
    cy, di = make_user("cy"), make_user("di")
    for user, rating in ((ann, 1500), (bob, 1580), (cy, 1530), (di, 1400)):
        rated(user, rating)
    pool.enter(bob, "empress", "5+3")
    pool.enter(di, "empress", "5+3")
    pool.enter(cy, "empress", "5+3")  # bob is 50 away: paired with bob, not di (130)
    assert {s.user for s in PoolEntry.objects.get(user=cy).game.seats.all()} == {bob, cy}
    assert PoolEntry.objects.get(user=di).game is None


def test_the_range_widens_with_the_wait(ann, bob, clock):
    rated(ann, 1500)
    rated(bob, 1800)
    pool.enter(ann, "empress", "5+3")
    pool.enter(bob, "empress", "5+3")
    assert not Game.objects.exists()  # 300 apart, ranges ±100
    clock.advance(seconds=10)  # ±200 each
    assert pool.wait(ann).game is None
    clock.advance(seconds=10)  # ±300
    assert pool.wait(ann).game is not None
    assert pool.rating_range(PoolEntry.objects.get(user=ann), clock() + timedelta(hours=1)) == 700


def test_leaving_takes_the_player_out_at_once(ann, bob, clock):
    pool.enter(ann, "empress", "5+3")
    pool.leave(ann)
    assert pool.enter(bob, "empress", "5+3").game is None
    assert pool.wait(ann) is None and not Game.objects.exists()


def test_a_closed_waiting_page_leaves_the_pool(ann, bob, clock):
    pool.enter(ann, "empress", "5+3")
    clock.advance(seconds=30)  # ann's page has said nothing for 30 s
    assert pool.enter(bob, "empress", "5+3").game is None
    assert not PoolEntry.objects.filter(user=ann).exists()


def test_after_a_minute_alone_the_computer_is_offered_near_the_rating(ann, clock, measured_levels):
    measured_levels({"empress": {1: 400, 2: 900, 3: 1350, 4: 1500, 5: 1700}})
    rated(ann, 1390)
    entry = pool.enter(ann, "empress", "10+5")
    assert pool.status(entry).computer_level is None
    for _ in range(7):  # the waiting page speaks every few seconds
        clock.advance(seconds=9)
        pool.wait(ann)
    assert pool.status(PoolEntry.objects.get(user=ann)).computer_level == 3  # measured 1350
    game = pool.play_computer(ann)
    assert game.computer_seat is not None and not game.rated
    assert game.time_control == pool.CLOCKS["10+5"] and game.game_slug == "empress"
    assert not PoolEntry.objects.exists()


def test_the_level_offered_is_the_nearest_measured_in_the_game(measured_levels):
    measured_levels({"empress": {1: 400, 2: 900, 3: 1350}, "empire": {1: 400, 2: 2600}})
    assert pool.level_near("empress", 1100) == 2  # 900 is nearer than 1350
    assert pool.level_near("empress", 2600) == 3  # the strongest measured, not level 8
    assert pool.level_near("empire", 2600) == 2  # each game its own scale
    assert pool.level_near("imperial-chess", 1500) == 1  # none measured: the weakest


def test_bad_pools_are_refused_and_the_computer_does_not_wait(ann, clock):
    with pytest.raises(Refused, match="five games"):
        pool.enter(ann, "chess", "5+3")
    with pytest.raises(Refused, match="time control"):
        pool.enter(ann, "empress", "5+0")
    from play.computer import opponents

    with pytest.raises(Refused, match="computer does not wait"):
        pool.enter(opponents.player(3), "empress", "5+3")
    assert not PoolEntry.objects.exists()


def test_the_pool_pages(ann, bob, client_of, clock):
    page = client_of(ann)
    grid = page.get("/pool/").content.decode()
    assert grid.count('name="clock"') == 5 * len(pool.CLOCKS)
    assert page.post("/pool/", {"game": "empire", "clock": "1d"}).status_code == 302
    waiting = page.get("/pool/").content.decode()
    assert "Looking for an opponent in <strong>Empire, 1d</strong>" in waiting
    status = page.post("/pool/wait/", **HTMX)
    assert (
        status.status_code == 200
        and "waiting 0 s, within ±100 of your 1500" in status.content.decode()
    )
    client_of(bob).post("/pool/", {"game": "empire", "clock": "1d"})
    paired = page.post("/pool/wait/", **HTMX)
    game = PoolEntry.objects.get(user=ann).game
    assert paired.status_code == 204 and paired["HX-Redirect"] == game.get_absolute_url()
    assert page.get("/pool/").url == game.get_absolute_url()  # paired while away


def test_bad_input_to_the_pool_pages(ann, client_of, client, clock):
    page = client_of(ann)
    response = page.post("/pool/", {"game": "empire", "clock": "99d"})
    assert response.status_code == 400 and "Choose a time control" in response.content.decode()
    response = page.post("/pool/", {"action": "computer"})
    assert response.status_code == 409 and "not waiting in a pool" in response.content.decode()
    assert client.post("/pool/", {"game": "empire", "clock": "1d"}).status_code == 302  # login
    assert not PoolEntry.objects.exists()


def test_coming_back_to_a_pool_left_long_ago_starts_afresh(ann, client_of, clock):
    pool.enter(ann, "empress", "5+3")
    clock.advance(days=2)  # the page was closed
    assert pool.wait(ann) is None and not PoolEntry.objects.exists()
    assert "Looking for an opponent" not in client_of(ann).get("/pool/").content.decode()


def test_a_player_in_a_live_game_cannot_wait_for_another(ann, bob, make_user, client_of, clock):
    pool.enter(ann, "empress", "5+3")
    game = pool.enter(bob, "empress", "5+3").game  # paired: a rated live game for both
    for who in (ann, bob):
        with pytest.raises(Refused, match="live game in play"):
            pool.enter(who, "empire", "3+2")
    cy = make_user("cy")
    assert pool.enter(cy, "empire", "3+2").game is None  # nobody there to pair cy with
    back = client_of(ann).post("/pool/", {"game": "empire", "clock": "3+2"})
    assert back.status_code == 302 and back.url == game.get_absolute_url()  # to the game
    assert Game.objects.filter(seats__user=ann).count() == 1
    assert not PoolEntry.objects.filter(user=ann, game__isnull=True).exists()
    from play.games import games

    dan, eve = make_user("dan"), make_user("eve")  # in a live game from the lobby
    games.join(games.create(dan, "empire", "white", "seek", None, pool.CLOCKS["5+3"]), eve)
    refused = client_of(dan).post("/pool/", {"game": "empire", "clock": "3+2"})
    assert refused.status_code == 409 and "finish it before" in refused.content.decode()
    assert not PoolEntry.objects.filter(user=dan).exists()

    games.resign(game, ann)
    assert pool.enter(ann, "empire", "3+2").game == Game.objects.get(seats__user=cy)
