"""The ``soulgraph`` command: a thin shell over the Python API.

Each command lives in its own module and registers itself on :data:`app`.
"""

from __future__ import annotations

from soulgraph.cli import (  # noqa: F401,E402  (each module registers its commands)
    demo,
    health,
    merge,
    query,
    registry_cmds,
    repair,
    update,
)
from soulgraph.cli.app import app, main  # noqa: F401

__all__ = ["app", "main"]
