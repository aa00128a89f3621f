"""SQL built once for a move's path. Django builds a query's SQL again each time it runs; for
a move's lock (a seat joined to its game, player and profile) that was a quarter of the move's
work. A `Prepared` query is compiled once per database with a stand-in for each of its values,
then run with the values put in their places, its rows turned into models as Django's own iterable
does (the same converters and related-object populators). `save_row` does the same for a
row's save: the game's update and the move's insert."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.models.signals import post_save, pre_save
from django.db.models.sql.subqueries import InsertQuery, UpdateQuery
from django.db.transaction import TransactionManagementError

_STAND_IN = "\x00prepared"  # a value no request can send: where the real one goes


class Prepared:
    def __init__(
        self, queryset_for: Callable[..., QuerySet], same_in_every_row=None, stand_ins=(_STAND_IN,)
    ):
        """`queryset_for(*values)`: the query for these values, each compared as it is (a text
        by default). `stand_ins`: a value for each that no request can send, of its type and
        in its field's range (Django leaves a bound out of range out of the SQL).
        `same_in_every_row`: a model selected with the rows (select_related) that is one row
        of its own for all of them (the seats' game): made once, from the first row."""
        self._queryset_for = queryset_for
        self._same = same_in_every_row
        self._stand_ins = stand_ins
        self._plans: dict[str, _Plan] = {}

    def __call__(self, *values, using: str = DEFAULT_DB_ALIAS) -> list:
        plan = self._plans.get(using)
        if plan is None:
            queryset = self._queryset_for(*self._stand_ins)
            plan = self._plans[using] = _Plan(queryset, self._stand_ins, using, self._same)
        return plan.run(values)


class _Plan:
    def __init__(self, queryset: QuerySet, stand_ins, using: str, same=None):
        if queryset.query.annotations or queryset._known_related_objects:
            raise ValueError("A prepared query reads models only, without annotations.")
        self.locks = queryset.query.select_for_update and (
            connections[using].features.has_select_for_update
        )
        # Kept for turning rows into values, as are its converters (they read the backend's
        # settings only); each run takes its own thread's connection for the cursor.
        self.compiler = queryset.query.get_compiler(using=using)
        self.sql, params = self.compiler.as_sql()
        self.params = list(params)
        self.at = [self.params.index(stand_in) for stand_in in stand_ins]
        select, klass_info = self.compiler.select, self.compiler.klass_info
        fields = klass_info["select_fields"]
        self.fields = slice(fields[0], fields[-1] + 1)
        self.attnames = [column[0].target.attname for column in select[self.fields]]
        self.model = klass_info["model"]
        self.fetch_mode = queryset._fetch_mode
        if self.fetch_mode.track_peers:
            raise ValueError("A prepared query does not track its rows' peers.")
        self.populators = get_related_populators(klass_info, select, using, self.fetch_mode)
        columns = [column[0] for column in select[: self.compiler.col_count]]
        if self.compiler.has_composite_fields(columns):
            raise ValueError("A prepared query reads no composite keys.")
        self.converters = self.compiler.get_converters(columns)
        # The one object every row shares: converted and made from the first row only.
        shared = [k for k in klass_info.get("related_klass_infos", ()) if k["model"] is same]
        if same is not None and len(shared) != 1:
            raise ValueError(f"{same.__name__} is not selected once with the rows.")
        self.shared = shared[0]["field"] if shared else None
        self.populators_after_first = [p for p in self.populators if p.model_cls is not same]
        shared_cols = set()
        for populator in self.populators:
            if populator.model_cls is same:
                shared_cols.update(range(populator.cols_start, populator.cols_end))
        self.converters_after_first = {
            at: c for at, c in self.converters.items() if at not in shared_cols
        }
        self.using = using

    def run(self, values) -> list:
        connection = connections[self.using]
        if self.locks and connection.get_autocommit():  # as Django's compiler refuses
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(self.params)
        for at, value in zip(self.at, values, strict=True):
            params[at] = value
        with _cursor(connection) as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        found, convert = [], self.compiler.apply_converters
        if self.converters:
            rows = [
                *convert(rows[:1], self.converters),
                *convert(rows[1:], self.converters_after_first),
            ]
        for row in rows:
            obj = self.model.from_db(
                self.using, self.attnames, row[self.fields], fetch_mode=self.fetch_mode
            )
            if found and self.shared:
                for populator in self.populators_after_first:
                    populator.populate(row, obj)
                self.shared.set_cached_value(obj, self.shared.get_cached_value(found[0]))
            else:
                for populator in self.populators:
                    populator.populate(row, obj)
            found.append(obj)
        return found


def save_row(obj, using: str = DEFAULT_DB_ALIAS) -> None:
    """`obj.save()` on a hot path: an existing row's every column written (or a new row
    inserted, its key read back), the SQL built by Django once per model and database and the
    values prepared for it as Django's compiler prepares them. A value that is an expression
    (an F()) or a model, or a model whose saves something listens to, takes Django's own save."""
    model, connection = type(obj), connections[using]
    adding = obj._state.adding
    if pre_save.has_listeners(model) or post_save.has_listeners(model):
        obj.save(using=using)
        return
    fields = _columns(model, adding)
    params = []
    adapt_integer = connection.ops.adapt_integerfield_value
    for field, plain, internal_type in _plain_columns(model, adding):
        if plain is not None:
            value = getattr(obj, field.attname)
            if value is None or type(value) is plain:  # what Django's preparing leaves as it is
                params.append(value if plain is not int else adapt_integer(value, internal_type))
                continue
        value = field.pre_save(obj, adding)
        if hasattr(value, "resolve_expression") or hasattr(value, "prepare_database_save"):
            obj.save(using=using)
            return
        params.append(field.get_db_prep_save(value, connection=connection))
    sql = _WRITES.get((model, using, adding))
    if sql is None:
        sql = _WRITES[(model, using, adding)] = _write_sql(obj, fields, using)
    with _cursor(connection) as cursor:
        if adding:
            cursor.execute(sql, params)
            (obj.pk,) = cursor.fetchone()
            obj._state.adding, obj._state.db = False, using
        else:
            cursor.execute(sql, [*params, model._meta.pk.get_db_prep_value(obj.pk, connection)])
            if cursor.rowcount != 1:
                raise model.NotUpdated(f"No {model.__name__} {obj.pk} to update.")


_WRITES = {}  # (model, database, inserting) -> the SQL


def _cursor(connection):
    """A cursor for SQL built once, as Django gives its own (the health check, the execute
    wrappers, the query log). On PostgreSQL its values are bound on the server and the
    statement prepared, so that PostgreSQL parses and plans it once a connection rather than
    on every move. (Django binds on the client and prepares nothing, for poolers that do not
    keep a connection's statements: Imperia's servers hold their own connections.)"""
    if connection.vendor != "postgresql":
        return connection.cursor()
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        return connection._prepare_cursor(_preparing()(connection.connection))


@cache
def _preparing():
    from django.db.backends.postgresql.base import ServerBindingCursor

    class Preparing(ServerBindingCursor):
        def execute(self, query, params=None, **options):
            return super().execute(query, params, prepare=True, **options)

    return Preparing


@cache
def _columns(model, adding: bool) -> list:
    """The columns a row's save writes: all but its key when updating, all but an automatic
    key when inserting."""
    meta = model._meta
    return [
        f
        for f in meta.local_concrete_fields
        if not f.generated and (f is not meta.pk if not adding else f is not meta.auto_field)
    ]


# Columns whose value of this plain type (or None) Django's preparing leaves as it is, but for
# an integer's adapting on some databases: the fields' own classes, not subclasses, which may
# prepare otherwise. Most of a game row's columns; the rest are prepared Django's way.
_PLAIN = {
    models.CharField: str,
    models.TextField: str,
    models.BooleanField: bool,
    models.IntegerField: int,
    models.SmallIntegerField: int,
    models.BigIntegerField: int,
    models.PositiveIntegerField: int,
    models.PositiveSmallIntegerField: int,
    models.PositiveBigIntegerField: int,
}


@cache
def _plain_columns(model, adding: bool) -> list:
    """(field, its plain type or None, its internal type) for each column a save writes."""
    return [(f, _PLAIN.get(type(f)), f.get_internal_type()) for f in _columns(model, adding)]


def _write_sql(obj, fields: list, using: str) -> str:
    model, connection = type(obj), connections[using]
    if any(hasattr(f, "get_placeholder_sql") for f in fields):
        raise ValueError(f"{model.__name__} has a column whose SQL depends on its value.")
    if obj._state.adding:
        if not connection.features.can_return_columns_from_insert:
            raise ValueError("This database cannot return the new row's key.")
        query = InsertQuery(model)
        query.insert_values(fields, [obj])
        compiler = query.get_compiler(using=using)
        compiler.returning_fields = [model._meta.pk]
        [(sql, _)] = compiler.as_sql()
        return sql
    query = UpdateQuery(model)
    query.add_update_fields([(f, None, f.pre_save(obj, False)) for f in fields])
    query.add_filter("pk", obj.pk)
    sql, _ = query.get_compiler(using=using).as_sql()
    return sql
