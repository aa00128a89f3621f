"""A championship's settings, as the staff set them in the admin: checked before saving."""

import pytest
from django.core.exceptions import ValidationError

from play.models import Championship

pytestmark = pytest.mark.django_db


def made(**fields):
    values = dict(slug="x", name="X", game_slug="empress", time_control={"kind": "days", "days": 3})
    return Championship(**(values | fields))


@pytest.mark.parametrize(
    "fields, said",
    [
        ({"time_control": {"kind": "live", "minutes": 5, "increment": 3}}, "by correspondence"),
        ({"time_control": {"kind": "days", "days": 4}}, "Days per move"),
        ({"game_slug": "imperial-shuffle"}, "deal the boards"),
        ({"options": {"nobles": 3}}, "options"),
        ({"group_min": 8, "group_max": 6}, "group_min"),
        ({"group_min": 1}, "at least 2"),
        ({"games_per_pair": 3}, "1 or 2 games"),
    ],
)
def test_settings_that_cannot_be_played_are_refused(fields, said):
    with pytest.raises(ValidationError, match=said):
        made(**fields).full_clean()


def test_the_sites_championships_are_all_playable():
    for championship in Championship.objects.all():
        championship.full_clean()
    assert Championship.objects.filter(kind="league").count() == 10
    assert Championship.objects.filter(kind="cup").count() == 5


def test_the_staff_desk_lists_and_adds_championships(client_of, make_user):
    staff = make_user("staffer")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    client = client_of(staff)
    assert "Empress cup" in client.get("/admin/play/championship/").content.decode()
    assert client.get("/admin/play/championship/add/").status_code == 200
    assert client.get("/admin/play/edition/").status_code == 200
