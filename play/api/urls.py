from django.urls import path

from play.api import views

urlpatterns = [
    path("api/", views.reference, name="api-reference"),
    path("api/openapi.json", views.openapi, name="api-openapi"),
    path("api/account", views.account, name="api-account"),
    path("api/user/<str:username>", views.user, name="api-user"),
    path("game/export/<str:public_id>", views.game_export, name="api-game-export"),
    path("api/games/user/<str:username>", views.user_games, name="api-user-games"),
    path("settings/tokens/", views.tokens_page, name="api-tokens"),
    path("settings/tokens/<int:token_id>/revoke/", views.revoke, name="api-token-revoke"),
]
