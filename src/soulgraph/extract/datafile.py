"""The one reader of the word lists in ``soulgraph/data``: extraction reads its own lists here,
and ``classify.gazetteer.words`` names the typing lists it reads through it."""

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
