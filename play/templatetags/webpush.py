from django import template

from play.webpush import keys

register = template.Library()


@register.simple_tag
def vapid_key() -> str:
    """The site's public VAPID key, for a page's `pushManager.subscribe` ("" while none)."""
    return keys.public() or ""
