"""Pages and fragments go out gzipped to a reader who takes it; a stream never does."""

import gzip

import pytest

pytestmark = pytest.mark.django_db
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def test_a_page_goes_out_gzipped_and_reads_the_same(client):
    page = client.get("/", **GZIP)
    assert page.status_code == 200
    assert page["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in page["Vary"]
    html = gzip.decompress(page.content).decode()
    assert html.startswith("<!doctype html>") and "</html>" in html
    plain = client.get("/")
    assert "Content-Encoding" not in plain
    assert len(page.content) < len(plain.content) / 3


def test_a_board_fragment_goes_out_gzipped(client, active_game):
    fragment = client.get(f"/g/{active_game.public_id}/live/", HTTP_HX_REQUEST="true", **GZIP)
    assert fragment["Content-Encoding"] == "gzip"
    assert 'id="live"' in gzip.decompress(fragment.content).decode()


def test_a_stream_goes_out_as_written(client, ann):
    stream = client.get(
        f"/api/games/user/{ann.username}", HTTP_ACCEPT="application/x-ndjson", **GZIP
    )
    assert stream.status_code == 200 and stream.streaming
    assert "Content-Encoding" not in stream
