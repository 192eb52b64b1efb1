"""One exception type for every user-facing failure.

The CLI turns it into a one-line message on stderr and exit code 2; library
callers catch it. Messages name the file and what is wrong, never memory text.
"""

from __future__ import annotations


class SoulgraphError(Exception):
    """Bad input or a refused operation; ``str(err)`` is the one-line message."""

    exit_code = 2


class LockedError(SoulgraphError):
    """Another soulgraph process holds the store's lock."""
