"""Relation candidates -> merged, typed, directed edges between canonical entities."""

from __future__ import annotations

from collections.abc import Mapping

from soulgraph.extract.segments import segments_of
from soulgraph.models import Memory, MemoryAnalysis, Provenance, Relation, RelationCandidate


def link(
    analyses: list[MemoryAnalysis],
    entity_of_mention: Mapping[tuple[str, int], str],
    speaker_entity: Mapping[tuple[str, str], str],
    memories: Mapping[str, Memory],
) -> list[Relation]:
    """Turn relation candidates into merged edges between canonical entities.

    ``entity_of_mention[(memory_id, mention_index)]`` is the entity id of a kept
    mention; ``speaker_entity[(memory_id, speaker)]`` resolves ``"@speaker"`` to
    the speaker of the segment holding the evidence (no named speaker: dropped).
    The same fact from several memories is one edge listing them all.
    """
    edges: dict[tuple[str, str, str], Relation] = {}
    for a in analyses:
        mem = memories[a.memory_id]
        for rc in a.relations:
            src = _end(rc.head, mem, entity_of_mention, speaker_entity, rc)
            dst = _end(rc.tail, mem, entity_of_mention, speaker_entity, rc)
            if src is None or dst is None or src == dst:
                continue
            key = (src, rc.relation, dst)
            rel = edges.get(key)
            if rel is None:
                rel = edges[key] = Relation(source=src, target=dst, relation=rc.relation)
            rel.provenance.append(Provenance(
                memory_id=a.memory_id, start=rc.start, end=rc.end,
                sentence=mem.content[rc.sent_start:rc.sent_end], extractor=rc.extractor,
                confidence=rc.confidence, time=mem.created_at))
            rel.confidence = max(rel.confidence, rc.confidence)
    out = []
    for key in sorted(edges):
        rel = edges[key]
        rel.provenance = _dedupe(rel.provenance)
        rel.valid_from, rel.valid_to = validity(rel, memories)
        out.append(rel)
    return out


def validity(rel: Relation, memories: Mapping[str, Memory]) -> tuple[str | None, str | None]:
    """(valid_from, valid_to) of an edge from its supporting memories.

    Hook for supersede semantics (owned by the update pass): today valid_from is
    the earliest supporting memory's time and valid_to stays open; an edge whose
    every supporting memory is superseded is where a valid_to would be set.
    """
    from soulgraph.supersede import valid_to  # filled by health-update: superseded -> history

    times = sorted(p.time for p in rel.provenance if p.time)
    return (times[0] if times else None), valid_to((p.memory_id for p in rel.provenance), memories)


def supported_only_by_superseded(rel: Relation, memories: Mapping[str, Memory]) -> bool:
    """True when every memory behind the edge is superseded (candidate for valid_to)."""
    mids = {p.memory_id for p in rel.provenance}
    return bool(mids) and all(memories[m].superseded for m in mids if m in memories)


def _dedupe(prov: list[Provenance]) -> list[Provenance]:
    seen, out = set(), []
    for p in sorted(prov, key=lambda p: (p.time or "", p.memory_id, p.start or 0, p.end or 0)):
        k = (p.memory_id, p.start, p.end)
        if k not in seen:
            seen.add(k)
            out.append(p)
    return out


def _end(ref, mem: Memory, ent_of, spk, rc: RelationCandidate) -> str | None:
    if isinstance(ref, int):
        return ent_of.get((mem.id, ref))
    if ref == "@speaker":
        speaker = speaker_at(mem, rc.start)
        return spk.get((mem.id, speaker)) if speaker else None
    return None


def speaker_at(mem: Memory, pos: int) -> str | None:
    """Who speaks at character ``pos`` of the memory (segment speaker, else the memory's)."""
    for seg in segments_of(mem):
        if seg.start <= pos < seg.end or (seg.start == seg.end == pos):
            return seg.speaker
    return mem.speaker
