"""The web app manifest: what a phone's "Install app" or "Add to Home Screen" reads, in the
reader's language."""

from django.templatetags.static import static
from django.utils import translation
from django.utils.translation import gettext

# The header's colour (--bar in static/css/themes.css, light and dark), which the installed
# app's title bar continues; the page's light paper behind the splash screen.
THEME_COLOUR = "#2b2118"
THEME_COLOUR_DARK = "#0d0b08"
BACKGROUND_COLOUR = "#faf7f0"


def manifest() -> dict:
    """The manifest's fields (W3C Web Application Manifest), the icons at their hashed
    addresses. The app is the whole site (`scope` "/"): it opens on the home page, and its
    id stays "/" whatever the start page becomes, so that an installed copy is never a
    second app."""
    icon = "image/png"
    return {
        "id": "/",
        "name": "Imperia",
        "short_name": "Imperia",
        "description": gettext(
            "Imperia: five imperial board games, played live or by correspondence"
        ),
        "lang": translation.get_language(),
        "dir": "rtl" if translation.get_language_bidi() else "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "categories": ["games"],
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": icon},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": icon},
            {
                "src": static("icons/maskable-192.png"),
                "sizes": "192x192",
                "type": icon,
                "purpose": "maskable",
            },
            {
                "src": static("icons/maskable-512.png"),
                "sizes": "512x512",
                "type": icon,
                "purpose": "maskable",
            },
            {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
