import gc
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imperia_site.settings")
django.setup(set_prefix=False)

from django.conf import settings  # noqa: E402

from imperia_site.http import PooledHTTPHandler  # noqa: E402

django_http = PooledHTTPHandler(settings.HTTP_THREADS)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from play.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_http,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

# What was loaded to get here lives as long as the process: out of the collector's sight, so
# that its full collections walk only what requests create (they stalled play for 0.1-0.2 s).
gc.freeze()
# A full collection still walks every object the server holds, and each open socket keeps
# ~170 (Channels' middleware, tasks, queues): at 100 games one stopped play for 45-95 ms
# every ~7 s (bench/live.py --trace). At most one per 100 young collections (not 10) left one
# such pause in a run of 50 s, with the young collections as before.
gc.set_threshold(700, 10, 100)
