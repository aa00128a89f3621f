from django.contrib.auth.models import AnonymousUser

import rules
from play.common import clocks
from play.notify import dashboard


def games(request):
    """The games menu, the player's counts for the header, and the server's time (so the
    page's clocks count down against the server's, not the device's)."""
    return {
        "all_games": rules.games(),
        # No user yet when a request is refused before authentication (a bad Host header):
        # its error page must still render.
        "counts": dashboard.counts(getattr(request, "user", AnonymousUser())),
        "server_now_ms": int(clocks.now().timestamp() * 1000),
    }
