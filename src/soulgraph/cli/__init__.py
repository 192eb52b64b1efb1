"""The ``soulgraph`` command: a thin shell over the Python API.

Each command lives in its own module and registers itself on :data:`app`.
"""

from __future__ import annotations

from soulgraph.cli import demo, repair  # noqa: F401,E402  (registers commands)
from soulgraph.cli.app import app, main  # noqa: F401

__all__ = ["app", "main"]
