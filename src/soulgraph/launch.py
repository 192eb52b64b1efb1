"""The ``soulgraph`` console entry point: start what a command waits for longest, then the CLI.

``update`` on a big store spends about as long importing spaCy and loading its model
as reading the store, graph and cache; the child that loads the model is forked here,
before the CLI imports anything heavy, so both happen at once
(:mod:`soulgraph.extract.preload`). ``update`` and ``health`` run with the cyclic collector
off and end without freeing what they read (:mod:`soulgraph.exitfast`: 40-60 ms of a
9k-node graph's health check went to tearing the graph down); every other command goes
straight to the CLI.
"""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["update"]:
        import gc

        from soulgraph.extract import preload

        preload.start_early(sys.argv[2:])
        # The collector stays off for the whole process: the command holds the store, graph
        # and cache (millions of acyclic objects) until it exits and extracts in the preloading
        # child, so collections during the imports or after the library's own pauses would
        # only re-scan them (0.2-0.3 s at 10k memories). Set here, not in the command, so an
        # in-process caller of the CLI app keeps its collector.
        gc.disable()
    elif sys.argv[1:2] == ["health"]:
        import gc

        # Likewise for health, which reads and never writes: its imports and the graph it
        # holds are acyclic objects the collector would only re-scan (~0.1 CPU s, 126
        # collections, of a 1 s check of a 9k-node graph).
        gc.disable()
    from soulgraph.cli import run

    if sys.argv[1:2] in (["update"], ["health"]):
        from soulgraph import exitfast

        exitfast.run_and_exit(run)  # ends the process without freeing the store and graphs
    run()  # imports only the module of the command it runs
