"""The cache's counters (imperia_site/cache.py), on whichever cache the settings give."""

import time

from django.core.cache import cache, caches

from imperia_site.cache import SharedRedisCache


def test_counters_start_at_one_count_up_and_read_as_numbers():
    assert cache.count(["moves:ann", "moves:bob"], 60) == [1, 1]
    assert cache.count(["moves:ann"], 60) == [2]
    assert cache.get("moves:ann") == 2 and cache.get("moves:bob") == 1


def test_a_counter_expires_with_its_window_however_often_it_counts():
    cache.count(["window"], 60)
    cache.count(["window"], 3600)  # a later count does not push the end of the window back
    key = cache.make_and_validate_key("window")
    if isinstance(caches["default"], SharedRedisCache):
        left = cache._cache.get_client(write=True).ttl(key)
    else:
        left = cache._expire_info[key] - time.time()
    assert 0 < left <= 60
