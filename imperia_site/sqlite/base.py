"""Django's SQLite backend, each query's placeholders converted once per SQL text. Django turns
a query's "%s" into sqlite3's "?" with a regular expression on every execution: for the 2 KB of
a move's lock that was 0.4 M instructions, a twentieth of the whole move (bench/move.py
--instructions). Everything else is Django's own."""

from functools import lru_cache

from django.db.backends.sqlite3 import base


@lru_cache(maxsize=2048)  # the site's distinct SQL texts, a few hundred
def _qmark(query: str) -> str:
    return base.FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")


class SQLiteCursorWrapper(base.SQLiteCursorWrapper):
    def convert_query(self, query, *, param_names=None):
        if param_names is None:  # the "format" style, as Django converts it
            return _qmark(query)
        return super().convert_query(query, param_names=param_names)


class DatabaseWrapper(base.DatabaseWrapper):
    def create_cursor(self, name=None):
        return self.connection.cursor(factory=SQLiteCursorWrapper)
