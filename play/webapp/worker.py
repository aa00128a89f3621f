"""The service worker's script as /sw.js serves it: the plain file service-worker.js (beside
this module) after three constants the server writes, the static files the worker keeps, the
offline page's address, and a version that changes whenever any of them does."""

import functools
import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import FileSystemFinder
from django.templatetags.static import static
from django.urls import reverse

SCRIPT = Path(__file__).with_name("service-worker.js")
OFFLINE_PAGE = Path(settings.BASE_DIR) / "templates" / "webapp" / "offline.html"
NOT_KEPT = ["*.md"]  # the vendored files' notes, which no page reads


@functools.cache  # the files change only with a deploy, which starts the server again
def script() -> str:
    """The worker's text. The site's own static files (static/, not the admin's) are kept,
    at the addresses the pages use (with whitenoise's manifest, their hashed names); the
    version is a hash of their contents, the worker's and the offline page's, so that a
    deploy that changes any of them installs a new worker with a cache of its own."""
    digest = hashlib.sha256()
    found = sorted(FileSystemFinder().list(NOT_KEPT), key=lambda pair: pair[0])
    kept = []
    for path, storage in found:
        name = path.replace("\\", "/")
        with storage.open(path) as file:
            digest.update(name.encode() + b"\0" + file.read())
        kept.append(static(name))
    body = SCRIPT.read_text()
    digest.update(body.encode() + OFFLINE_PAGE.read_bytes())
    return (
        f"const VERSION = {json.dumps(digest.hexdigest()[:16])};\n"
        f"const PRECACHE = {json.dumps(kept)};\n"
        f"const OFFLINE = {json.dumps(reverse('offline'))};\n\n{body}"
    )
