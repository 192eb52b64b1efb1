"""The ``soulgraph`` command: a thin shell over the Python API.

Each command lives in its own module and registers itself on ``app``. The modules
are imported on first use of ``app`` or by :func:`main`, after ``main`` has started
what a command waits for longest (``update``: the spaCy model, loading in a child
while the parent imports and reads; see :mod:`soulgraph.extract.preload`).
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer

_COMMANDS = ("demo", "health", "merge", "query", "registry_cmds", "repair", "update")

__all__ = ["app", "main"]


def _app() -> typer.Typer:
    for name in _COMMANDS:  # each module registers its commands on import
        importlib.import_module(f"soulgraph.cli.{name}")
    from soulgraph.cli.app import app

    return app


def main() -> None:
    if sys.argv[1:2] == ["update"]:
        from soulgraph.extract import preload

        preload.start_early(sys.argv[2:])
    _app()
    from soulgraph.cli.app import main as run

    run()


def __getattr__(name: str):
    if name == "app":
        return _app()
    raise AttributeError(f"module 'soulgraph.cli' has no attribute {name!r}")
