"""The staff's desk for the site's tournament plans: each is checked by making one
tournament of each of its games and throwing it away, so that the sweeper never fails."""

from django import forms
from django.contrib import admin

from play.models import TournamentPlan
from play.tournaments import plans


class PlanForm(forms.ModelForm):
    class Meta:
        model = TournamentPlan
        fields = ["name", "kind", "games", "options", "every", "weekday", "hour", "minute",
                  "time_control", "minutes", "rounds", "pacing", "interval_minutes", "rated",
                  "ahead_hours", "active"]  # fmt: skip

    def clean(self):
        data = super().clean()
        if not self.errors:
            candidate = self.instance
            for name, value in data.items():
                setattr(candidate, name, value)
            why = plans.refusal(candidate)
            if why:
                raise forms.ValidationError(why)
        return data


@admin.register(TournamentPlan)
class PlanAdmin(admin.ModelAdmin):
    form = PlanForm
    list_display = ("__str__", "kind", "every", "weekday", "hour", "minute", "active")
    list_filter = ("kind", "every", "active")
