"""A blocked player and the one who blocked them do not meet: no challenge, no seek joined
or shown, no pairing in quick pairing, no rematch; tournaments pair them as usual."""

import pytest

from play.common.errors import Refused
from play.games import games
from play.lobby import pool, seeks
from play.models import Game
from play.relations import relations

pytestmark = pytest.mark.django_db


def test_a_challenge_is_refused_either_way_with_the_reason(ann, bob, client_of):
    relations.block(ann, bob)
    with pytest.raises(Refused, match="does not take games with you"):
        games.create(bob, "empress", "white", "invite", invited=ann)
    with pytest.raises(Refused, match="unblock them first to play them"):
        games.create(ann, "empress", "white", "invite", invited=bob)
    data = {"game": "empress", "side": "white", "time_control": "none"}
    page = client_of(bob).post("/@/ann/challenge/", data,
                               follow=True).content.decode()  # fmt: skip
    assert "This player does not take games with you." in page
    assert not Game.objects.exists()


def test_a_seek_is_neither_shown_nor_joined_across_a_block(ann, bob, make_user):
    seek = games.create(ann, "empress", "white", "seek")
    carl = make_user("carl")
    relations.block(bob, ann)
    assert list(seeks.listed(bob)) == [] and list(seeks.listed(ann)) == [seek]
    assert list(seeks.listed(carl)) == [seek]
    with pytest.raises(Refused, match="unblock them first"):
        games.join(seek, bob)
    link = games.create(ann, "empress", "white", "invite")  # a link ann sent round
    with pytest.raises(Refused, match="unblock them first"):
        games.join(link, bob)
    relations.unblock(bob, ann)
    assert games.join(seek, bob).status == Game.Status.ACTIVE


def test_quick_pairing_pairs_each_with_someone_else(ann, bob, make_user, clock):
    relations.block(ann, bob)
    pool.enter(ann, "empress", "5+3")
    assert pool.enter(bob, "empress", "5+3").game is None  # alone together: no game
    entry = pool.enter(make_user("carl"), "empress", "5+3")
    assert entry.game is not None and entry.game.seat_of(ann) is not None


def test_a_blocked_players_chat_lines_are_hidden_from_the_blocker(active_game, ann, bob):
    from play.round import chat

    chat.post(active_game, bob, "before the block")
    relations.block(ann, bob)  # a game in play goes on, as a tournament's would
    chat.post(active_game, bob, "after the block")
    chat.post(active_game, ann, "her own")
    assert "before the block" not in chat.html(active_game, ann)
    assert "her own" in chat.html(active_game, ann)
    assert "after the block" in chat.html(active_game, bob)


def test_a_rematch_across_a_block_is_refused_as_the_one_answering_reads_it(active_game, ann, bob):
    from play.round import offers

    games.resign(active_game, bob)
    offers.rematch(active_game, bob, "offer")
    relations.block(ann, bob)  # after the game
    with pytest.raises(Refused, match="You block this player: unblock them first to play"):
        offers.rematch(active_game, ann, "accept")
    assert Game.objects.count() == 1
