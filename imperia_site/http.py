"""Django's HTTP side under daphne, served the way a WSGI server serves it."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

from asgiref.sync import sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.core.handlers.base import BaseHandler
from django.http import FileResponse
from django.urls import set_script_prefix

from play.push import live


class PooledHTTPHandler(ASGIHandler):
    """Each request runs its whole middleware chain and view in one call on a worker of a fixed
    pool. Django's own ASGI handler hops between the event loop and a new thread once per
    middleware, and the new thread opens a new database connection every time; here a request
    costs two thread switches, and each worker keeps its connection (CONN_MAX_AGE)."""

    def __init__(self, threads: int):
        BaseHandler.__init__(self)
        self.load_middleware(is_async=False)
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="http")
        self.loop = None

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django serves HTTP here, not {scope['type']}.")
        if self.loop is None:  # the views' pushes are delivered by this loop
            self.loop = asyncio.get_running_loop()
            live.serve_from(self.loop)
        try:
            body = await self.read_body(receive)
        except RequestAborted:
            return
        with closing(body):
            response = await self._in_pool(self._respond, scope, body)
            await self.send_response(response, send)
            if response.streaming:
                await self._in_pool(response.close)

    def _respond(self, scope, body):
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
        if isinstance(response, FileResponse):
            response.block_size = self.chunk_size
        if not response.streaming:
            response.close()  # the content is in memory: the request ends on its own thread
        return response

    async def _in_pool(self, function, *args):
        return await sync_to_async(function, thread_sensitive=False, executor=self.pool)(*args)
