"""The manifest, the service worker and the offline page."""

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from play.webapp import worker
from play.webapp.manifest import manifest


@require_GET
def web_manifest(request):
    """The manifest, in the reader's language (its description), as browsers take it."""
    body = json.dumps(manifest(), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"  # a browser may keep it, asking whether it changed
    return response


@require_GET
def service_worker(request):
    """The worker, from the site's root so that its scope is the whole site. Never kept by
    the HTTP cache: a browser compares it with the installed one on every visit, and a new
    deploy's worker is seen at once."""
    response = HttpResponse(worker.script(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache, max-age=0"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request):
    """The page a navigation gets from the worker when the network is gone."""
    response = render(request, "webapp/offline.html")
    response["Cache-Control"] = "no-cache"
    return response
