from django.urls import path, re_path

from play.api import views

# fmt: off
urlpatterns = [
    path("api/", views.reference, name="api-reference"),
    path("api/openapi.json", views.openapi, name="api-openapi"),
    path("api/account", views.account, name="api-account"),
    path("api/user/<str:username>", views.user, name="api-user"),
    path("game/export/<str:public_id>", views.game_export, name="api-game-export"),
    path("api/games/user/<str:username>", views.user_games, name="api-user-games"),
    re_path(r"^api/(?P<api>board|bot)/game/(?P<public_id>[A-Za-z0-9]{1,12})/move/(?P<move>[^/]+)$",
            views.board_move, name="api-move"),
    re_path(r"^api/(?P<api>board|bot)/game/(?P<public_id>[A-Za-z0-9]{1,12})/setup$",
            views.board_setup, name="api-setup"),
    re_path(r"^api/(?P<api>board|bot)/game/(?P<public_id>[A-Za-z0-9]{1,12})/abort$",
            views.board_abort, name="api-abort"),
    re_path(r"^api/(?P<api>board|bot)/game/(?P<public_id>[A-Za-z0-9]{1,12})/resign$",
            views.board_resign, name="api-resign"),
    re_path(r"^api/(?P<api>board|bot)/game/(?P<public_id>[A-Za-z0-9]{1,12})/chat$",
            views.board_chat, name="api-chat"),
    re_path(r"^api/(?P<api>board|bot)/game/(?P<public_id>[A-Za-z0-9]{1,12})/(?P<what>draw|takeback)/(?P<choice>[^/]+)$",
            views.board_offer, name="api-offer"),
    path("api/bot/account/upgrade", views.bot_upgrade, name="api-bot-upgrade"),
    path("api/challenge", views.challenge_list, name="api-challenges"),
    re_path(r"^api/challenge/(?P<public_id>[A-Za-z0-9]{1,12})/accept$", views.challenge_accept,
            name="api-challenge-accept"),
    re_path(r"^api/challenge/(?P<public_id>[A-Za-z0-9]{1,12})/decline$", views.challenge_decline,
            name="api-challenge-decline"),
    re_path(r"^api/challenge/(?P<public_id>[A-Za-z0-9]{1,12})/cancel$", views.challenge_cancel,
            name="api-challenge-cancel"),
    path("api/challenge/<str:username>", views.challenge_create, name="api-challenge-create"),
    path("settings/tokens/", views.tokens_page, name="api-tokens"),
    path("settings/tokens/<int:token_id>/revoke/", views.revoke, name="api-token-revoke"),
]
# fmt: on
