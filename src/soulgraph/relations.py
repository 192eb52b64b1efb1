"""Relation pass: typed, directed edges with provenance (placeholder: none yet)."""

from __future__ import annotations

from collections.abc import Mapping

from soulgraph.models import Memory, MemoryAnalysis, Provenance, Relation


def link(
    analyses: list[MemoryAnalysis],
    entity_of_mention: Mapping[tuple[str, int], str],
    speaker_entity: Mapping[tuple[str, str], str],
    memories: Mapping[str, Memory],
) -> list[Relation]:
    """Turn relation candidates into merged edges between canonical entities.

    ``entity_of_mention[(memory_id, mention_index)]`` is the entity id of a kept
    mention; ``speaker_entity[(memory_id, speaker)]`` resolves ``"@speaker"``.
    """
    edges: dict[tuple[str, str, str], Relation] = {}
    for a in analyses:
        mem = memories[a.memory_id]
        for rc in a.relations:
            src = _end(rc.head, a.memory_id, entity_of_mention, speaker_entity, rc)
            dst = _end(rc.tail, a.memory_id, entity_of_mention, speaker_entity, rc)
            if src is None or dst is None or src == dst:
                continue
            key = (src, rc.relation, dst)
            rel = edges.get(key)
            if rel is None:
                rel = edges[key] = Relation(source=src, target=dst, relation=rc.relation,
                                            valid_from=mem.created_at)
            rel.provenance.append(Provenance(
                memory_id=a.memory_id, start=rc.start, end=rc.end,
                sentence=mem.content[rc.sent_start:rc.sent_end], extractor=rc.extractor,
                confidence=rc.confidence, time=mem.created_at))
            rel.confidence = max(rel.confidence, rc.confidence)
    return list(edges.values())


def _end(ref, mid, ent_of, spk, rc):
    if isinstance(ref, int):
        return ent_of.get((mid, ref))
    return None
