"""The garbage collector as a long-lived server wants it: set once everything is loaded, by the
server (imperia_site/asgi.py) and by the benchmarks that play in process, so that they pay for
collections as the server does."""

import gc
import logging
import os
import threading
import time

log = logging.getLogger("imperia.collector")
GROWTH = 2.0  # a full collection once the process has doubled since the last (as Go's)
WATCH_EVERY = 30.0  # seconds between looks at the process's size
NEVER = 2**31 - 1  # young collections between full ones: the interpreter starts none


def settle() -> None:
    # What was loaded to get here lives as long as the process: out of the collector's sight.
    gc.freeze()
    # A full collection walks every object the server holds, a memory read or more each:
    # with a thousand games open, over a hundred objects a socket, it stopped the loop for
    # 0.6-1.7 s of CPU every minute or two (bench/live.py --trace). The interpreter starts one
    # whenever a quarter more objects have lived long since the last, which the caches'
    # turnover alone does, and a server's garbage all but never needs one: its sockets,
    # requests and moves are freed as they end. Young collections as before; a full one only
    # once the process has grown by GROWTH, as garbage that only a full collection frees
    # would make it; a server filling its caches and opening its sockets does so once or twice.
    gc.set_threshold(700, 10, NEVER)
    if _resident() is not None and not any(t.name == _WATCH for t in threading.enumerate()):
        threading.Thread(target=_collect_when_grown, name=_WATCH, daemon=True).start()


_WATCH = "full collections when grown"


def _resident() -> int | None:
    """The process's resident size in bytes (None where /proc does not say)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def collected_if_grown(since: int) -> int:
    """A full collection if the process has grown by GROWTH since it was `since` bytes: its
    size to grow from next."""
    size = _resident()
    if size <= since * GROWTH:
        return since
    started = time.perf_counter()
    freed = gc.collect()
    took = 1000 * (time.perf_counter() - started)
    log.info("full collection at %d MB: %d objects freed in %.0f ms", size // 2**20, freed, took)
    return _resident()


def _collect_when_grown() -> None:
    since = _resident()
    while True:
        time.sleep(WATCH_EVERY)
        since = collected_if_grown(since)
