"""Let a one-shot CLI process exit without freeing what it built.

``soulgraph update`` holds the store, the old and new graph and the analysis cache (about a
million small objects at 10k memories); dropping them when the command returns costs
0.25-0.3 s, 15 % of a small update, only for the process to end. The console entry point
turns retention on for that command and leaves with :func:`os._exit` once its output is
flushed; library callers never see either (``RETAIN`` stays None, so :func:`keep` is a no-op).
"""

from __future__ import annotations

import os
import sys

RETAIN: list | None = None


def keep(*objects: object) -> None:
    """Hold ``objects`` until the process exits (only in a CLI process that asked for it)."""
    if RETAIN is not None:
        RETAIN.extend(objects)


def run_and_exit(run) -> None:
    """Run the CLI, flush its output, then end the process without tearing anything down."""
    global RETAIN
    RETAIN = []
    code = 0
    try:
        run()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        if e.code is not None and not isinstance(e.code, int):
            print(e.code, file=sys.stderr)
    except KeyboardInterrupt:
        code = 130
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
    os._exit(code)
