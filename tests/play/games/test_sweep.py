from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from play.games import games, sweeper
from play.models import Game

pytestmark = pytest.mark.django_db


def test_unanswered_seeks_expire(ann, active_game, settings):
    settings.SEEK_TTL_HOURS = 24
    old = games.create(ann, "empire-chess", "white", "seek")
    fresh = games.create(ann, "empire-chess", "white", "invite")
    Game.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(hours=25))
    Game.objects.filter(pk=active_game.pk).update(created_at=timezone.now() - timedelta(hours=25))
    assert sweeper.expire_seeks() == 1
    statuses = dict(Game.objects.values_list("pk", "status"))
    assert statuses == {old.pk: "aborted", fresh.pk: "open", active_game.pk: "active"}


def test_sweep_command_once(capsys):
    call_command("sweep", "--once")
    assert "seeks expired: 0" in capsys.readouterr().out
