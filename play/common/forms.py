"""What every room's forms share."""

from django.utils.translation import gettext as _

from play.common.errors import Refused


def said(form) -> str:
    """A form's errors in one line, each after its field's label (Minutes: ...)."""
    return "; ".join(
        _("%(label)s: %(error)s") % {"label": form[name].label, "error": e}
        if name in form.fields
        else e
        for name, errs in form.errors.items()
        for e in errs
    )


def submitted(request, form, act):
    """A form's POST done through one service call, `act(form.cleaned_data)`: (what it gave,
    200), or (None, the status) with the form's errors or the refusal said on the form. A GET
    is (None, 200): the form shown."""
    if request.method != "POST":
        return None, 200
    if not form.is_valid():
        return None, 400
    try:
        return act(form.cleaned_data), 200
    except Refused as exc:
        form.add_error(None, exc.message)
        return None, exc.status
