"""Staff see games with their seats, offers and the move log, which no one may edit;
referees work disputes on a case page of their own."""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.common import numbers
from play.common.errors import Refused
from play.common.forms import said
from play.models import (
    ChatMessage,
    Delivery,
    Dispute,
    Game,
    Move,
    Notification,
    Offer,
    Profile,
    RatingChange,
    Ruling,
    Seat,
)
from play.referee import case, disputes
from play.referee.forms import ReopenForm, RulingForm


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


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    """What each rated game did to each rating, and each reversal by a ruling: for audit,
    never edited here (a ruling changes them, with its reason)."""

    list_display = ("at", "user", "game", "kind", "score", "rating_before", "rating_after")
    list_filter = ("kind", "game_slug", "speed")
    search_fields = ("user__username", "game__public_id")
    list_select_related = ("user", "game")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "vacation_days", "email_enabled", "digest_hours", "last_digest_at")
    search_fields = ("user__username",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("public_id", "game", "players", "status", "result", "ply", "created_at")
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
    # Fifty games a page, not Django's hundred: each row of seven columns takes the admin
    # about 0.7 ms to draw (bench/pages.py); and the list counts only what its filters keep,
    # not every game on the site besides.
    list_per_page = 50
    show_full_result_count = False

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    @admin.display(description="game", ordering="game_slug")
    def game(self, game):
        # Its name from the rules: the field's choices are a function, called again for
        # every row's cell (5 % of the list's instructions, bench/pages.py).
        return game.rules.name

    @admin.display(description="players")
    def players(self, game):
        return " vs ".join(str(s.user) for s in game.seat_rows())

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


class RulingInline(ReadOnlyInline):
    model = Ruling
    fields = ("created_at", "referee", "kind", "reason", "details")
    readonly_fields = fields


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin):
    """The referee's desk: the cases, newest first, each with its case page."""

    # Five short columns: beside the admin's menu and the filter, a 1280 px screen leaves the
    # list about 630 px, and a wider one is cut off under the filter.
    list_display = ("case", "game_and_ply", "category", "status", "opened_by")
    list_filter = ("status", "category")
    search_fields = ("game__public_id", "opened_by__username", "statement")
    inlines = [RulingInline]

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game", "opened_by")

    @admin.display(description="case", ordering="created_at")
    def case(self, dispute):
        return f"{dispute.pk} · {dispute.created_at:%d %b %H:%M}"

    @admin.display(description="game, ply")
    def game_and_ply(self, dispute):
        return f"{dispute.game.public_id} ({dispute.game.rules.name}), ply {dispute.ply}"

    def has_module_permission(self, request):
        return request.user.has_perm("play.referee")

    def has_view_permission(self, request, obj=None):
        return request.user.has_perm("play.referee")

    def has_change_permission(self, request, obj=None):
        return request.user.has_perm("play.referee")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def get_urls(self):
        own = [
            path(
                "<int:pk>/rule/",
                self.admin_site.admin_view(self.rule_view),
                name="play_dispute_rule",
            ),
            path(
                "<int:pk>/reopen/",
                self.admin_site.admin_view(self.reopen_view),
                name="play_dispute_reopen",
            ),
            path(
                "<int:pk>/take/",
                self.admin_site.admin_view(self.take_view),
                name="play_dispute_take",
            ),
        ]
        return own + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if not self.has_view_permission(request):
            raise PermissionDenied
        pk = numbers.whole(object_id, _("the dispute's number"), numbers.MOST_IDS)
        dispute = get_object_or_404(Dispute.objects.select_related("game", "opened_by"), pk=pk)
        return TemplateResponse(
            request, "admin/play/dispute/case.html", case.context(request, self.admin_site, dispute)
        )

    def rule_view(self, request, pk):
        done = gettext_lazy("Ruling recorded; both players are told.")
        return self._decide(request, pk, RulingForm, disputes.rule, done)

    def reopen_view(self, request, pk):
        done = gettext_lazy("Case reopened; both players are told.")
        return self._decide(request, pk, ReopenForm, disputes.reopen, done)

    def _decide(self, request, pk, form_class, decide, done: str):
        """A decision posted from the case page, made by `decide(dispute, referee, **form)`;
        what was refused, and why, is said on the case page."""
        dispute = get_object_or_404(Dispute, pk=pk)
        if request.method == "POST":
            form = form_class(request.POST)
            if form.is_valid():
                try:
                    decide(dispute, request.user, **form.decision())
                except Refused as exc:
                    messages.error(request, exc.message)
                else:
                    messages.success(request, done)
            else:
                messages.error(
                    request, _("Check the form: %(problems)s") % {"problems": said(form)}
                )
        return redirect("admin:play_dispute_change", pk)

    def take_view(self, request, pk):
        if request.method == "POST":
            try:
                disputes.take(get_object_or_404(Dispute, pk=pk), request.user)
            except Refused as exc:
                messages.error(request, exc.message)
        return redirect("admin:play_dispute_change", pk)
