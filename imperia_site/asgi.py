import asyncio
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "imperia_site.settings")
django.setup(set_prefix=False)

from django.conf import settings  # noqa: E402

from imperia_site import collector  # noqa: E402
from imperia_site.http import PooledHTTPHandler  # noqa: E402

django_http = PooledHTTPHandler(settings.HTTP_THREADS)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.layers import get_channel_layer  # noqa: E402

# The channel layer, made here once: Channels makes it on first use, unguarded, and a first
# push from a view's thread racing a first socket or stream on the loop made two, each
# sending into its own (a stream then heard nothing, ever).
get_channel_layer()
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from play.api import cors, streams  # noqa: E402
from play.push import live  # noqa: E402
from play.routing import websocket_urlpatterns  # noqa: E402

routes = ProtocolTypeRouter(
    {
        "http": django_http,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)


async def application(scope, receive, send):
    """The routes, once the server's loop is known to the pushes (play/push/live.py): from the
    first request or socket on, the workers beside it can reach its pages. The API's streams
    are served on the loop itself, each open for as long as its client stays (play/api/)."""
    live.serve_from(asyncio.get_running_loop())
    if scope["type"] == "http" and (stream := streams.route(scope["path"])):
        await cors.stream(lambda *asgi: streams.application(*asgi, stream), scope, receive, send)
        return
    await routes(scope, receive, send)


collector.settle()
