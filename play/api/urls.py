from django.urls import path, re_path

from play.api import views

ID = r"(?P<public_id>[A-Za-z0-9]{1,12})"


def playing(call: str, view, name: str):
    """A call on a game, at both lichess's board API and its bot API."""
    return re_path(rf"^api/(?P<api>board|bot)/game/{ID}/{call}$", view, name=name)


def answering(call: str, view, name: str):
    """A call on a challenge."""
    return re_path(rf"^api/challenge/{ID}/{call}$", view, name=name)


urlpatterns = [
    path("api/", views.reference, name="api-reference"),
    path("api/openapi.json", views.openapi, name="api-openapi"),
    path("api/account", views.account, name="api-account"),
    path("api/account/playing", views.account_playing, name="api-account-playing"),
    path("api/token/test", views.token_test, name="api-token-test"),
    path("api/user/<str:username>", views.user, name="api-user"),
    path("game/export/<str:public_id>", views.game_export, name="api-game-export"),
    path("api/games/user/<str:username>", views.user_games, name="api-user-games"),
    playing(r"move/(?P<move>[^/]+)", views.board_move, "api-move"),
    playing("setup", views.board_setup, "api-setup"),
    playing("abort", views.board_abort, "api-abort"),
    playing("resign", views.board_resign, "api-resign"),
    playing("chat", views.board_chat, "api-chat"),
    playing(r"(?P<what>draw|takeback)/(?P<choice>[^/]+)", views.board_offer, "api-offer"),
    path("api/bot/account/upgrade", views.bot_upgrade, name="api-bot-upgrade"),
    path("api/bot/online", views.bots_online, name="api-bots-online"),
    path("lichess", views.explorer, name="api-explorer"),  # where lichess's explorer answers
    path("api/challenge", views.challenge_list, name="api-challenges"),
    answering("accept", views.challenge_accept, "api-challenge-accept"),
    answering("decline", views.challenge_decline, "api-challenge-decline"),
    answering("cancel", views.challenge_cancel, "api-challenge-cancel"),
    answering("show", views.challenge_show, "api-challenge-show"),
    path("api/challenge/open", views.challenge_open, name="api-challenge-open"),
    path("api/challenge/<str:username>", views.challenge_create, name="api-challenge-create"),
    path("settings/tokens/", views.tokens_page, name="api-tokens"),
    path("settings/tokens/<int:token_id>/revoke/", views.revoke, name="api-token-revoke"),
]
