"""Bot accounts: an account with no games becomes a BOT, marked wherever its name shows,
playing by challenge only and only the games it declared."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from play.accounts import bots
from play.common import clocks
from play.common.errors import Refused
from play.common.players import shown_name
from play.games import games
from play.leagues import championships, cups
from play.lobby import pool
from play.models import Championship, Game, Member, Pairing, Profile, Seat
from play.tournaments import arenas, entries, schedule, swisses

pytestmark = pytest.mark.django_db
User = get_user_model()
LIVE = {"kind": "live", "minutes": 3, "increment": 2}


def test_an_account_with_no_games_becomes_a_bot_of_the_games_it_names(ann, api, client_of):
    answer = api(ann).post("/api/bot/account/upgrade", {"variants": "empire,empress"})
    assert answer.status_code == 200 and answer.json() == {"ok": True}
    assert Profile.objects.get(user=ann).bot_games == ["empress", "empire"]
    assert shown_name(ann) == "BOT ann"
    page = Client().get("/@/ann/").content.decode()
    assert "BOT ann" in page and "It plays Empress, Empire." in page


def test_the_games_may_be_declared_in_a_header(ann, api):
    client = api(ann)
    answer = client.client.post("/api/bot/account/upgrade", HTTP_VARIANTS="imperial-chess",
                                **client.headers())  # fmt: skip
    assert answer.json() == {"ok": True}
    assert Profile.objects.get(user=ann).bot_games == ["imperial-chess"]


def test_an_account_that_has_played_stays_a_person(ann, bob, api):
    games.create(ann, "empress", "white", "seek")
    answer = api(ann).post("/api/bot/account/upgrade")
    assert answer.status_code == 400 and "never played" in answer.json()["error"]  # lichess's
    assert Profile.objects.filter(user=ann, bot_games__isnull=False).count() == 0
    assert shown_name(ann) == "ann"


@pytest.mark.parametrize(("scopes", "variants", "status"), [
    (["board:play"], "", 403),  # the bot scope is needed
    (["bot:play"], "chess", 400),  # no such game
])  # fmt: skip
def test_a_refused_upgrade_changes_nothing(ann, api, scopes, variants, status):
    answer = api(ann, scopes).post("/api/bot/account/upgrade", {"variants": variants})
    assert answer.status_code == status
    assert not Profile.objects.filter(user=ann, bot_games__isnull=False).exists()


def test_a_bot_plays_by_challenge_only(ann, bob):
    bots.upgrade(ann, ["empress"])
    with pytest.raises(Refused, match="by challenge only"):
        games.create(ann, "empress", "white", "seek")
    seek = games.create(bob, "empress", "white", "seek")
    with pytest.raises(Refused, match="by challenge only"):
        games.join(seek, ann)
    with pytest.raises(Refused, match="by challenge only"):
        pool.enter(ann, "empress", "3+2")
    assert Seat.objects.filter(user=ann).count() == 0
    assert Game.objects.filter(created_by=ann).count() == 0


def test_a_bot_is_kept_out_of_tournaments(ann, bob):
    bots.upgrade(ann)
    arena = arenas.create(bob, name="Hourly Empress", game_slug="empress", minutes=60,
                          time_control={"kind": "live", "minutes": 3, "increment": 2},
                          starts_at=clocks.now() + timedelta(minutes=5))  # fmt: skip
    with pytest.raises(Refused, match="by challenge only"):
        entries.join(arena, ann)
    assert not arena.players.filter(user=ann).exists()


def test_a_challenge_for_a_game_the_bot_does_not_play_is_declined(ann, bob):
    bots.upgrade(ann, ["empire"])
    with pytest.raises(Refused, match="BOT ann does not play Empress: it declined"):
        games.create(bob, "empress", "white", "invite", invited=ann)
    assert not Game.objects.filter(invited_user=ann).exists()
    games.create(bob, "empire", "white", "invite", invited=ann)  # its own game is fine


def _pool(user, clock):
    pool.enter(user, "empress", "3+2")


def _arena(user, clock):
    host = User.objects.create_user("host", password="a-long-passphrase")
    arena = arenas.create(host, name="Hourly Empress", game_slug="empress", minutes=60,
                          time_control=LIVE, starts_at=clock() + timedelta(minutes=5))  # fmt: skip
    entries.join(arena, user)


def _swiss(user, clock):
    host = User.objects.create_user("host", password="a-long-passphrase")
    swiss = swisses.create(host, name="Swiss Empress", game_slug="empress", time_control=LIVE,
                           rounds=3, pacing="auto", starts_at=clock() + timedelta(minutes=5))  # fmt: skip
    entries.join(swiss, user)


def _championship(user, clock):
    championships.join(Championship.objects.get(slug="empress-3-days"), user)


def _cup(user, clock):
    cups.open_monthly(clock())
    cups.enter(Championship.objects.get(slug="empress-cup"), user)


@pytest.mark.parametrize("enter", [_pool, _arena, _swiss, _championship, _cup])
def test_an_account_entered_anywhere_stays_a_person(ann, api, clock, enter):
    enter(ann, clock)
    answer = api(ann).post("/api/bot/account/upgrade")
    assert answer.status_code == 400 and "leave" in answer.json()["error"]
    assert not Profile.objects.filter(user=ann, bot_games__isnull=False).exists()
    assert shown_name(ann) == "ann"


def _become_bot_behind_the_guard(user):
    """A BOT made by a race the upgrade's check lost: its row changed directly."""
    Profile.objects.update_or_create(user=user, defaults={"bot_games": ["empress"]})


def test_pairing_skips_a_bot_in_the_pool(ann, bob):
    pool.enter(ann, "empress", "3+2")
    _become_bot_behind_the_guard(ann)
    pool.enter(bob, "empress", "3+2")
    assert not Seat.objects.exists()


def test_pairing_skips_a_bot_in_an_arena(players, clock):
    users = players(2)
    host = User.objects.create_user("host", password="a-long-passphrase")
    arena = arenas.create(host, name="Hourly Empress", game_slug="empress", minutes=60,
                          time_control=LIVE, starts_at=clock() + timedelta(minutes=5))  # fmt: skip
    for user in users:
        entries.join(arena, user)
    _become_bot_behind_the_guard(users[0])
    clock.advance(minutes=5)
    schedule.begin_due(clock())
    arenas.pair_free(arena)
    assert not Seat.objects.exists()


def test_pairing_skips_a_bot_in_a_swiss(players, clock):
    users = players(2)
    host = User.objects.create_user("host", password="a-long-passphrase")
    swiss = swisses.create(host, name="Swiss Empress", game_slug="empress", time_control=LIVE,
                           rounds=3, pacing="auto", starts_at=clock() + timedelta(minutes=5))  # fmt: skip
    for user in users:
        entries.join(swiss, user)
    _become_bot_behind_the_guard(users[0])
    clock.advance(minutes=5)
    schedule.sweep(clock())
    assert not Seat.objects.exists()
    assert Pairing.objects.get().white == users[1]  # a bye


def test_a_league_and_a_cup_leave_a_bot_out_of_their_groups(players, clock):
    users = players(5)
    league = Championship.objects.get(slug="empress-3-days")
    league.group_min = 2
    league.save()
    for user in users[:3]:
        championships.join(league, user)
    _become_bot_behind_the_guard(users[0])
    championships.start_due(clock())
    clock.advance(days=7)
    assert championships.start_due(clock()) == 1
    assert Member.objects.filter(group__edition__championship=league).count() == 2
    assert not Member.objects.filter(user=users[0]).exists()

    cups.open_monthly(clock())
    cup = Championship.objects.get(slug="empress-cup")
    cups.enter(cup, users[3])
    _become_bot_behind_the_guard(users[3])
    cups.enter(cup, users[4])
    assert not Member.objects.filter(group__edition__championship=cup).exists()
