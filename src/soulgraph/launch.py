"""The ``soulgraph`` console entry point: start what a command waits for longest, then the CLI.

``update`` on a big store spends about as long importing spaCy and loading its model
as reading the store, graph and cache; the child that loads the model is forked here,
before the CLI imports anything heavy, so both happen at once
(:mod:`soulgraph.extract.preload`). Every other command goes straight to the CLI.
"""

from __future__ import annotations

import sys


def main() -> None:
    if sys.argv[1:2] == ["update"]:
        import gc

        from soulgraph.extract import preload

        preload.start_early(sys.argv[2:])
        # A short process holding acyclic data (the command keeps the collector off anyway):
        # collections during the imports would only re-scan what the imports made.
        gc.disable()
    from soulgraph.cli import main as cli_main

    cli_main()
