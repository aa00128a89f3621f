"""The lessons' map: an exercise's stars, read from those earned."""

from django import template

register = template.Library()


@register.filter
def stars_of(earned: dict, key: str) -> int:
    return earned.get(key, 0)
