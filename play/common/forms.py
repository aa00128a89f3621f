"""What every room's forms share."""


def said(form) -> str:
    """A form's errors in one line, each after its field's label (Minutes: ...)."""
    return "; ".join(
        f"{form[name].label}: {e}" if name in form.fields else e
        for name, errs in form.errors.items()
        for e in errs
    )
