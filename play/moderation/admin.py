"""The moderators' desk: the queue of reports, the oldest open first, each with the reported
player's words quoted and a link to their profile; a moderator marks one handled."""

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from play.models import Report


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "reported_link", "reason", "reporter", "status")
    list_filter = ("status", "reason")
    search_fields = ("reported__username", "reporter__username", "text")
    readonly_fields = (
        "reporter", "reported_link", "reason", "text", "line_text", "letter_text", "created_at"
    )  # fmt: skip
    fields = (*readonly_fields, "status")
    actions = ["mark_handled"]

    def get_queryset(self, request):
        related = ("reporter", "reported", "line", "letter")
        return super().get_queryset(request).select_related(*related)

    @admin.display(description=_("Reported player"), ordering="reported__username")
    def reported_link(self, report):
        return format_html('<a href="/@/{0}/">{0}</a>', report.reported.username)

    @admin.display(description=_("Chat line"))
    def line_text(self, report):
        return report.line.text if report.line else "–"

    @admin.display(description=_("Private message"))
    def letter_text(self, report):
        return report.letter.text if report.letter else "–"

    @admin.action(description=_("Mark the chosen reports handled"))
    def mark_handled(self, request, queryset):
        queryset.filter(status=Report.Status.OPEN).update(status=Report.Status.HANDLED)

    def has_add_permission(self, request):
        return False
