"""Type decisions reused between builds of one store (what makes ``update`` cheap).

Typing every entity is the costliest global step of a build (half of it at 10k
memories), and after a save almost every entity has exactly the evidence it had
before. :func:`classify.decide` reads only:

- the entity's name and its mentions, in order; a mention is fixed by its memory's
  id, content hash and position in that memory's analysis (the update cache's own
  key, under the same code fingerprint), and its memory's text by the same hash;
- four store-wide figures about the name: whether it speaks two or more turns, how
  often it is written in lowercase and capitalised mid-sentence, and how many code-file
  paths sit in a directory of that name.

A decision is reused only when a digest of exactly those inputs matches, so the
graph stays equal to a full rebuild's. Only extractors whose output is a function
of one memory may use it (spaCy); the regex fallback reads the whole store.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

import orjson

from soulgraph.classify import TypeDecision, corpus, decide, gazetteer
from soulgraph.models import MemoryAnalysis, Mention


class DecisionMemo:
    """Digest -> [type, confidence, reasons]: ``old`` from the last build, ``used`` by this one."""

    def __init__(self, old: Mapping[str, list] | None = None) -> None:
        self.old: Mapping[str, list] = old or {}
        self.used: dict[str, list] = {}
        self.reused = 0
        self.decided = 0
        self._ident: dict[int, tuple[str, str, int]] = {}

    def index(self, analyses: Sequence[MemoryAnalysis], hashes: Mapping[str, str]) -> None:
        """Name every mention of this build by (memory id, content hash, position)."""
        ident = self._ident
        for a in analyses:
            mid, h = a.memory_id, hashes[a.memory_id]
            for i, m in enumerate(a.mentions):
                ident[id(m)] = (mid, h, i)

    def decide(self, name: str, mentions: list[Mention], texts: Mapping[str, str],
               stats: corpus.CorpusStats) -> TypeDecision:
        """``classify.decide``, or the earlier result for the same inputs."""
        digest = self._digest(name, mentions, stats)
        row = None if digest is None else self.used.get(digest) or self.old.get(digest)
        if row is not None:
            self.reused += 1
            self.used[digest] = row
            return TypeDecision(row[0], row[1], list(row[2]))
        d = decide(name, mentions, texts, stats)
        self.decided += 1
        if digest is not None:
            self.used[digest] = [d.type, d.confidence, list(d.reasons)]
        return d

    def _digest(self, name: str, mentions: list[Mention], stats: corpus.CorpusStats) -> str | None:
        """None when a mention is not one of the indexed analyses' (never reused then)."""
        ident = self._ident
        ids = [ident.get(id(m)) for m in mentions]
        if None in ids:
            return None
        head = [name, *corpus.name_figures(stats, gazetteer.key(name))]
        return hashlib.blake2b(orjson.dumps([head, ids]), digest_size=12).hexdigest()
