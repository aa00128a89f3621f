"""What every room's forms share."""

from django.utils.translation import gettext as _


def said(form) -> str:
    """A form's errors in one line, each after its field's label (Minutes: ...)."""
    return "; ".join(
        _("%(label)s: %(error)s") % {"label": form[name].label, "error": e}
        if name in form.fields
        else e
        for name, errs in form.errors.items()
        for e in errs
    )
