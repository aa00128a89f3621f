"""The eight computer opponents, `Imperia level 1` to `Imperia level 8`, as players with no
password anyone can log in with (play/computer.py makes any that is missing, too)."""

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import migrations


def add_computers(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Computer = apps.get_model("play", "Computer")
    for level in range(1, 9):
        user, _ = User.objects.get_or_create(
            username=f"Imperia level {level}", defaults={"password": make_password(None)}
        )
        Computer.objects.get_or_create(level=level, defaults={"user": user})


class Migration(migrations.Migration):
    dependencies = [("play", "0013_computer_opponents")]

    operations = [migrations.RunPython(add_computers, migrations.RunPython.noop)]
