"""A small least-recently-used map shared by the threads of one process."""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from weakref import WeakSet


class LRU:
    """Keys here carry a game's revision, which is never reused: an entry can go unused, but
    never stale, so each process keeps its own and none needs telling when another changes."""

    every: WeakSet = WeakSet()

    def __init__(self, size: int):
        LRU.every.add(self)
        self.size = size
        self._items: OrderedDict = OrderedDict()
        self._lock = Lock()

    def get(self, key):
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def remembered(self, key, make):
        """The value kept under `key`; if there is none, `make()`'s, kept."""
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value

    def put(self, key, value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    @classmethod
    def forget_all(cls) -> None:
        """Empty every map (tests: a rolled-back database may reuse what a key names)."""
        for lru in list(cls.every):
            with lru._lock:
                lru._items.clear()
