"""A battle between clubs: an arena whose players each play for one of its clubs, never
paired with a clubmate, each club scored by its best players; made by a leader of one club
against others named."""

from datetime import timedelta

import pytest

from play.clubs import clubs
from play.common.errors import Refused
from play.games import games
from play.models import Game, Participant, Tournament
from play.tournaments import arenas, battles, entries, pairing, standings
from tests.play.conftest import CHOICES
from tests.play.tournaments.helpers import begun

pytestmark = pytest.mark.django_db
LIVE = {"kind": "live", "minutes": 3, "increment": 2}


@pytest.fixture
def rivals(established):
    """A second club, led by its own founder."""
    return clubs.found(established("yan"), **CHOICES | {"name": "Dots Society"})


def battle(leader, club, clock, others=("Dots Society",), counted=2):
    return arenas.create(leader, name="Circle v Society", game_slug="empress", time_control=LIVE,
                         minutes=60, starts_at=clock() + timedelta(minutes=5), club=club,
                         battle=(list(others), counted))  # fmt: skip


def teams(club, rivals, players):
    circle, society = players(3, "c"), players(3, "s")
    for player in circle:
        clubs.join(player, club)
    for player in society:
        clubs.join(player, rivals)
    return circle, society


def test_a_battle_of_two_clubs_of_three_pairs_no_clubmates_and_scores_the_best(
    club, rivals, founder, players, clock
):
    fight = battle(founder, club, clock)
    assert (fight.is_battle, fight.club, fight.battle_counted) == (True, None, 2)
    assert set(fight.battle_clubs.all()) == {club, rivals}
    circle, society = teams(club, rivals, players)
    begun(fight, circle + society, clock)
    assert {p.user.username: p.club.name for p in Participant.objects.select_related("club")} == {
        **{u.username: "Empress Circle" for u in circle},
        **{u.username: "Dots Society" for u in society},
    }
    for _round in range(3):
        made = arenas.pair_free(fight)
        assert len(made) == 3
        for game in made:
            sides = {Participant.objects.get(user=s.user).club_id for s in game.seats.all()}
            assert len(sides) == 2  # never two of one club
        for game in Game.objects.filter(tournament=fight, status="active"):
            loser = next(s.user for s in game.seats.all() if s.user in society)
            games.resign(game, loser)
    table = battles.table(fight)
    assert [(s.club, s.players) for s in table] == [(club, 3), (rivals, 3)]
    circle_scores = sorted((p.score for p in Participant.objects.filter(club=club)), reverse=True)
    assert circle_scores == [8, 8, 8]  # three wins each: 2, 2, then 4 on a streak
    assert table[0].club == club and table[0].score == 16
    assert [p.score for p in table[0].scorers] == circle_scores[:2]
    assert (table[1].club, table[1].score) == (rivals, 0)
    drawn = standings.html(fight)
    assert "Empress Circle" in drawn and "its best 2 players" in drawn


def test_whom_a_battle_takes_and_for_which_club(club, rivals, founder, ann, make_user, clock):
    fight = battle(founder, club, clock)
    with pytest.raises(Refused, match="for the members of its clubs: Dots Society, Empress Circle"):
        entries.join(fight, make_user("out"))
    clubs.join(ann, club)
    clubs.join(ann, rivals)
    with pytest.raises(Refused, match="Choose the club you play for"):
        entries.join(fight, ann)
    entries.join(fight, ann, club="dots-society")
    assert Participant.objects.get(user=ann).club == rivals


def test_a_battle_is_made_by_a_leader_against_open_clubs_named(club, rivals, founder, ann, clock):
    clubs.join(ann, club)
    with pytest.raises(Refused, match="Only the club's leaders"):
        battle(ann, club, clock)
    for others, said in [
        (["Empress Circle", " "], "at least one other club"),
        (["Dots Society", "Nowhere"], "No open club is called nowhere"),
    ]:
        with pytest.raises(Refused, match=said):
            battle(founder, club, clock, others)
    with pytest.raises(Refused, match="best 1 to 20 players"):
        battle(founder, club, clock, counted=21)
    assert not Tournament.objects.exists()
    made = battle(founder, club, clock, ["  dots   SOCIETY "])
    assert set(made.battle_clubs.all()) == {club, rivals}


def test_the_pairing_never_links_clubmates():
    free = [pairing.Free(i, i, 1500, team=i % 2) for i in range(1, 7)]
    pairs = pairing.pair(free)
    assert len(pairs) == 3 and all(a % 2 != b % 2 for a, b in pairs)
    assert pairing.pair([pairing.Free(1, 1, 1500, team=7), pairing.Free(2, 2, 1500, team=7)]) == []


def test_the_form_makes_a_battle_and_the_page_asks_for_which_club(
    club, rivals, founder, ann, client_of
):
    client = client_of(founder)
    page = client.get("/tournaments/new/").content.decode()
    assert "Other clubs, one a line" in page
    form = {"name": "Big battle", "game": "empress", "time_control": "live", "minutes": "3",
            "increment": "2", "duration": "30", "starts_in": "10", "rated": "on",
            "club": "empress-circle", "min_rated_games": "0",
            "battle_clubs": "Dots Society\r\n", "battle_counted": "3"}  # fmt: skip
    answer = client.post("/tournaments/new/", form)
    fight = Tournament.objects.get()
    assert answer.status_code == 302 and (fight.battle_counted, fight.club) == (3, None)
    assert "Big battle" in client.get("/club/dots-society/").content.decode()
    clubs.join(ann, club)
    clubs.join(ann, rivals)
    page = client_of(ann).get(fight.get_absolute_url()).content.decode()
    assert '<select id="playing-for" name="club">' in page
    client_of(ann).post(fight.get_absolute_url() + "join/", {"club": "empress-circle"})
    assert Participant.objects.get(user=ann).club == club
