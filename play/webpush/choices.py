"""What a player chose to be pushed, and the reminders they keep before a correspondence
clock runs out; a player who chose nothing has every kind and both reminders."""

from __future__ import annotations

from play.models import PushChoices
from play.models.webpush import REMINDER_HOURS

Kind = PushChoices.Kind


def of(user) -> PushChoices:
    """The player's choices (unsaved defaults if they never chose)."""
    try:
        return user.push_choices
    except PushChoices.DoesNotExist:
        return PushChoices(user=user)


def kinds_of(user_ids) -> dict[int, set[str]]:
    """Each of these players' chosen kinds, in one query."""
    chosen = dict(PushChoices.objects.filter(user_id__in=user_ids).values_list("user_id", "kinds"))
    return {pk: set(chosen.get(pk, Kind.values)) for pk in user_ids}


def reminders(user) -> list[int]:
    """The reminders the player keeps, as seconds left on the clock."""
    return [hours * 3600 for hours in of(user).reminder_hours]


def choose(user, kinds, reminder_hours) -> PushChoices:
    """Keep the player's choice (only known kinds and reminders; the form refuses others)."""
    choices = of(user)
    choices.kinds = [k for k in Kind.values if k in kinds]
    choices.reminder_hours = [h for h in REMINDER_HOURS if h in reminder_hours]
    choices.save()
    return choices
