"""imperia_site.sqlite: Django's SQLite backend, a query's placeholders converted once per SQL
text, to what Django converts them to."""

import pytest
from django.db import connection
from django.db.backends.sqlite3.base import SQLiteCursorWrapper as Djangos

from imperia_site.sqlite.base import SQLiteCursorWrapper, _qmark

QUERIES = [
    "SELECT %s",
    "SELECT a FROM t WHERE b = %s AND c LIKE '%%x%%'",
    "SELECT '%%s', %s, %s",
    "SELECT 1",
]


@pytest.mark.parametrize("query", QUERIES)
def test_a_query_is_converted_as_django_converts_it(query):
    django_s = Djangos.convert_query(None, query)
    assert _qmark(query) == django_s
    assert _qmark(query) == django_s  # again, remembered


@pytest.mark.django_db
def test_the_site_s_sqlite_connections_use_it():
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL has no placeholders to convert")
    with connection.cursor() as cursor:
        assert isinstance(cursor.cursor, SQLiteCursorWrapper)
        cursor.execute("SELECT %s, '%%'", ["x"])
        assert cursor.fetchone() == ("x", "%")
        # Named parameters are Django's own conversion.
        cursor.execute("SELECT %(a)s, %(b)s", {"a": 1, "b": 2})
        assert cursor.fetchone() == (1, 2)
