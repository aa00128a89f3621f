"""The words of forum posts and clubs' names, searched by play/search/search.py: a GIN index
on PostgreSQL (built by Django from the very expression the searches use), an FTS5 table kept
by triggers on SQLite."""

from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector
from django.db import migrations

SEARCHED = [
    ("play_post", "text", "post_words", "Post"),
    ("play_club", "name", "club_words", "Club"),
]


def fts5(table: str, column: str) -> list[str]:
    words = f"{table}_words"
    return [
        f"CREATE VIRTUAL TABLE {words} USING fts5({column}, content='{table}', "
        "content_rowid='id', tokenize='unicode61 remove_diacritics 2')",
        f"CREATE TRIGGER {words}_added AFTER INSERT ON {table} BEGIN "
        f"INSERT INTO {words}(rowid, {column}) VALUES (new.id, new.{column}); END",
        f"CREATE TRIGGER {words}_gone AFTER DELETE ON {table} BEGIN "
        f"INSERT INTO {words}({words}, rowid, {column}) VALUES ('delete', old.id, old.{column}); "
        "END",
        f"CREATE TRIGGER {words}_changed AFTER UPDATE OF {column} ON {table} BEGIN "
        f"INSERT INTO {words}({words}, rowid, {column}) VALUES ('delete', old.id, old.{column}); "
        f"INSERT INTO {words}(rowid, {column}) VALUES (new.id, new.{column}); END",
        f"INSERT INTO {words}({words}) VALUES ('rebuild')",
    ]


def make(apps, schema_editor):
    for table, column, index, model in SEARCHED:
        if schema_editor.connection.vendor == "postgresql":
            searched = GinIndex(SearchVector(column, config="simple"), name=index)
            schema_editor.add_index(apps.get_model("play", model), searched)
        else:
            for statement in fts5(table, column):
                schema_editor.execute(statement)


def unmake(apps, schema_editor):
    for table, _column, index, _model in SEARCHED:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"DROP INDEX IF EXISTS {index}")
        else:
            schema_editor.execute(f"DROP TABLE IF EXISTS {table}_words")
            for trigger in ("added", "gone", "changed"):
                schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_words_{trigger}")


class Migration(migrations.Migration):
    dependencies = [("play", "0059_forum")]
    operations = [migrations.RunPython(make, unmake)]
