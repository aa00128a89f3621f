"""What every room's views share."""

from django.http import Http404


def found(queryset, missing: str, **lookup):
    """The one object the address names, or a 404 saying in words what is missing."""
    try:
        return queryset.get(**lookup)
    except queryset.model.DoesNotExist:
        raise Http404(missing) from None
