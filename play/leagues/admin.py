"""The staff's desk for championships and cups: their settings (the numbers of promotion,
relegation and groups), checked by Championship.clean; editions and groups to read."""

from django.contrib import admin

from play.models import Championship, Edition


@admin.register(Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "game_slug", "slug", "group_min", "group_max", "promoted",
                    "relegated")  # fmt: skip
    list_filter = ("kind", "game_slug")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "started_at", "finished_at", "next_at", "champion")
    list_filter = ("status", "championship")
    readonly_fields = ("championship", "number", "champion", "started_at", "finished_at")
