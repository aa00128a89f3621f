"""Following and blocking from a profile, and a player's own lists."""

import pytest
from django.test import Client

from play.models import Relation
from play.relations import relations

pytestmark = pytest.mark.django_db


def test_a_profile_offers_follow_and_block_and_follows(ann, bob, client_of):
    client = client_of(ann)
    page = client.get("/@/bob/").content.decode()
    assert 'action="/@/bob/follow/"' in page and 'action="/@/bob/block/"' in page
    answer = client.post("/@/bob/follow/")
    assert answer.status_code == 302 and answer["Location"] == "/@/bob/"
    assert relations.relation(ann, bob) == "follow"
    page = client.get("/@/bob/").content.decode()
    assert 'action="/@/bob/unfollow/"' in page and 'action="/@/bob/follow/"' not in page
    client.post("/@/bob/unfollow/")
    assert relations.relation(ann, bob) is None


def test_a_blocked_player_is_told_why_they_cannot_follow(ann, bob, client_of):
    client_of(ann).post("/@/bob/block/")
    client = client_of(bob)
    page = client.post("/@/ann/follow/", follow=True).content.decode()
    assert "This player does not take followers from you." in page
    assert not Relation.objects.filter(from_user=bob).exists()
    page = client_of(ann).get("/@/bob/").content.decode()
    assert "You block this player." in page and 'action="/@/bob/unblock/"' in page


def test_no_buttons_on_ones_own_profile_but_the_lists(ann, client_of):
    page = client_of(ann).get("/@/ann/").content.decode()
    assert 'action="/@/ann/follow/"' not in page and 'href="/relations/followers/"' in page
    assert 'action="/@/ann/follow/"' not in Client().get("/@/ann/").content.decode()


def test_changes_need_a_login_a_post_and_a_player(ann, client_of):
    assert Client().post("/@/ann/follow/")["Location"].startswith("/login/")
    assert client_of(ann).get("/@/ann/follow/").status_code == 405
    assert client_of(ann).post("/@/nobody/follow/").status_code == 404


def test_the_lists_are_the_players_own_latest_first_and_paged(ann, players, client_of):
    others = players(3)
    for other in others:
        relations.follow(other, ann)
        relations.follow(ann, other)
    relations.block(ann, others[0])
    client = client_of(ann)
    following = client.get("/relations/following/").content.decode()
    assert following.index(">p02<") < following.index(">p01<") and ">p00<" not in following
    assert 'aria-current="page">Following<' in following
    followers = client.get("/relations/followers/").content.decode()
    assert ">p02<" in followers and ">p01<" in followers and ">p00<" not in followers
    assert ">p00<" in client.get("/relations/blocked/").content.decode()
    assert client.get("/relations/followers/?page=x").status_code == 400
    assert Client().get("/relations/followers/")["Location"].startswith("/login/")
