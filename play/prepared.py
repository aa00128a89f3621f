"""Querysets compiled once. Django builds a queryset's SQL again each time it runs; for a
move's lock (a seat joined to its game, player and profile) that was a quarter of the move's
work. A `Prepared` query is compiled once per database with a stand-in for its one value, then
run with the value put in its place, its rows turned into models as Django's own iterable
does (the same converters and related-object populators)."""

from __future__ import annotations

from collections.abc import Callable

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

_STAND_IN = "\x00prepared"  # a value no request can send: where the real one goes


class Prepared:
    def __init__(self, queryset_for: Callable[[str], QuerySet]):
        """`queryset_for(value)`: the query for a value (a text compared for equality)."""
        self._queryset_for = queryset_for
        self._plans: dict[str, _Plan] = {}

    def __call__(self, value: str, using: str = DEFAULT_DB_ALIAS) -> list:
        plan = self._plans.get(using)
        if plan is None:
            plan = self._plans[using] = _Plan(self._queryset_for(_STAND_IN), using)
        return plan.run(value)


class _Plan:
    def __init__(self, queryset: QuerySet, using: str):
        if queryset.query.annotations or queryset._known_related_objects:
            raise ValueError("A prepared query reads models only, without annotations.")
        self.locks = queryset.query.select_for_update and (
            connections[using].features.has_select_for_update
        )
        # Kept for turning rows into values (its converters read the backend's settings
        # only); each run takes its own thread's connection for the cursor.
        self.compiler = queryset.query.get_compiler(using=using)
        self.sql, params = self.compiler.as_sql()
        self.params = list(params)
        self.at = self.params.index(_STAND_IN)
        select, klass_info = self.compiler.select, self.compiler.klass_info
        fields = klass_info["select_fields"]
        self.fields = slice(fields[0], fields[-1] + 1)
        self.attnames = [column[0].target.attname for column in select[self.fields]]
        self.model = klass_info["model"]
        self.fetch_mode = queryset._fetch_mode
        if self.fetch_mode.track_peers:
            raise ValueError("A prepared query does not track its rows' peers.")
        self.populators = get_related_populators(klass_info, select, using, self.fetch_mode)
        self.using = using

    def run(self, value: str) -> list:
        connection = connections[self.using]
        if self.locks and connection.get_autocommit():  # as Django's compiler refuses
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(self.params)
        params[self.at] = value
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        found = []
        for row in self.compiler.results_iter([rows]):
            obj = self.model.from_db(
                self.using, self.attnames, row[self.fields], fetch_mode=self.fetch_mode
            )
            for populator in self.populators:
                populator.populate(row, obj)
            found.append(obj)
        return found
