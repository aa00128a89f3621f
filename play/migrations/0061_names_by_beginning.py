"""Players' names found by their beginning or whole, in any case (a club's members searched by
name; a name looked up as typed), off an index on PostgreSQL: Django asks these as
UPPER(username::text) LIKE / =, which the table's own index on the name cannot answer. SQLite
reads a club's members by the club's own index, and needs none."""

from django.db import migrations

INDEX = "auth_user_upper_username"


def make(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {INDEX} ON auth_user (UPPER(username::text) text_pattern_ops)"
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("play", "0060_search"), ("auth", "0012_alter_user_first_name_max_length")]

    operations = [migrations.RunPython(make, drop, elidable=False)]
