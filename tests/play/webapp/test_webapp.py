"""The installed site: the manifest as browsers read it, the service worker served from the
root with the headers that keep it fresh, and the offline page it keeps."""

import json
import re
from pathlib import Path

import pytest
from django.test import override_settings

from play.webapp import worker
from play.webapp.manifest import BACKGROUND_COLOUR, THEME_COLOUR, THEME_COLOUR_DARK

pytestmark = pytest.mark.django_db
CSS = Path("static/css")


def test_the_manifest_is_served_as_a_manifest_with_what_installing_needs(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Imperia" and manifest["short_name"] == "Imperia"
    assert manifest["id"] == manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["lang"] == "en" and manifest["description"].startswith("Imperia: five")
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in manifest["icons"]}
    assert {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
        ("any", "any"),
    } <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]


def test_the_manifests_colours_are_the_sites():
    """The bars are the header's colour (site.css draws it with --bar), light and dark as
    themes.css has it; the splash screen is the light paper."""
    assert re.search(
        r"^\.top \{[^}]*background: var\(--bar\);", (CSS / "site.css").read_text(), re.M
    )
    themes = (CSS / "themes.css").read_text()
    assert f"--bar: light-dark({THEME_COLOUR}, {THEME_COLOUR_DARK});" in themes
    assert f"--paper: light-dark({BACKGROUND_COLOUR}, " in themes


@override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")])
def test_the_manifest_is_in_the_readers_language(client):
    manifest = json.loads(client.get("/manifest.webmanifest?lang=en-xa").content)
    assert manifest["lang"] == "en-xa"
    assert not manifest["description"].startswith("Imperia: five")  # accented


def test_every_page_links_the_manifest_the_theme_and_the_workers_script(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert page.count('<meta name="theme-color"') == 2
    assert 'rel="apple-touch-icon"' in page
    assert re.search(r'<script src="[^"]*install\.js" data-worker="/sw\.js" defer>', page)


def test_the_worker_is_served_from_the_root_never_kept_by_the_http_cache(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    assert client.post("/sw.js").status_code == 405


def test_the_worker_keeps_the_sites_static_files_and_the_offline_page(client):
    script = client.get("/sw.js").content.decode()
    kept = json.loads(re.search(r"^const PRECACHE = (.*);$", script, re.M).group(1))
    assert {"/static/css/site.css", "/static/js/install.js", "/static/favicon.svg"} <= set(kept)
    assert "/static/icons/maskable-512.png" in kept
    assert not [address for address in kept if "admin" in address or address.endswith(".md")]
    assert re.search(r'^const OFFLINE = "/offline/";$', script, re.M)
    assert re.search(r'^const VERSION = "[0-9a-f]{16}";$', script, re.M)


def test_the_workers_version_changes_with_a_static_file(settings, tmp_path):
    (tmp_path / "new.css").write_text("p { color: #111; }")
    before = worker.script()
    worker.script.cache_clear()
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, tmp_path]
    try:
        after = worker.script()
        version = re.compile(r"^const VERSION = (.*);$", re.M)
        assert version.search(before).group(1) != version.search(after).group(1)
        assert "/static/new.css" in after
    finally:
        worker.script.cache_clear()


def test_the_offline_page_names_nobody_and_is_in_the_readers_language(client, make_user, client_of):
    page = client_of(make_user("zoe-reader")).get("/offline/")
    assert page.status_code == 200 and page["Content-Language"] == "en"
    text = page.content.decode()
    assert "No network" in text and "zoe-reader" not in text and "csrf" not in text.lower()
    with override_settings(LANGUAGES=[("en", "English"), ("en-xa", "Pseudo")]):
        accented = client.get("/offline/?lang=en-xa")
    assert accented["Content-Language"] == "en-xa"
    assert '<html lang="en-xa" data-offline>' in accented.content.decode()
