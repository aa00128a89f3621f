"""play.prepared: a query compiled once gives what Django's own queryset gives, every time."""

import threading

import pytest
from django.db import connection, transaction
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError

from play import games
from play.models import Game, Seat
from play.prepared import Prepared

pytestmark = pytest.mark.django_db


def seats_of(public_id):
    return Seat.objects.select_related("game", "user__profile").filter(game__public_id=public_id)


def described(seat):
    """What a seat's row and its joined rows hold, field by field."""
    return [
        {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}
        for obj in (seat, seat.game, seat.user, seat.user.profile)
    ]


@pytest.fixture
def game(ann, bob):
    made = games.create(
        ann, "empire-chess", "white", "seek", time_control={"kind": "days", "days": 3}
    )
    return games.join(made, bob)


def test_the_rows_and_their_joined_rows_are_django_s_own(game, django_assert_num_queries):
    prepared = Prepared(seats_of)
    with django_assert_num_queries(1):
        found = prepared(game.public_id)
        # The joined rows came with it: reading them asks nothing more.
        [described(seat) for seat in found]
    assert [described(s) for s in found] == [described(s) for s in seats_of(game.public_id)]
    assert {type(v) for s in found for v in described(s)[1].values()} == {
        type(v) for s in seats_of(game.public_id) for v in described(s)[1].values()
    }


def test_it_is_compiled_once_and_runs_with_each_value(game, ann, monkeypatch):
    other = games.create(ann, "empress", "white", "seek")
    prepared = Prepared(seats_of)
    assert len(prepared(game.public_id)) == 2
    compiled = []
    original = SQLCompiler.as_sql
    monkeypatch.setattr(
        SQLCompiler, "as_sql", lambda self, *a, **k: compiled.append(1) or original(self, *a, **k)
    )
    assert [s.game.public_id for s in prepared(other.public_id)] == [other.public_id]
    assert prepared("no such game") == []
    # A value is a parameter, never SQL.
    assert prepared("x' OR '1'='1") == []
    assert compiled == []


@pytest.mark.django_db(transaction=True)
def test_each_thread_runs_it_on_its_own_connection(game):
    prepared = Prepared(seats_of)
    assert len(prepared(game.public_id)) == 2
    found = []

    def read():
        try:
            found.append(len(prepared(game.public_id)))
        finally:
            connection.close()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    assert found == [2]


@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused_where_the_database_locks(game):
    prepared = Prepared(lambda public_id: seats_of(public_id).select_for_update(of=("game",)))
    with transaction.atomic():
        assert len(prepared(game.public_id)) == 2
    if not connection.features.has_select_for_update:
        pytest.skip("SQLite has no row locks: its transactions are serialized whole")
    with pytest.raises(TransactionManagementError):
        prepared(game.public_id)


def test_a_move_locks_its_game_this_way(game, ann, django_assert_num_queries):
    """Game.locked_with_seats reads the game, its seats, players and profiles at once."""
    with transaction.atomic(), django_assert_num_queries(1):
        locked = Game.locked_with_seats(game.public_id)
        assert [s.user.profile.user_id for s in locked.seats.all()] == [
            s.user_id for s in game.seats.all()
        ]
        assert all(s.game is locked for s in locked.seats.all())
