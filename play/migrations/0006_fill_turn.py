"""Fill the cached turn of games in play that were started before it was kept."""

from django.db import migrations


def fill_turn(apps, schema_editor):
    import rules

    Game = apps.get_model("play", "Game")
    for game in Game.objects.filter(status="active", turn__isnull=True):
        game_rules = rules.get(game.game_slug)
        game.turn = game_rules.to_move(game_rules.parse(game.position))
        game.save(update_fields=["turn"])


class Migration(migrations.Migration):
    dependencies = [("play", "0005_clocks_notifications_chat")]
    operations = [migrations.RunPython(fill_turn, migrations.RunPython.noop)]
