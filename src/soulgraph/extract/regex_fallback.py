"""Regex two-pass detector used when spaCy is unavailable (placeholder)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from soulgraph import relations
from soulgraph.extract.segments import segments_of
from soulgraph.models import Memory, MemoryAnalysis, Mention

_CAP = re.compile(r"\b[A-Z][a-z]+(?:[ ][A-Z][a-z]+)*\b")


def analyze(memories: Sequence[Memory], *, progress=None) -> list[MemoryAnalysis]:
    out = []
    for mem in memories:
        a = MemoryAnalysis(memory_id=mem.id)
        for seg in segments_of(mem):
            text = mem.content[seg.start:seg.end]
            first = len(a.mentions)
            for m in _CAP.finditer(text):
                if m.start() == 0:
                    continue
                a.mentions.append(Mention(
                    memory_id=mem.id, start=seg.start + m.start(), end=seg.start + m.end(),
                    text=m.group(), sent_start=seg.start, sent_end=seg.end,
                    extractor="regex", speaker=seg.speaker,
                ))
            a.relations.extend(relations.candidates_from_text(
                text, mem.id, seg.start, seg.speaker, a.mentions[first:], first))
        out.append(a)
        if progress:
            progress(1)
    return out
