from django.contrib.auth.models import AnonymousUser

import rules
from play.common import clocks
from play.common.players import is_guest
from play.notify import dashboard


def games(request):
    """The games menu, the player's counts for the header (and whether they play as
    Anonymous), and the server's time (so the page's clocks count down against the server's,
    not the device's)."""
    # No user yet when a request is refused before authentication (a bad Host header):
    # its error page must still render.
    user = getattr(request, "user", AnonymousUser())
    return {
        "all_games": rules.games(),
        "counts": dashboard.counts(user),
        "user_is_guest": is_guest(user),
        "server_now_ms": int(clocks.now().timestamp() * 1000),
    }
