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


KINDS = {  # slug's end: (name's end, kind, clock, settings)
    "3-days": ("championship, 3 days a move", "league", DAYS, {}),
    "bank": ("championship, bank of 10 days", "league", BANK, {}),
    "cup": ("cup", "cup", DAYS, {"group_min": 2, "group_max": 5}),
}


def create(apps, schema_editor):
    Championship = apps.get_model("play", "Championship")
    for slug, name in GAMES.items():
        options = {"deal": True} if slug == "imperial-shuffle" else {}
        for end, (title, kind, clock, settings) in KINDS.items():
            Championship.objects.create(
                slug=f"{slug}-{end}", name=f"{name} {title}", kind=kind, game_slug=slug,
                options=options, time_control=clock, **settings,
            )  # fmt: skip


def remove(apps, schema_editor):
    apps.get_model("play", "Championship").objects.filter(
        slug__in=[f"{slug}-{end}" for slug in GAMES for end in KINDS]
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("play", "0032_leagues")]
    operations = [migrations.RunPython(create, remove)]
