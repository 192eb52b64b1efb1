"""Relation pass: typed, directed edges with provenance (placeholder: none yet)."""

from __future__ import annotations

from collections.abc import Mapping

from soulgraph.models import Memory, MemoryAnalysis, Mention, Provenance, Relation, RelationCandidate


def candidates_from_doc(doc, memory_id: str, offset: int, speaker: str | None,
                        mentions: list[Mention], first_index: int) -> list[RelationCandidate]:
    """Relation candidates from one parsed segment (a spaCy ``Doc``).

    ``mentions`` are this segment's mentions (absolute offsets, ``offset`` =
    where the segment starts in the memory); a candidate's ``head``/``tail``
    are ``first_index + i`` (index in the memory's mention list) or "@speaker".
    """
    return []


def candidates_from_text(text: str, memory_id: str, offset: int, speaker: str | None,
                         mentions: list[Mention], first_index: int) -> list[RelationCandidate]:
    """Pattern-based candidates for the regex extractor (same contract, no parse)."""
    return []


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
