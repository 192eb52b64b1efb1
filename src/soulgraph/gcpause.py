"""Pause Python's cyclic garbage collector around allocation-heavy stages.

Building a graph or loading the update cache creates hundreds of thousands of small
containers; each one counts towards the collector's thresholds, so full collections
keep re-scanning every live object (about a third of ``build_graph`` at 10k
memories). These stages create no reference cycles, so nothing is lost by pausing:
reference counting still frees everything, and the collector resumes afterwards.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
