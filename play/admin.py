"""Staff see games with their seats, offers and the move log, which no one may edit."""

from django.contrib import admin
from django.utils.html import format_html

from play.models import ChatMessage, Delivery, Game, Move, Notification, Offer, Profile, Seat


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("index", "user", "joined_at")
    readonly_fields = fields


class MoveInline(ReadOnlyInline):
    model = Move
    fields = (
        "ply",
        "seat",
        "display",
        "text",
        "created_at",
        "clock_after",
        "position_after",
        "hash",
    )
    readonly_fields = fields


class OfferInline(ReadOnlyInline):
    model = Offer
    fk_name = "game"
    fields = ("kind", "seat", "ply", "status", "created_at", "answered_at")
    readonly_fields = fields


class ChatInline(ReadOnlyInline):
    model = ChatMessage
    fields = ("created_at", "user", "text")
    readonly_fields = fields


class DeliveryInline(ReadOnlyInline):
    model = Delivery
    fields = ("at", "channel", "status", "detail")
    readonly_fields = fields


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    """Who was told what, when, and how each attempt went (evidence in timeout disputes)."""

    list_display = ("created_at", "user", "kind", "text", "read_at")
    list_filter = ("kind",)
    search_fields = ("user__username", "text", "game__public_id")
    readonly_fields = ("user", "game", "kind", "text", "created_at", "read_at")
    inlines = [DeliveryInline]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "vacation_days", "email_enabled", "digest_hours", "last_digest_at")
    search_fields = ("user__username",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("public_id", "game_slug", "players", "status", "result", "ply", "created_at")
    list_filter = ("status", "game_slug", "listing")
    search_fields = ("public_id", "seats__user__username")
    readonly_fields = (
        "public_id", "game_slug", "status", "options", "rules_version", "listing", "created_by",
        "requested_side", "time_control", "initial_position", "position", "ply", "winner",
        "reason", "revision", "created_at", "started_at", "finished_at", "page",
        "invited_user", "clocks", "turn_started_at", "deadline", "turn", "vacation_used",
    )  # fmt: skip
    exclude = ("invite_token",)
    inlines = [SeatInline, MoveInline, OfferInline, ChatInline]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    @admin.display(description="players")
    def players(self, game):
        return " vs ".join(str(s.user) for s in game.seats.all())

    @admin.display(description="result")
    def result(self, game):
        return game.result_text

    @admin.display(description="game page")
    def page(self, game):
        return format_html('<a href="{}">{}</a>', game.get_absolute_url(), game.get_absolute_url())

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
