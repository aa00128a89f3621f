from django.db import migrations, models


def left_for_the_position_now(apps, schema_editor):
    """Lines waiting today were left for the game's position now: any move since discarded
    them."""
    Forecast = apps.get_model("play", "Forecast")
    for forecast in Forecast.objects.select_related("game"):
        Forecast.objects.filter(pk=forecast.pk).update(position=forecast.game.position)


class Migration(migrations.Migration):
    dependencies = [("play", "0025_analysis_trees")]

    operations = [
        migrations.AddField(
            model_name="forecast",
            name="position",
            field=models.TextField(max_length=4000, default=""),
            preserve_default=False,
        ),
        migrations.RunPython(left_for_the_position_now, migrations.RunPython.noop),
    ]
