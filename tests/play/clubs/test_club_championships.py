"""A club's championship or cup: made by a leader from its form, entered by members alone,
listed on the club's page and not among the site's."""

import pytest

from play.clubs import clubs
from play.common.errors import Refused
from play.leagues import championships, cups, founding
from play.models import Championship, CupEntry, Entrant

pytestmark = pytest.mark.django_db
LEAGUE = {"name": "Club league", "kind": "league", "game_slug": "empress", "options": {},
          "time_control": {"kind": "days", "days": 3}, "games_per_pair": 2, "starts_in_days": 7}  # fmt: skip


def test_a_members_league_is_joined_by_members_alone(club, founder, ann, make_user):
    league = founding.found(founder, club, **LEAGUE)
    assert (league.slug, league.club, league.games_per_pair) == (
        "empress-circle-club-league",
        club,
        2,
    )
    with pytest.raises(Refused, match="for the members of Empress Circle"):
        championships.join(league, make_user("out"))
    clubs.join(ann, club)
    championships.join(league, ann)
    assert list(Entrant.objects.values_list("user__username", flat=True)) == ["ann"]


def test_a_members_cup_takes_entries_this_month(club, founder, ann, make_user):
    cup = founding.found(founder, club, **LEAGUE | {"name": "Club cup", "kind": "cup"})
    with pytest.raises(Refused, match="for the members of"):
        cups.enter(cup, make_user("out"))
    clubs.join(ann, club)
    cups.enter(cup, ann)
    assert CupEntry.objects.get().user == ann


def test_what_a_leader_may_not_make(club, founder, ann):
    clubs.join(ann, club)
    with pytest.raises(Refused, match="Only the club's leaders"):
        founding.found(ann, club, **LEAGUE)
    for changed, said in [
        ({"time_control": {"kind": "live", "minutes": 5, "increment": 3}}, "by correspondence"),
        ({"game_slug": "imperial-shuffle", "options": {"deal": False}}, "deal the boards"),
        ({"starts_in_days": 61}, "within 60 days"),
        ({"name": "  "}, "Name the championship"),
    ]:
        with pytest.raises(Refused, match=said):
            founding.found(founder, club, **LEAGUE | changed)
    founding.found(founder, club, **LEAGUE)
    with pytest.raises(Refused, match="of that name already"):
        founding.found(founder, club, **LEAGUE)
    assert Championship.objects.filter(club=club).count() == 1


def test_the_leaders_form_makes_one_and_the_club_lists_it(club, founder, ann, client_of):
    client = client_of(founder)
    assert (
        "/championships/new/?club=empress-circle"
        in client.get("/club/empress-circle/").content.decode()
    )
    form = {"name": "Sunday league", "kind": "league", "game": "empress", "time_control": "days",
            "days": "3", "games_per_pair": "1", "starts_in_days": "3"}  # fmt: skip
    answer = client.post("/championships/new/?club=empress-circle", form)
    league = Championship.objects.get(club=club)
    assert answer.status_code == 302 and answer["Location"] == league.get_absolute_url()
    assert "For the members of" in client.get(league.get_absolute_url()).content.decode()
    assert "Sunday league" in client.get("/club/empress-circle/").content.decode()
    assert "Sunday league" not in client.get("/championships/").content.decode()
    clubs.join(ann, club)
    assert client_of(ann).get("/championships/new/?club=empress-circle").status_code == 403
    assert client_of(ann).post("/championships/new/?club=empress-circle", form).status_code == 403
    assert client.get("/championships/new/?club=nothing").status_code == 404
    assert Championship.objects.filter(club=club).count() == 1
