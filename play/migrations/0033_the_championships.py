"""The site's championships and cups: for each game a championship at 3 days a move, one on
Little Golem's bank (10 days, 36 hours added a move, at most 10 days), and a monthly cup at 3
days a move. Imperial Shuffle's deal both boards: a setup has no clock, and a championship's
games must end."""

from django.db import migrations

GAMES = {
    "empress": "Empress",
    "empire-chess": "Empire Chess",
    "empire": "Empire",
    "imperial-shuffle": "Imperial Shuffle",
    "imperial-chess": "Imperial Chess",
}
DAYS = {"kind": "days", "days": 3}
BANK = {"kind": "bank", "start_days": 10, "hours": 36, "cap_days": 10}


def create(apps, schema_editor):
    Championship = apps.get_model("play", "Championship")
    for slug, name in GAMES.items():
        options = {"deal": True} if slug == "imperial-shuffle" else {}
        Championship.objects.create(
            slug=f"{slug}-3-days",
            name=f"{name} championship, 3 days a move",
            kind="league",
            game_slug=slug,
            options=options,
            time_control=DAYS,
        )
        Championship.objects.create(
            slug=f"{slug}-bank",
            name=f"{name} championship, bank of 10 days",
            kind="league",
            game_slug=slug,
            options=options,
            time_control=BANK,
        )
        Championship.objects.create(
            slug=f"{slug}-cup",
            name=f"{name} cup",
            kind="cup",
            game_slug=slug,
            options=options,
            time_control=DAYS,
            group_min=2,
            group_max=5,
        )


def remove(apps, schema_editor):
    apps.get_model("play", "Championship").objects.filter(
        slug__in=[f"{s}-{c}" for s in GAMES for c in ("3-days", "bank", "cup")]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("play", "0032_leagues")]
    operations = [migrations.RunPython(create, remove)]
