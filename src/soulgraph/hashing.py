"""The content hash that ties a graph and its update cache to each memory's text.

Its own module (no imports of the pipeline) so readers such as ``health`` can tell a
graph that is behind its store without loading extraction."""

from __future__ import annotations

import hashlib


def content_hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
