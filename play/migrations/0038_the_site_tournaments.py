"""The site's own tournaments: an hourly arena in each game in turn (3+2, 55 minutes), and a
weekly arena for each game, one game each weekday at 19:00 UTC (5+3, two hours). Imperial
Shuffle's deal both boards: a tournament's games start at once."""

from django.db import migrations

GAMES = ["empress", "empire-chess", "empire", "imperial-shuffle", "imperial-chess"]
OPTIONS = {"imperial-shuffle": {"deal": True}}


def create(apps, schema_editor):
    Plan = apps.get_model("play", "TournamentPlan")
    Plan.objects.create(
        name="Hourly {game} Arena", kind="arena", games=GAMES, options=OPTIONS, every="hour",
        time_control={"kind": "live", "minutes": 3, "increment": 2}, minutes=55, ahead_hours=3,
    )  # fmt: skip
    for weekday, slug in enumerate(GAMES):
        Plan.objects.create(
            name="Weekly {game} Arena", kind="arena", games=[slug], options=OPTIONS,
            every="week", weekday=weekday, hour=19,
            time_control={"kind": "live", "minutes": 5, "increment": 3}, minutes=120,
            ahead_hours=7 * 24,
        )  # fmt: skip


def remove(apps, schema_editor):
    apps.get_model("play", "TournamentPlan").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("play", "0037_tournament_plans")]
    operations = [migrations.RunPython(create, remove)]
