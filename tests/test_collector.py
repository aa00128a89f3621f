"""The collector as the server sets it: young collections, and a full one only once the
process has grown."""

import gc

import pytest

from imperia_site import collector


@pytest.fixture
def collections():
    """The generations collected while the test runs."""
    seen = []

    def record(phase, info):
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(record)
    yield seen
    gc.callbacks.remove(record)


def test_a_settled_process_starts_no_full_collection_however_much_lives_long(collections):
    collector.settle()
    # A thousand young collections and more, each leaving its survivors: far past what
    # started a full collection before.
    kept = [[] for _ in range(1_200_000)]
    assert len(kept) == 1_200_000
    assert 0 in collections and 1 in collections and 2 not in collections


def test_a_full_collection_once_the_process_has_doubled(collections, monkeypatch):
    sizes = iter([190, 210, 100])  # MB: grown by nine tenths, then doubled, then after
    monkeypatch.setattr(collector, "_resident", lambda: next(sizes) * 2**20)
    since = 100 * 2**20
    assert collector.collected_if_grown(since) == since
    assert collections == []
    assert collector.collected_if_grown(since) == 100 * 2**20
    assert collections == [2]
