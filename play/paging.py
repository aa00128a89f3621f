"""Lists in pages: every item stays reachable, never a silent cap."""

from __future__ import annotations

from django.core.paginator import Paginator

from play import numbers


def page(request, queryset, name: str, per_page: int = 20):
    """One page of a list, numbered by the query parameter `name`. A page past the last is
    the last; a page number that is not one is Malformed (400)."""
    number = request.GET.get(name)
    number = numbers.whole(number, "the page", numbers.MOST_PAGES, 1) if number else 1
    return Paginator(queryset, per_page).get_page(number)
