"""play.models.prepared: a query compiled once gives what Django's own queryset gives, every time; a
row written by SQL built once stores what Django's save stores."""

import threading

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models import F
from django.db.models.signals import post_save
from django.db.models.sql.compiler import SQLCompiler
from django.db.transaction import TransactionManagementError

from play.common import clocks
from play.games import games
from play.models import Game, Move, Seat
from play.models.prepared import _PLAIN, Prepared, _columns, save_row

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


def test_a_row_every_row_shares_is_made_once_and_is_django_s_own(game):
    found = Prepared(seats_of, same_in_every_row=Game)(game.public_id)
    assert len(found) == 2 and found[0].game is found[1].game
    assert [described(s) for s in found] == [described(s) for s in seats_of(game.public_id)]
    # Each seat's own joined rows are still its own.
    assert found[0].user.pk != found[1].user.pk
    assert [s.user.profile.user_id for s in found] == [s.user_id for s in found]


def test_a_shared_row_must_be_one_the_query_selects():
    with pytest.raises(ValueError, match="Move is not selected once"):
        Prepared(seats_of, same_in_every_row=Move)("x")


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


def stored(model, pk):
    return model.objects.filter(pk=pk).values().get()


def test_a_row_written_back_is_what_django_s_save_stores(game, ann):
    twin = games.join(
        games.create(
            ann, "empire-chess", "white", "seek", time_control={"kind": "days", "days": 3}
        ),
        game.player(1),
    )
    changes = {
        "position": "a position's text, with 'quotes'",
        "ply": 7,
        "revision": 9,
        "clocks": [{"left": 1.5}, None],
        "vacation_used": [1, 0],
        "deadline": clocks.now(),
        "turn_started_at": clocks.now(),
        "reason": "",
        "winner": None,
    }
    for obj in (game, twin):
        for name, value in changes.items():
            setattr(obj, name, value)
    save_row(game)
    twin.save()
    mine, django_s = stored(Game, game.pk), stored(Game, twin.pk)
    for differs in ("id", "public_id", "invite_token", "created_at", "started_at"):
        mine.pop(differs), django_s.pop(differs)
    assert mine == django_s and mine["position"] == changes["position"]


def test_a_plain_column_is_sent_as_django_prepares_it_type_for_type(game):
    # Texts, flags and integers go as they are (an integer adapted where the database wants
    # it), without Django's per-column preparing: the same values of the same types.
    game.ply, game.turn, game.winner, game.rated, game.reason = 7, 1, None, True, "resigned"
    game.low_time_warned_ply = True  # a flag in an integer column: Django makes it 1
    sent = []

    def spy(run, sql, params, many, context):
        sent.append(list(params))
        return run(sql, params, many, context)

    with connection.execute_wrapper(spy):
        save_row(game)
    columns = _columns(Game, False)
    django_s = [f.get_db_prep_save(f.pre_save(game, False), connection) for f in columns]
    plain = [i for i, f in enumerate(columns) if type(f) in _PLAIN]
    assert len(plain) >= 20
    assert [(type(sent[0][i]), sent[0][i]) for i in plain] == [
        (type(django_s[i]), django_s[i]) for i in plain
    ]
    game.refresh_from_db()
    assert (game.ply, game.rated, game.low_time_warned_ply) == (7, True, 1)


def test_a_new_row_is_inserted_with_its_key_read_back(game):
    move = Move(
        game_id=game.pk,
        ply=1,
        seat=0,
        text="d3d4",
        display="d4",
        position_after="p",
        created_at=clocks.now(),
        clock_after=None,
        hash="h",
    )
    save_row(move)
    assert move.pk and not move._state.adding
    assert stored(Move, move.pk)["text"] == "d3d4"
    twin = Move(**{f.attname: getattr(move, f.attname) for f in Move._meta.concrete_fields})
    twin.pk, twin._state.adding = None, True
    with pytest.raises(IntegrityError), transaction.atomic():  # the same ply again
        save_row(twin)
    assert Move.objects.filter(game=game).count() == 1


def test_a_row_that_is_gone_is_not_written_silently(game):
    Game.objects.filter(pk=game.pk).delete()
    with pytest.raises(Game.NotUpdated):
        save_row(game)


def test_an_expression_is_left_to_django(game):
    before = game.revision
    game.revision = F("revision") + 5
    save_row(game)
    game.refresh_from_db()
    assert game.revision == before + 5


def test_a_text_past_its_bound_writes_nothing(game):
    before = stored(Game, game.pk)
    game.position = "x" * 5000
    with pytest.raises(ValueError, match="past its bound"):
        game.write()
    assert stored(Game, game.pk) == before


def test_a_model_whose_saves_are_listened_to_is_saved_by_django(game):
    heard = []

    def listener(sender, instance, **kwargs):
        heard.append(instance.pk)

    post_save.connect(listener, sender=Game)
    try:
        game.ply = 3
        save_row(game)
    finally:
        post_save.disconnect(listener, sender=Game)
    assert heard == [game.pk] and stored(Game, game.pk)["ply"] == 3


def test_a_query_of_several_values_takes_each_in_its_place(game, ann, bob):
    from play.round import moves

    state, played = game.rules.parse(game.position), []
    for ply, user in enumerate([ann, bob, ann]):
        played.append(game.rules.legal_moves(state)[0])
        moves.submit(game.public_id, user, played[-1], ply)
        state = game.rules.play(state, played[-1])
    from_ply = Prepared(
        lambda game_id, ply: Move.objects.filter(game_id=game_id, ply__gte=ply),
        stand_ins=(-1, 2_147_483_000),
    )
    assert [m.ply for m in from_ply(game.pk, 2)] == [2, 3]
    assert [m.text for m in from_ply(game.pk, 1)] == played
    assert from_ply(game.pk + 1000, 1) == []


def test_on_postgresql_the_sql_is_prepared_once_a_connection(game, django_assert_num_queries):
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL prepares statements; SQLite's module keeps its own cache")
    prepared = Prepared(seats_of)
    with django_assert_num_queries(2):  # still counted and logged as Django's own
        prepared(game.public_id)
        save_row(game)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        statements = [row[0] for row in cursor.fetchall()]
    assert any('FROM "play_seat"' in s for s in statements)
    assert any(s.startswith('UPDATE "play_game"') for s in statements)
