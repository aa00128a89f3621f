from django.db import migrations, models


def mark_games_with_offers_or_disputes(apps, schema_editor):
    Game = apps.get_model("play", "Game")
    Game.objects.filter(offers__isnull=False).update(has_offers=True)
    Game.objects.filter(disputes__isnull=False).update(has_disputes=True)


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0009_dispute_notifications"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="has_disputes",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="game",
            name="has_offers",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(mark_games_with_offers_or_disputes, migrations.RunPython.noop),
    ]
