"""A club's arenas and Swiss events: made by its leaders from the site's own forms, open to
its members alone, listed on its page and not in the site's list."""

from datetime import timedelta

import pytest

from play.clubs import clubs
from play.common import clocks
from play.common.errors import Refused
from play.models import Participant, Tournament
from play.tournaments import arenas, entries

pytestmark = pytest.mark.django_db
FIELDS = {"name": "Members' arena", "game_slug": "empress",
          "time_control": {"kind": "live", "minutes": 3, "increment": 2}}  # fmt: skip


def members_arena(leader, club):
    return arenas.create(leader, minutes=30, starts_at=clocks.now() + timedelta(minutes=5),
                         club=club, **FIELDS)  # fmt: skip


def test_a_members_arena_is_joined_by_members_alone(club, founder, ann, make_user):
    arena = members_arena(founder, club)
    outsider = make_user("out")
    with pytest.raises(
        Refused, match="for the members of Empress Circle: join the club first"
    ) as refused:
        entries.join(arena, outsider)
    assert refused.value.status == 403
    clubs.join(ann, club)
    entries.join(arena, ann)
    assert list(Participant.objects.values_list("user__username", flat=True)) == ["ann"]


def test_only_a_leader_makes_the_clubs_events(club, founder, ann):
    clubs.join(ann, club)
    with pytest.raises(Refused, match="Only the club's leaders make its events"):
        members_arena(ann, club)
    assert not Tournament.objects.exists()


def test_the_form_offers_the_clubs_the_maker_leads(club, founder, ann, client_of):
    client = client_of(founder)
    page = client.get("/tournaments/new/?club=empress-circle").content.decode()
    assert '<option value="empress-circle" selected>The members of Empress Circle</option>' in page
    form = {"name": "Sunday arena", "game": "empress", "time_control": "live", "minutes": "3",
            "increment": "2", "duration": "30", "starts_in": "10", "rated": "on",
            "club": "empress-circle", "min_rated_games": "0"}  # fmt: skip
    answer = client.post("/tournaments/new/", form)
    arena = Tournament.objects.get()
    assert answer.status_code == 302 and arena.club == club
    assert "For the members of" in client.get(arena.get_absolute_url()).content.decode()
    assert "Sunday arena" in client.get("/club/empress-circle/").content.decode()
    assert "Sunday arena" not in client.get("/tournaments/").content.decode()
    # A player who leads no club is offered none, and one named is refused.
    clubs.join(ann, club)
    assert "The members of" not in client_of(ann).get("/tournaments/new/").content.decode()
    refused = client_of(ann).post("/tournaments/new/", form | {"name": "Taken"})
    assert refused.status_code == 400 and Tournament.objects.count() == 1
