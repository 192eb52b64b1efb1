"""Word lists of ``soulgraph/data`` that extraction reads itself (the typing lists go through
``classify.gazetteer``)."""

from __future__ import annotations

import functools
from importlib import resources


@functools.cache
def entries(name: str, stop: str | None = None) -> frozenset[str]:
    """``data/<name>.txt``: its lowercased lines, comments and blank lines left out; with
    ``stop``, only the lines before the comment line ``stop`` ("# major cities")."""
    text = resources.files("soulgraph").joinpath("data", f"{name}.txt").read_text(encoding="utf-8")
    if stop is not None:
        text = text.split(f"\n{stop}\n", 1)[0]
    lines = (x.strip() for x in text.splitlines())
    return frozenset(x.casefold() for x in lines if x and not x.startswith("#"))
