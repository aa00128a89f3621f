"""Ratings on the pages: beside names, at a game's end, in the lobby's seeks, on profiles and
the leaderboards; bad input; queries that do not grow with the games."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from imperia_site.catalogues import pseudo
from play.common import clocks
from play.games import games
from play.models import Game, Rating
from play.round import moves

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
LIVE = {"kind": "live", "minutes": 10, "increment": 0}
NEW = {"game": "empress", "side": "white", "listing": "seek", "time_control": "live"}
NEW |= {"minutes": "5", "increment": "3"}


def finished_rated(ann, bob, loser=None):
    game = games.join(
        games.create(ann, "empire-chess", "white", "seek", time_control=LIVE, rated=True), bob
    )
    for text in ("d3d4", "e7e5"):
        game.refresh_from_db()
        moves.submit(game.public_id, ann if game.ply % 2 == 0 else bob, text, game.ply)
    return games.resign(game, loser or bob)


def test_the_game_page_shows_ratings_and_each_sides_change_at_the_end(ann, bob, client_of):
    Rating.objects.create(user=ann, game_slug="empire-chess", speed="live", rating=1623, rd=80)
    game = finished_rated(ann, bob)
    html = client_of(bob).get(game.get_absolute_url()).content.decode()
    assert '<span class="rating"' in html and ">1623</span>" in html and ">1500?</span>" in html
    assert 'aria-label="rating change +' in html and 'aria-label="rating change −' in html
    assert "Rated · live" in html


def test_a_new_game_is_rated_by_default_and_needs_a_clock(ann, client_of):
    page = client_of(ann)
    form = page.get("/").content.decode()
    assert 'name="rated"' in form and 'id="id_rated" checked' in form
    assert page.post("/new/", NEW | {"rated": "on", "rating_range": "150"}).status_code == 302
    game = Game.objects.get()
    assert game.rated and (game.rating_min, game.rating_max) == (1350, 1650)
    refused = page.post("/new/", NEW | {"rated": "on", "time_control": "none"})
    assert refused.status_code == 400
    assert "A rated game needs a clock" in refused.content.decode()
    for bad in ("20", "5000", "1e3", "-100", "١٠٠"):
        answer = page.post("/new/", NEW | {"rating_range": bad})
        assert answer.status_code == 400, bad
    assert Game.objects.count() == 1


def test_the_lobby_lists_only_seeks_the_player_may_accept(ann, bob, make_user, client_of):
    Rating.objects.create(user=bob, game_slug="empress", speed="live", rating=2000, rd=60)
    games.create(ann, "empress", "white", "seek", time_control=LIVE, rating_range=200)
    casual = games.create(ann, "empire", "white", "seek", time_control={"kind": "days", "days": 3})
    rated = games.create(ann, "empire", "white", "seek", time_control=LIVE, rated=True)
    seen = client_of(bob).get("/").content.decode()
    assert seen.count('action="/g/') == 2 and "for 1300–1700" not in seen
    assert "for 1300–1700" in client_of(make_user("cy")).get("/").content.decode()
    assert "Your seek" in client_of(ann).get("/").content.decode()  # one's own: always
    only = client_of(bob).get("/?game=empire&speed=live&rated=rated").content.decode()
    assert f"/g/{rated.public_id}/join/" in only and f"/g/{casual.public_id}/join/" not in only
    only = client_of(bob).get("/?rated=casual").content.decode()
    assert f"/g/{casual.public_id}/join/" in only and f"/g/{rated.public_id}/join/" not in only
    for bad in ("game=chess", "speed=blitz", "rated=yes"):
        answer = client_of(bob).get(f"/?{bad}")
        assert answer.status_code == 400 and "Malformed request" in answer.content.decode()


def test_accepting_a_seek_out_of_range_is_refused_with_a_reason(ann, bob, client_of):
    Rating.objects.create(user=bob, game_slug="empress", speed="live", rating=2000, rd=60)
    seek = games.create(ann, "empress", "white", "seek", time_control=LIVE, rating_range=200)
    page = client_of(bob)
    answer = page.post(f"/g/{seek.public_id}/join/", follow=True)
    assert "yours is 2000" in answer.content.decode()
    seek.refresh_from_db()
    assert seek.status == "open" and seek.seats.count() == 1


def test_the_profile_shows_each_rating_its_record_and_its_history(ann, bob, client):
    for loser in (bob, ann, bob):
        finished_rated(ann, bob, loser)
    html = client.get("/@/ann/").content.decode()
    assert "<h2>Ratings</h2>" in html and "Empire Chess" in html and "2 / 0 / 1" in html
    assert html.count('<svg class="rating-chart"') == 1
    assert (
        'role="img" aria-label="Rating in Empire Chess, live: from ' in html and "3 changes" in html
    )
    assert "(provisional)" in html


def test_the_leaderboard_lists_established_active_players_best_first(make_user, client):
    now = clocks.now()
    for i, (rating, rd, days) in enumerate(
        [(1700, 60, 1), (1900, 100, 10), (2100, 120, 1), (2000, 80, 120), (1600, 110, 89)]
    ):
        Rating.objects.create(
            user=make_user(f"p{i}"), game_slug="empress", speed="live", rating=rating, rd=rd,
            last_played_at=now - timedelta(days=days), games=20,
        )  # fmt: skip
    html = client.get("/leaderboard/empress/?speed=live").content.decode()
    order = [html.index(f">p{i}</a>") for i in (1, 0, 4)]
    assert order == sorted(order) and ">p2</a>" not in html and ">p3</a>" not in html
    assert (
        ">p1</a>" not in client.get("/leaderboard/empress/?speed=correspondence").content.decode()
    )
    assert client.get("/leaderboard/chess/").status_code == 404
    assert client.get("/leaderboard/empress/?speed=blitz").status_code == 400
    assert client.get("/leaderboard/empress/?page=x").status_code == 400


def test_the_leaderboard_is_paged_to_the_top_hundred(make_user, client):
    now = clocks.now()
    users = [make_user(f"p{i}") for i in range(105)]
    Rating.objects.bulk_create(
        Rating(user=u, game_slug="empire", speed="live", rating=1000 + i, rd=50, last_played_at=now)
        for i, u in enumerate(users)
    )
    last = client.get("/leaderboard/empire/?speed=live&page=4").content.decode()
    assert "Page 4 of 4 (100 in all)" in last and ">p5</a>" in last and ">p4</a>" not in last
    assert 'href="?speed=live&amp;page=3"' in last  # the speed kept


def count(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_dashboard_profile_and_leaderboard_queries_do_not_grow_with_the_games(ann, bob, client_of):
    """A list longer than its page is counted (one query more than a list that fits on its
    page, which is counted by its length); past that, more games cost no more queries."""
    page = client_of(ann)
    urls = ("/", "/@/ann/", "/leaderboard/empire-chess/")

    def add(n):
        for _ in range(n):
            finished_rated(ann, bob)
            games.create(ann, "empress", "white", "seek", time_control=LIVE, rated=True)

    add(1)
    one = [count(page, url) for url in urls]
    add(24)  # every list past its page (20 games a page)
    some = [count(page, url) for url in urls]
    add(25)
    many = [count(page, url) for url in urls]
    # A lobby shows seven lists: each may be counted once it is longer than its page.
    assert many == some and all(o <= s <= o + 7 for o, s in zip(one, some, strict=True))


def test_the_profile_history_is_kept_until_the_ratings_change(ann, bob, client):
    """The history is read once and kept in the cache; each new rated game (or a ruling's
    reversal) changes a rating, and so the history is read again."""
    finished_rated(ann, bob)
    client.get("/@/ann/")
    with CaptureQueriesContext(connection) as kept:
        client.get("/@/ann/")
    assert not any("ROW_NUMBER()" in q["sql"] for q in kept.captured_queries)
    finished_rated(ann, bob, loser=ann)
    with CaptureQueriesContext(connection) as again:
        html = client.get("/@/ann/").content.decode()
    assert any("ROW_NUMBER()" in q["sql"] for q in again.captured_queries)
    assert "2 changes" in html  # the chart drawn from the history read again


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")])
def test_the_leaderboard_reads_in_the_readers_language(client):
    html = client.get("/leaderboard/empress/?speed=correspondence&lang=en-xa").content.decode()
    assert pseudo("correspondence") in html and pseudo("Correspondence") in html
    assert "No established players" not in html
