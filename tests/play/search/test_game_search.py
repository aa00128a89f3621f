"""The game search: each filter alone and together, the player's result, the mean rating,
the days, latest first, the search kept in the pages' links; bad input 400 and nothing else."""

from datetime import timedelta

import pytest

from play.common import clocks
from play.games import games
from play.models import Game, Seat
from play.ratings.ratings import mean_of

pytestmark = pytest.mark.django_db


def ended(white, black, slug="empress", winner=0, reason="resign", plies=10, rated=False,
          ratings=(None, None), days_ago=0):  # fmt: skip
    game = games.join(games.create(white, slug, "white", "seek"), black)
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.FINISHED, winner=winner, reason=reason, ply=plies, rated=rated,
        finished_at=clocks.now() - timedelta(days=days_ago),
    )  # fmt: skip
    for index, rating in enumerate(ratings):
        Seat.objects.filter(game=game, index=index).update(rating=rating)
    Game.objects.filter(pk=game.pk).update(rating_mean=mean_of(ratings))  # as play began
    return game.public_id


def found(client, **asked) -> list[str]:
    answer = client.get("/games/search/", asked)
    assert answer.status_code == 200, answer.content.decode()[:3000]
    page = answer.content.decode()
    return [part.split("/")[0] for part in page.split('<td><a href="/g/')[1:]]


def test_each_filter_and_the_players_result(ann, bob, make_user, client):
    cid = make_user("cid")
    won = ended(ann, bob, winner=0, plies=40, rated=True, ratings=(1600, 1500), days_ago=3)
    lost = ended(bob, ann, slug="empire", winner=0, reason="captures", plies=120)
    drawn = ended(ann, cid, winner=None, reason="agreement", plies=20, days_ago=1)
    other = ended(bob, cid, winner=1, plies=8)
    assert found(client, player="ANN") == [lost, drawn, won]  # latest first, any case
    assert found(client, player="ann", result="win") == [won]
    assert found(client, player="ann", result="loss") == [lost]
    assert found(client, player="ann", result="draw") == [drawn]
    assert found(client, player="ann", opponent="bob") == [lost, won]
    assert found(client, opponent="cid") == [other, drawn]
    assert found(client, game="empire") == [lost]
    assert found(client, rated="rated") == [won]
    assert found(client, rated="casual", player="bob") == [other, lost]
    assert found(client, rating_min=1540, rating_max=1560) == [won]
    assert found(client, rating_min=1560) == []
    assert found(client, plies_min=20, plies_max=40) == [drawn, won]
    assert found(client, reason="captures") == [lost]
    day = (clocks.now() - timedelta(days=2)).date().isoformat()
    assert found(client, since=day) == [other, lost, drawn]
    assert found(client, until=day) == [won]
    assert found(client, player="nobody") == []


def test_the_pages_keep_the_search(ann, bob, client, monkeypatch):
    from play.search import views

    monkeypatch.setattr(views, "GAMES_A_PAGE", 2)
    for _ in range(3):
        ended(ann, bob)
    page = client.get("/games/search/", {"player": "ann"}).content.decode()
    assert "player=ann" in page and "page=2" in page


@pytest.mark.parametrize(
    "asked",
    [
        {"rating_min": "abc"}, {"rating_min": "99999"}, {"plies_max": "-1"},
        {"plies_min": "٣"}, {"since": "yesterday"}, {"since": "1999-01-01"},
        {"game": "chess"}, {"speed": "bullet"}, {"result": "win"},
        {"rating_min": "1600", "rating_max": "1500"}, {"player": "x" * 151},
        {"reason": "nonsense"}, {"page": "0", "player": "ann"},
    ],
)  # fmt: skip
def test_bad_input_is_400_and_nothing_else(ann, bob, client, asked):
    ended(ann, bob)
    answer = client.get("/games/search/", asked)
    assert answer.status_code == 400
    assert '<td><a href="/g/' not in answer.content.decode()


def test_the_empty_form_looks_for_nothing(client, ann, bob):
    ended(ann, bob)
    page = client.get("/games/search/").content.decode()
    assert 'role="search"' in page and '<td><a href="/g/' not in page


def test_a_games_mean_rating_is_kept_as_play_begins(ann, bob, make_user):
    """Paired (quick pairing, events) and joined (a seek), and the computer has none."""
    from play.computer import opponents
    from play.models import Rating

    Rating.objects.create(user=ann, game_slug="empress", speed="correspondence", rating=1700, rd=60)
    paired = games.start_paired("empress", {}, {}, [(ann, bob)], rated=True)[0]
    paired.refresh_from_db()
    assert paired.rating_mean == (1700 + 1500) / 2
    joined = games.join(games.create(bob, "empress", "white", "seek"), ann)
    joined.refresh_from_db()
    assert joined.rating_mean == (1500 + 1700) / 2
    computer = opponents.start(ann, "empress", 3, "white")
    computer.refresh_from_db()
    assert computer.rating_mean == 1700
