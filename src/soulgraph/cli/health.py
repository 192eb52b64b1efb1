"""CLI commands (to be written; see the issue that owns this module)."""

from __future__ import annotations

from soulgraph.cli.app import app  # noqa: F401
