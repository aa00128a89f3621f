"""Following and blocking: one relation a pair and a direction, a block replacing a follow,
the lists newest first a page at a time, and each player's counts held under races."""

import threading
from datetime import timedelta

import pytest
from django.db import connections

from play.common import clocks
from play.common.errors import Refused
from play.models import Relation
from play.relations import relations

pytestmark = pytest.mark.django_db


def test_a_player_follows_and_unfollows_another(ann, bob):
    relations.follow(ann, bob)
    relations.follow(ann, bob)  # again: nothing more
    assert relations.relation(ann, bob) == "follow" and relations.relation(bob, ann) is None
    assert [f.from_user for f in relations.followers(bob)] == [ann]
    assert [f.to_user for f in relations.following(ann)] == [bob]
    relations.unfollow(ann, bob)
    assert relations.relation(ann, bob) is None and not relations.followers(bob)


def test_a_block_replaces_a_follow_and_ends_the_blocked_players_follow(ann, bob):
    relations.follow(ann, bob)
    relations.follow(bob, ann)
    relations.block(ann, bob)
    assert relations.relation(ann, bob) == "block" and relations.relation(bob, ann) is None
    assert relations.kept_apart(ann) == {bob.pk} and relations.kept_apart(bob) == {ann.pk}
    assert not relations.following(ann) and [b.to_user for b in relations.blocked(ann)] == [bob]
    with pytest.raises(Refused, match="does not take followers from you"):
        relations.follow(bob, ann)
    with pytest.raises(Refused, match="unblock them first"):
        relations.follow(ann, bob)
    relations.unfollow(ann, bob)  # not a follow: the block stays
    assert relations.relation(ann, bob) == "block"
    relations.unblock(ann, bob)
    assert relations.kept_apart(ann) == set() and relations.kept_apart(bob) == set()
    relations.follow(bob, ann)
    assert relations.relation(bob, ann) == "follow"


def test_no_relation_to_oneself_or_with_an_anonymous_visitor(ann, make_user):
    guest = make_user("anonymous-x1")
    with pytest.raises(Refused, match="That is you"):
        relations.follow(ann, ann)
    for first, second in ((ann, guest), (guest, ann)):
        with pytest.raises(Refused, match="with an account"):
            relations.block(first, second)
    assert not Relation.objects.exists()


def test_the_lists_come_latest_first(ann, players, monkeypatch):
    followed = players(5)
    start = clocks.now()
    for i, other in enumerate(followed):  # two followed in the same instant: by the relation
        monkeypatch.setattr(clocks, "now", lambda i=i: start + timedelta(seconds=i // 2))
        relations.follow(ann, other)
        relations.follow(other, ann)
    assert [r.to_user.username for r in relations.following(ann)] == [
        "p04", "p03", "p02", "p01", "p00"
    ]  # fmt: skip
    assert [r.from_user.username for r in relations.followers(ann)][:2] == ["p04", "p03"]


def test_a_player_follows_at_most_so_many(ann, players, monkeypatch):
    monkeypatch.setattr(relations, "MOST_FOLLOWED", 2)
    first, second, third = players(3)
    relations.follow(ann, first)
    relations.follow(ann, second)
    with pytest.raises(Refused, match="You follow 2 players, the most one may"):
        relations.follow(ann, third)
    relations.block(ann, third)  # blocks count apart
    assert Relation.objects.filter(from_user=ann).count() == 3


@pytest.mark.django_db(transaction=True)
def test_follows_raced_at_once_keep_the_limit(ann, players, monkeypatch):
    """Two requests of one player at once, each for a last place: one follows, one is told."""
    monkeypatch.setattr(relations, "MOST_FOLLOWED", 1)
    others, outcomes = players(2), []
    barrier = threading.Barrier(2)

    def attempt(other):
        try:
            barrier.wait()
            relations.follow(ann, other)
            outcomes.append("followed")
        except Refused as exc:
            outcomes.append(exc.message)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=attempt, args=(other,)) for other in others]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes)[0] == "You follow 1 player, the most one may: unfollow one first."
    assert sorted(outcomes)[1] == "followed"
    assert Relation.objects.filter(from_user=ann).count() == 1
