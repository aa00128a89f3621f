"""Chat text is shown as text wherever it appears: never markup a player can inject."""

import pytest
from django.contrib.auth.models import Group

from play.referee import disputes
from play.round import chat

pytestmark = pytest.mark.django_db
ATTACKS = [
    '<script>alert("x")</script>',
    '<img src=x onerror="alert(1)">',
    '"><svg onload=alert(1)>',
    "<div hx-post='/g/x/resign/' hx-trigger='load'>",
]


def test_chat_is_escaped_in_the_partial_the_page_the_push_and_the_case_page(
    active_game, ann, bob, client_of, make_user
):
    for attack in ATTACKS:
        chat.post(active_game, ann, attack)
    dispute = disputes.report(active_game, ann, "conduct", ATTACKS[0])
    referee = make_user("ref")
    referee.is_staff = True
    referee.save()
    referee.groups.add(Group.objects.get(name="Referees"))
    pages = {
        "partial": chat.html(active_game, bob),
        "pushed": chat.html(active_game, bob, oob=True),
        "game page": client_of(bob).get(f"/g/{active_game.public_id}/").content.decode(),
        "case page": client_of(referee)
        .get(f"/admin/play/dispute/{dispute.pk}/change/")
        .content.decode(),
    }
    for where, html in pages.items():
        for raw in ("<script>alert", "<img src=x", "<svg onload", "<div hx-post='/g/x/resign/'"):
            assert raw not in html, (where, raw)
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html, where
