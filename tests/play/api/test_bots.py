"""Bot accounts: an account with no games becomes a BOT, marked wherever its name shows,
playing by challenge only and only the games it declared."""

from datetime import timedelta

import pytest
from django.test import Client

from play.accounts import bots
from play.common import clocks
from play.common.errors import Refused
from play.common.players import shown_name
from play.games import games
from play.lobby import pool
from play.models import Game, Profile, Seat
from play.tournaments import arenas, entries

pytestmark = pytest.mark.django_db


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
