"""The Referees group: staff who may review disputes and rule, and nothing more."""

from django.db import migrations

VIEW = [
    "game",
    "move",
    "offer",
    "chatmessage",
    "notification",
    "delivery",
    "ruling",
    "archivedmove",
]


def create_group(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for config in apps.get_app_configs():
        config.models_module = True
        create_permissions(config, verbosity=0)
        config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Referees")
    codenames = ["referee", "view_dispute", "change_dispute"] + [f"view_{m}" for m in VIEW]
    group.permissions.set(
        Permission.objects.filter(content_type__app_label="play", codename__in=codenames)
    )


class Migration(migrations.Migration):
    dependencies = [("play", "0007_disputes"), ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(create_group, migrations.RunPython.noop)]
