"""`{% webapp_head %}`: the links and the script an installed copy of the site needs in every
page's head (play/webapp)."""

from django import template

from play.webapp.manifest import THEME_COLOUR, THEME_COLOUR_DARK

register = template.Library()


@register.inclusion_tag("webapp/head.html")
def webapp_head() -> dict:
    return {"theme_colour": THEME_COLOUR, "theme_colour_dark": THEME_COLOUR_DARK}
