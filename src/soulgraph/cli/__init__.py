"""The ``soulgraph`` command: a thin shell over the Python API.

Each command lives in its own module and registers itself on :data:`app`.
``from soulgraph.cli import app`` (or ``main``) gives the app with every command; the
console entry point (:func:`run`) imports only the module of the command it runs, so
``soulgraph health`` does not pay for the query, repair or demo modules' imports.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from soulgraph.cli.app import app, main

# command name -> the module under soulgraph.cli that registers it
COMMANDS = {
    "demo": "demo", "health": "health", "merge": "merge", "unmerge": "merge",
    "recall": "query", "neighbors": "query", "path": "query", "entities": "query",
    "memories": "query", "timeline": "query", "export": "query",
    "explain": "registry_cmds", "pin": "registry_cmds", "unpin": "registry_cmds",
    "alias": "registry_cmds", "ignore": "registry_cmds", "registry": "registry_cmds",
    "repair": "repair", "update": "update",
}
__all__ = ["COMMANDS", "app", "load_commands", "main", "run"]


def load_commands(modules=None) -> None:
    """Import the command modules (all by default), which registers their commands."""
    for name in sorted(set(COMMANDS.values()) if modules is None else set(modules)):
        importlib.import_module(f"soulgraph.cli.{name}")


def run(argv: list[str] | None = None) -> None:
    """The CLI with only the named command's module loaded (all for help or an unknown
    command, so help lists every command and typos get suggestions)."""
    argv = sys.argv[1:] if argv is None else argv
    module = COMMANDS.get(argv[0]) if argv else None
    load_commands(None if module is None else [module])
    from soulgraph.cli.app import main as cli_main

    cli_main()


class _Package(types.ModuleType):
    """``soulgraph.cli.app`` is the Typer app with every command (the import system would
    otherwise leave the ``soulgraph.cli.app`` submodule under that name)."""

    @property
    def app(self):
        load_commands()
        return sys.modules["soulgraph.cli.app"].app

    @app.setter
    def app(self, module) -> None:  # the import system binding the submodule: keep the app
        pass

    @property
    def main(self):
        load_commands()
        return sys.modules["soulgraph.cli.app"].main


sys.modules[__name__].__class__ = _Package
