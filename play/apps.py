from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = "Play"

    def ready(self):
        from play.accounts import (
            accounts,  # noqa: F401 - connects the logout signal
            bots,
            languages,  # noqa: F401 - connects the login signal
            looks,  # noqa: F401 - connects the login signal
        )
        from play.api import events  # noqa: F401 - the API's event streams follow the games
        from play.common import players
        from play.explorer import openings  # noqa: F401 - the explorer follows the results
        from play.leagues import admin as leagues_admin  # noqa: F401 - the championships' desk
        from play.leagues import tables  # noqa: F401 - a group's table follows its games
        from play.learn import progress  # noqa: F401 - connects the login signal
        from play.moderation import admin as moderation_admin  # noqa: F401 - the reports' queue
        from play.puzzles import solving  # noqa: F401 - connects the login signal
        from play.referee import admin  # noqa: F401 - the staff's and referees' desk, registered
        from play.tournaments import admin as tournaments_admin  # noqa: F401 - the site's plans
        from play.tournaments import results  # noqa: F401 - standings follow their games

        players.find_bots = bots.ids_from_database  # the names shown mark the bot accounts
