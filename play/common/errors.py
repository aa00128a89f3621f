from django.utils.translation import gettext as _


class Refused(Exception):
    """A request the platform turns down; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


def refuse_nulls(*texts: str) -> None:
    """Refused when a text holds a null character: no browser sends one (the forms refuse
    it), and PostgreSQL cannot store it."""
    if any("\x00" in text for text in texts):
        raise Refused(_("A text cannot contain null characters."))
