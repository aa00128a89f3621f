"""The garbage collector as a long-lived server wants it: set once everything is loaded, by the
server (imperia_site/asgi.py) and by the benchmarks that play in process, so that they pay for
collections as the server does."""

import gc


def settle() -> None:
    # What was loaded to get here lives as long as the process: out of the collector's sight,
    # so that its full collections walk only what requests create (they stalled play for
    # 0.1-0.2 s).
    gc.freeze()
    # A full collection still walks every object the server holds, and each open socket keeps
    # ~170 (Channels' middleware, tasks, queues): at 100 games one stopped play for 45-95 ms
    # every ~7 s (bench/live.py --trace). At most one per 100 young collections (not 10) left
    # one such pause in a run of 50 s, with the young collections as before.
    gc.set_threshold(700, 10, 100)
