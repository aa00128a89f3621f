"""Lists in pages: every item stays reachable, never a silent cap."""

from __future__ import annotations

from django.core import paginator
from django.db.models import QuerySet
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from play.common import numbers

# A list is counted only this many pages past the one shown: a player's 20,000 finished games
# are not all counted to show the first twenty (the count was most of the dashboard's SQL).
PAGES_AHEAD = 5


class Paginator(paginator.Paginator):
    """Django's, counting up to `PAGES_AHEAD` pages past page `number`; beyond that the
    list says "more than" (`more_than`), and its later pages are reached page by page."""

    def __init__(self, object_list, per_page: int, number: int):
        super().__init__(object_list, per_page)
        self.counted_up_to = (number + PAGES_AHEAD) * per_page + 1

    @cached_property
    def count(self) -> int:
        listed = self.object_list
        if not isinstance(listed, QuerySet):
            return len(listed[: self.counted_up_to])
        # Unordered (unless already cut to a length): which rows are counted does not matter,
        # and an order would lead the database to that order's index instead of the filter's.
        return (listed if listed.query.is_sliced else listed.order_by())[
            : self.counted_up_to
        ].count()

    @cached_property
    def more_than(self) -> int | None:
        """The number the list is known to exceed, when it was not counted to its end."""
        return self.counted_up_to - 1 if self.count >= self.counted_up_to else None


def page(request, queryset, name: str, per_page: int = 20):
    """One page of a list, numbered by the query parameter `name`. A page past the last is
    the last; a page number that is not one is Malformed (400)."""
    number = request.GET.get(name)
    number = numbers.whole(number, _("the page"), numbers.MOST_PAGES, 1) if number else 1
    paginator = Paginator(queryset, per_page, number)
    if number > 1:
        return paginator.get_page(number)
    # A first page is read before the list is counted: one that fits on it (most of a
    # player's lists) is counted by its length, with no query (a lobby has seven lists).
    first = list(queryset[: per_page + 1])
    if len(first) <= per_page:
        paginator.count = len(first)
    shown = paginator.get_page(1)
    shown.object_list = first[:per_page]
    return shown
