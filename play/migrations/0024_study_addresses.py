import secrets

from django.db import migrations, models

import play.models


def give_each_study_an_address(apps, schema_editor):
    Study = apps.get_model("play", "Study")
    for study in Study.objects.only("pk"):
        Study.objects.filter(pk=study.pk).update(token=secrets.token_urlsafe(16))


class Migration(migrations.Migration):
    dependencies = [("play", "0023_evaluations")]

    operations = [
        migrations.AddField(
            model_name="study",
            name="listed",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="study",
            name="token",
            field=models.CharField(max_length=32, null=True, editable=False),
        ),
        migrations.RunPython(give_each_study_an_address, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="study",
            name="token",
            field=models.CharField(
                max_length=32, unique=True, default=play.models.new_invite_token, editable=False
            ),
        ),
    ]
