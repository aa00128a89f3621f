"""Each player reads a dispute's news in their own language, whoever made it."""

import pytest
from django.test import override_settings

from imperia_site.catalogues import pseudo
from play.models import Notification, Profile
from play.referee import disputes

pytestmark = pytest.mark.django_db


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")])
def test_a_ruling_is_told_to_each_player_in_their_own_language(active_game, ann, bob, referee):
    Profile.objects.update_or_create(user=bob, defaults={"language": "en-xa"})
    dispute = disputes.report(active_game, ann, "conduct", "Rude chat.")
    disputes.rule(dispute, referee, "uphold", "Noted; a warning was given.")
    told = {n.user: n.text for n in Notification.objects.filter(kind="dispute").order_by("pk")}
    assert told[ann].startswith("Ruling on the dispute about ")
    ruling = pseudo("Ruling on the dispute about %(game)s: %(decided)s. %(reason)s")
    assert told[bob].startswith(ruling.split("%")[0]) and told[bob].endswith(
        "Noted; a warning was given." + ruling.rsplit(")s", 1)[1]
    )
