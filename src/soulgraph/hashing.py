"""The content hash that ties a graph and its update cache to each memory's text.

Its own module (no imports of the pipeline) so readers such as ``health`` can tell a
graph that is behind its store without loading extraction."""

from __future__ import annotations

import hashlib

# a copy of a parameterised blake2b costs less than a new one (the parameters parsed once)
_NEW = hashlib.blake2b(digest_size=12).copy


def content_hash(text: str) -> str:
    """``blake2b(text as UTF-8, digest_size=12)`` in hex (lone surrogates kept as written)."""
    h = _NEW()
    h.update(text.encode("utf-8", "surrogatepass"))
    return h.hexdigest()
