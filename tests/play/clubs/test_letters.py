"""A leader's message to all the club's members: a private message to each, headed in the
member's language, a few a week, never across a block."""

import pytest

from play.clubs import clubs, letters
from play.common.errors import Refused
from play.inbox import inbox
from play.models import ClubLetter, Correspondent, Letter, Profile, Relation
from play.relations import relations

pytestmark = pytest.mark.django_db


def test_each_member_has_it_from_the_leader_in_their_own_language(club, founder, players):
    amy, ben, cid = players(3, "m")
    for player in (amy, ben, cid):
        clubs.join(player, club)
    Profile.objects.update_or_create(user=ben, defaults={"language": "fr"})
    inbox.send(founder, amy, "We spoke before.")  # one conversation kept, two begun
    assert letters.send(founder, club, "  Sunday's arena starts at 18:00.  ") == 3
    got = {
        letter.conversation.sides.exclude(user=founder).get().user.username: letter.text
        for letter in Letter.objects.filter(text__contains="Sunday")
    }
    assert got == {
        "m00": "To the members of Empress Circle:\n\nSunday's arena starts at 18:00.",
        "m01": "Aux membres de Empress Circle\xa0:\n\nSunday's arena starts at 18:00.",
        "m02": "To the members of Empress Circle:\n\nSunday's arena starts at 18:00.",
    }
    assert [
        side.unread for side in Correspondent.objects.filter(other=founder).order_by("user")
    ] == [2, 1, 1]
    assert inbox.unread_conversations(ben) == 1
    mine = Correspondent.objects.filter(user=founder).order_by("other")
    assert {side.last_text for side in mine} == {
        "To the members of Empress Circle:\n\nSunday's arena starts at 18:00.",
        "Aux membres de Empress Circle\xa0:\n\nSunday's arena starts at 18:00.",
    }
    assert ClubLetter.objects.get().recipients == 3


def test_no_message_crosses_a_block(club, founder, players):
    amy, ben = players(2, "m")
    clubs.join(amy, club)
    clubs.join(ben, club)
    relations.block(amy, founder)
    assert letters.send(founder, club, "Hello all.") == 1
    assert not Relation.objects.filter(kind="follow").exists()
    assert list(
        Correspondent.objects.filter(other=founder).values_list("user__username", flat=True)
    ) == ["m01"]


def test_only_a_leader_writes_and_a_few_a_week(club, founder, ann, monkeypatch):
    clubs.join(ann, club)
    with pytest.raises(Refused, match="Only the club's leaders"):
        letters.send(ann, club, "Hello all.")
    monkeypatch.setattr(letters, "MOST_A_WEEK", 2)
    letters.send(founder, club, "One.")
    letters.send(founder, club, "Two.")
    with pytest.raises(Refused, match="2 messages to all its members a week") as refused:
        letters.send(founder, club, "Three.")
    assert refused.value.status == 429
    assert Letter.objects.count() == 2
    for text, said in [
        ("  ", "Write something first."),
        ("x" * (letters.TEXT_LENGTH + 1), "at most"),
    ]:
        with pytest.raises(Refused, match=said):
            letters.send(founder, club, text)
    assert ClubLetter.objects.count() == 2
