"""The moderators' desk, in the admin as the referees' is: the queue of reports, the oldest
open first, each opening on the desk of its reported player (play/moderation/desk.py), where a
moderator acts; the moderation log; the appeals, each answered on its own page."""

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.common import numbers
from play.common.errors import Refused
from play.common.forms import said
from play.models import Appeal, Report, Sanction
from play.moderation import appeals, desk, sanctions
from play.moderation.forms import ActionForm, AnswerForm


def moderator(request) -> bool:
    return request.user.has_perm("play.moderate")


class ModeratorsOnly(admin.ModelAdmin):
    """Read by moderators alone; nothing added or deleted here: the desk's forms change it."""

    def has_module_permission(self, request):
        return moderator(request)

    def has_view_permission(self, request, obj=None):
        return moderator(request)

    def has_change_permission(self, request, obj=None):
        return moderator(request)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Report)
class ReportAdmin(ModeratorsOnly):
    list_display = ("created_at", "reported_link", "reason", "reporter", "status")
    list_filter = ("status", "reason")
    search_fields = ("reported__username", "reporter__username", "text")
    actions = ["mark_handled"]

    def get_queryset(self, request):
        related = ("reporter", "reported", "line", "letter", "post")
        return super().get_queryset(request).select_related(*related)

    @admin.display(description=gettext_lazy("Reported player"), ordering="reported__username")
    def reported_link(self, report):
        return format_html('<a href="/@/{0}/">{0}</a>', report.reported.username)

    @admin.action(description=gettext_lazy("Mark the chosen reports handled"))
    def mark_handled(self, request, queryset):
        queryset.filter(status=Report.Status.OPEN).update(status=Report.Status.HANDLED)

    def get_urls(self):
        own = [
            path(
                "player/<int:user_id>/",
                self.admin_site.admin_view(self.player_view),
                name="play_moderation_player",
            ),
            path(
                "player/<int:user_id>/act/",
                self.admin_site.admin_view(self.act_view),
                name="play_moderation_act",
            ),
        ]
        return own + super().get_urls()

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if not moderator(request):
            raise PermissionDenied
        pk = numbers.whole(object_id, _("the report's number"), numbers.MOST_IDS)
        report = get_object_or_404(
            Report.objects.select_related("reported", "line", "letter", "post"), pk=pk
        )
        context = desk.context(request, self.admin_site, report.reported, report)
        return TemplateResponse(request, "admin/play/moderation/desk.html", context)

    def player_view(self, request, user_id):
        if not moderator(request):
            raise PermissionDenied
        player = get_object_or_404(get_user_model(), pk=user_id)
        context = desk.context(request, self.admin_site, player)
        return TemplateResponse(request, "admin/play/moderation/desk.html", context)

    def act_view(self, request, user_id):
        """An action posted from the desk (on the report of `?report=`, if one); what was
        refused, and why, is said on the desk."""
        player = get_object_or_404(get_user_model(), pk=user_id)
        report_id = numbers.optional(
            request.GET.get("report"), _("the report's number"), numbers.MOST_IDS
        )
        report = get_object_or_404(Report, pk=report_id) if report_id else None
        back = (
            reverse("admin:play_report_change", args=[report.pk])
            if report
            else reverse("admin:play_moderation_player", args=[player.pk])
        )
        if request.method != "POST":
            return redirect(back)
        form = ActionForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Check the form: %(problems)s") % {"problems": said(form)})
            return redirect(back)
        try:
            sanction = sanctions.act(request.user, player, report=report, **form.decision())
        except Refused as exc:
            messages.error(request, exc.message)
        else:
            done = _("Done: %(action)s. The player reads it in their moderation log.")
            messages.success(request, done % {"action": sanction.get_kind_display()})
        return redirect(back)


@admin.register(Sanction)
class SanctionAdmin(ModeratorsOnly):
    """The moderation log: every action, by whom, on whom, why; never edited."""

    list_display = ("created_at", "player_desk", "kind", "moderator", "reason")
    list_filter = ("kind",)
    search_fields = ("player__username", "moderator__username", "reason")
    list_select_related = ("player", "moderator")

    @admin.display(description=gettext_lazy("Player"), ordering="player__username")
    def player_desk(self, sanction):
        address = reverse("admin:play_moderation_player", args=[sanction.player_id])
        return format_html('<a href="{}">{}</a>', address, sanction.player.username)

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Appeal)
class AppealAdmin(ModeratorsOnly):
    """The appeals, the oldest open first; each answered from its player's desk page."""

    list_display = ("created_at", "player_desk", "status")
    list_filter = ("status",)
    search_fields = ("player__username", "text")
    list_select_related = ("player",)
    readonly_fields = ("player", "text", "created_at", "status", "answer", "answered_at")
    fields = readonly_fields

    @admin.display(description=gettext_lazy("Player"), ordering="player__username")
    def player_desk(self, appeal):
        address = reverse("admin:play_moderation_player", args=[appeal.player_id])
        return format_html('<a href="{}">{}</a>', address, appeal.player.username)

    def get_urls(self):
        own = [
            path(
                "<int:pk>/answer/",
                self.admin_site.admin_view(self.answer_view),
                name="play_appeal_answer",
            ),
        ]
        return own + super().get_urls()

    def answer_view(self, request, pk):
        appeal = get_object_or_404(Appeal, pk=pk)
        back = reverse("admin:play_moderation_player", args=[appeal.player_id])
        if request.method == "POST":
            form = AnswerForm(request.POST)
            if not form.is_valid():
                messages.error(
                    request, _("Check the form: %(problems)s") % {"problems": said(form)}
                )
                return redirect(back)
            try:
                appeals.answer(request.user, appeal, form.cleaned_data["answer"],
                               form.cleaned_data["lift"])  # fmt: skip
            except Refused as exc:
                messages.error(request, exc.message)
            else:
                messages.success(request, _("Answered; the player is told."))
        return redirect(back)
