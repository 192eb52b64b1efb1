"""Classifier evidence that depends on one memory only, computed right after extraction.

Typing is global (all mentions of an entity, statistics of the whole store), but most
of its input is not: the context patterns around a mention and a memory's share of
the store statistics are pure functions of that memory. Computing them once per
memory and keeping them on the :class:`MemoryAnalysis` lets an incremental update
reuse them from its cache, so ``build_graph`` only sums them (same result as
reading every text again). The regex extractor keeps no cache: its full rebuilds
leave the statistics to one pass over the whole store (``corpus.store_stats``).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from soulgraph import gcpause
from soulgraph.classify import context, corpus, gazetteer
from soulgraph.classify.evidence import Vote
from soulgraph.models import Memory, MemoryAnalysis, Mention

_SPEAKER = attrgetter("speaker")


def prepare(memories: Sequence[Memory], analyses: Sequence[MemoryAnalysis], *, facts: bool = True) -> None:
    """Fill every mention's ``evidence`` (in place) where still missing, and with ``facts`` each
    analysis' ``facts`` (the update cache keeps them). The regex extractor asks for none: it
    rebuilds the whole store, whose statistics are then read at once (``corpus.store_stats``)."""
    by_id = {m.id: m for m in memories}
    places = gazetteer.words("places")
    memory_facts, turns_of = corpus.memory_facts, corpus.turns_of
    with gcpause.paused():
        for a in analyses:
            mem = by_id.get(a.memory_id)
            if mem is None:
                continue
            turns = turns_of(mem)  # (the turns memory_facts reads)
            if a.facts is None and facts:
                a.facts = memory_facts(mem.content, turns)
            # a turn that names its speaker (memory_facts' speakers, when it kept them)
            dialogue = bool(a.facts[1]) if a.facts is not None else any(map(_SPEAKER, turns))
            _prepare_one(mem.content, a, places, dialogue)


def prepare_one(text: str, a: MemoryAnalysis) -> None:
    if a.facts is None:
        a.facts = corpus.memory_facts(text)
    _prepare_one(text, a, gazetteer.words("places"), bool(a.facts[1]))


def _prepare_one(text: str, a: MemoryAnalysis, places: frozenset[str], dialogue: bool) -> None:
    scan = None  # shared by the memory's mentions; none for a memory of speaker mentions only
    for m in a.mentions:
        if m.evidence is None:
            if m.extractor == "speaker":
                m.evidence = NO_CONTEXT
                continue
            if scan is None:
                scan = context.MemoryScan(text)
            m.evidence = _evidence(m, text, bool(m.speaker) or dialogue, scan, places)


# A speaker prefix ("Caroline: ...") is metadata, not a sentence about the speaker: the words
# after it say nothing of the name's type (a pet or a "she" in the turn is someone else's), and
# the prefix itself is the strong evidence (cue "speaker"). Shared and never mutated.
# (public: ``collect`` knows its key by identity, without reading it)
NO_CONTEXT: list = [False, False]


def mention_evidence(m: Mention, text: str, dialogue: bool, scan: context.MemoryScan | None = None) -> list:
    """[article before the name, part of a product name, vote rows...] for one mention
    (JSON values, so the update cache can keep them)."""
    return _evidence(m, text, dialogue, scan, gazetteer.words("places"))


def _evidence(m: Mention, text: str, dialogue: bool, scan: context.MemoryScan | None,
              places: frozenset[str]) -> list:
    if not (text and 0 <= m.start <= m.end <= len(text)):  # (a span outside the text: no context)
        return [False, False]
    votes = context.plain_votes(m, text, places, dialogue, scan)
    ev = [context.article_before(m, text), context.fragment_of_product(m, text)]
    if votes:
        ev.extend([v.type, v.label, v.weight, v.kind] for v in votes)
    return ev


def votes_of(evidence: list) -> list[Vote]:
    return [Vote(*row) for row in evidence[2:]]

