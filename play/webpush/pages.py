"""What the settings page and the notifications page show of web push."""

from __future__ import annotations

from play.webpush import choices, devices, keys
from play.webpush.forms import PushChoicesForm


def settings_context(user, form: PushChoicesForm | None = None) -> dict:
    chosen = choices.of(user)
    initial = {"kinds": chosen.kinds, "reminder_hours": [str(h) for h in chosen.reminder_hours]}
    return {"push_form": form or PushChoicesForm(initial=initial),
            "push_devices": devices.of(user), "push_key": keys.public()}  # fmt: skip
