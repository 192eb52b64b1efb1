"""Relation candidates -> merged, typed, directed edges between canonical entities."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import compress
from operator import itemgetter

from soulgraph.classify import gazetteer
from soulgraph.extract.segments import segments_of
from soulgraph.models import Memory, MemoryAnalysis, Provenance, Relation, RelationCandidate
from soulgraph.relations import vocab as V


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
    return [e.relation_model() for e in link_edges(analyses, entity_of_mention, speaker_entity, memories)]


def link_edges(
    analyses: list[MemoryAnalysis],
    entity_of_mention: Mapping[tuple[str, int], str],
    speaker_entity: Mapping[tuple[str, str], str],
    memories: Mapping[str, Memory],
) -> list[_Edge]:
    """:func:`link` as plain records (the pipeline's path: no model is built only to be
    dumped back into a dict)."""
    edges: dict[tuple[str, str, str], _Edge] = {}
    for a in analyses:
        if not a.relations:
            continue
        mem = memories[a.memory_id]
        for rc in a.relations:
            src = _end(rc.head, mem, entity_of_mention, speaker_entity, rc)
            dst = _end(rc.tail, mem, entity_of_mention, speaker_entity, rc)
            if src is None or dst is None or src == dst:
                continue
            key = (src, rc.relation, dst)
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = _Edge(src, dst, rc.relation)
            edge.prov.append((mem.created_at or "", a.memory_id, rc.start, rc.end, len(edge.prov),
                              rc.sent_start, rc.sent_end, rc.extractor, rc.confidence, mem.created_at))
            edge.confidence = max(edge.confidence, rc.confidence)
    return _finish(edges, memories)


@dataclass(slots=True)
class _Edge:
    """An edge while candidates accumulate: provenance as plain tuples (time or "", memory id,
    start, end, arrival, sentence start, sentence end, extractor, confidence, time), models
    only once deduplicated."""

    source: str
    target: str
    relation: str
    confidence: float = 0.0
    weak: bool = False
    prov: list[tuple] = field(default_factory=list)
    valid_from: str | None = None
    valid_to: str | None = None

    def relation_model(self) -> Relation:
        prov = [Provenance(memory_id=mid, start=start, end=end, sentence_start=s0, sentence_end=s1,
                           extractor=extractor, confidence=conf, time=time)
                for _t, mid, start, end, _n, s0, s1, extractor, conf, time in self.prov]
        return Relation(source=self.source, target=self.target, relation=self.relation,
                        confidence=self.confidence, weak=self.weak, valid_from=self.valid_from,
                        valid_to=self.valid_to, provenance=prov)

    def edge(self) -> tuple[str, str, str, dict]:
        """(source, target, relation, attrs): ``relation_model().model_dump(exclude_none=True)``
        without source and target, as the graph stores it, built directly."""
        attrs = {"relation": self.relation, "confidence": float(self.confidence), "weak": self.weak}
        if self.valid_from is not None:
            attrs["valid_from"] = self.valid_from
        if self.valid_to is not None:
            attrs["valid_to"] = self.valid_to
        prov = []
        for _t, mid, start, end, _n, s0, s1, extractor, conf, time in self.prov:
            p = {"memory_id": mid}
            for k, v in (("start", start), ("end", end), ("sentence_start", s0), ("sentence_end", s1),
                         ("extractor", extractor)):
                if v is not None:
                    p[k] = v
            if conf is not None:
                p["confidence"] = float(conf)
            if time is not None:
                p["time"] = time
            prov.append(p)
        attrs["provenance"] = prov
        return self.source, self.target, self.relation, attrs


_P, _O, _PL, _C = "person", "org", "place", "concept"
_ANY = None
# relation -> (allowed source types, allowed target types) over the classifier's final types;
# None = any. Checked once types are decided, so "Claude Code works_at MCP" (a tool) is dropped.
FINAL_SIGNATURES: dict[str, tuple[frozenset | None, frozenset | None]] = {
    "works_at": (frozenset({_P}), frozenset({_O, _C, _PL, "tool"})),  # "works at the American Embassy" (FAC)
    "member_of": (frozenset({_P, _O}), frozenset({_O, "project", _C})),
    "reports_to": (frozenset({_P}), frozenset({_P, _C})),
    "manages": (frozenset({_P}), frozenset({_P, _O, "project", _C})),
    "family_of": (frozenset({_P}), frozenset({_P, _C})),
    "friend_of": (frozenset({_P}), frozenset({_P, _C})),
    "knows": (frozenset({_P}), frozenset({_P, _C})),
    "killed": (frozenset({_P}), frozenset({_P, _C})),
    "lives_in": (frozenset({_P}), frozenset({_PL, _C})),
    "visited": (frozenset({_P, _O}), frozenset({_PL, _O, "event", _C})),
    "attended": (frozenset({_P}), frozenset({_O, "event", _C})),
    "located_in": (frozenset({_O, _PL, "event", "project", _C}), frozenset({_PL, _C})),
    "founded": (frozenset({_P, _O}), frozenset({_O, "project", "tool", _C})),
    "leads": (frozenset({_P}), frozenset({_O, "project", _C})),
    "likes": (frozenset({_P}), _ANY),
    "created": (frozenset({_P, _O}), frozenset({_O, "project", "tool", "document", "event", _C})),  # a work
    # people and organisations build; "Gradle builds the app", "the devcontainer ships Node.js"
    # are software making or holding software, in either direction: no edge rather than a wrong one
    "builds": (frozenset({_P, _O, _C}), frozenset({"project", "tool", _O, _C})),
    "depends_on": (frozenset({"project", "tool", _C}), frozenset({"project", "tool", _C})),
    # a part is a thing or a body within a thing or a body: never a person ("Ana Pike, a Harvard
    # historian", NER calling her an ORG, works there), never a place's part ("Norway's Maritime
    # Board" is in Norway): the final types pick again (_BY_TYPES) or drop the edge
    "part_of": (frozenset({_O, "project", "tool", "document", "event", _C}),
                frozenset({_O, "project", "tool", "document", "event", _C})),
}


# Relations a bare attachment ("X of Y", "X, Y", "X in Y") picked from NER's guess of the two
# types; once the classifier has typed both ends, the pair of final types picks again.
_BY_TYPES = frozenset({"located_in", "lives_in", "works_at", "part_of"})
_FINAL_TYPE_PREP = {(_P, _O): "works_at", (_P, _PL): "lives_in", (_O, _PL): "located_in",
                    (_PL, _PL): "located_in"}


def check_types(rels: list[Relation], types: Mapping[str, str]) -> list[Relation]:
    """Edges whose ends have types their relation allows (once the classifier has spoken).

    An attachment edge whose label came from NER's type guesses ("Marie Ferraro, 50, of
    Bethany" with NER calling her an ORG) is relabelled from the final types instead of dropped;
    edges that end up with the same label merge. The public twin of :func:`check_edge_types`
    (the pipeline's records), which does the work: new models are returned, ``rels`` untouched.
    """
    return [e.relation_model() for e in check_edge_types([_record(r) for r in rels], types)]


def _record(r: Relation) -> _Edge:
    """A :class:`Relation` as the record :func:`link_edges` makes (provenance rows in order)."""
    prov = [(p.time or "", p.memory_id, p.start, p.end, n, p.sentence_start, p.sentence_end,
             p.extractor, p.confidence, p.time) for n, p in enumerate(r.provenance)]
    return _Edge(r.source, r.target, r.relation, r.confidence, r.weak, prov, r.valid_from, r.valid_to)


def check_edge_types(edges: list[_Edge], types: Mapping[str, str]) -> list[_Edge]:
    """Relabel or drop each edge by its ends' final types (:func:`final_label`); edges that end up
    with the same (source, relation, target) merge: provenance sorted by time, memory and span,
    one row per span; the highest confidence."""
    out: dict[tuple[str, str, str], _Edge] = {}
    for e in edges:
        label = final_label(e.relation, types.get(e.source), types.get(e.target), e.target)
        if label is None:
            continue
        if label != e.relation:
            e = _Edge(e.source, e.target, label, e.confidence, e.weak, e.prov, e.valid_from, e.valid_to)
        key = (e.source, e.relation, e.target)
        kept = out.get(key)
        if kept is not None:
            kept.prov = _first_each(kept.prov + e.prov, order=_ROW_ORDER, ident=_ROW_SPAN)
            kept.confidence = max(kept.confidence, e.confidence)
        else:
            out[key] = e
    return list(out.values())


def _listed_app(name: str) -> bool:
    """A name the tool list holds and the place list does not ("Slack", "Notion")."""
    k = gazetteer.key(name)
    return k in gazetteer.words("tools") and k not in gazetteer.words("places")


def final_label(relation: str, ts: str | None, tt: str | None, target: str) -> str | None:
    """The label an edge keeps once both ends are typed (``ts``, ``tt``; ``target`` is the
    target entity's name), None: dropped."""
    if relation == V.ROLE_AT:
        if tt == "tool":
            return None  # "Sam, a Python developer": a skill, no employer
        if gazetteer.key(target) in gazetteer.words("demonyms"):
            return None  # "Rishi Sunak, the British prime minister": a nationality, no employer
        relation = "lives_in" if tt == _PL else "works_at"
    if relation in (V.MEMBER_IN, V.STAFF_IN):
        if tt != _O:
            return None
        relation = "member_of" if relation == V.MEMBER_IN else "works_at"
    if relation == "lives_in" and _listed_app(target):
        return None  # "Kira moved to Obsidian for her notes", "we live in Slack": an app is no home
    if relation == "works_at" and tt == "tool" and gazetteer.key(target) in gazetteer.words("languages"):
        return None  # "Dan, a Rust contributor": a language is no employer (a product-named firm is)
    if relation == V.IN_PLACE:
        if ts not in (_O, _PL, "event") or tt != _PL:
            return None
        relation = "located_in"
    if relation == V.BY_TYPES or not _fits(relation, ts, tt):
        by_types = relation in _BY_TYPES or relation == V.BY_TYPES
        new = _FINAL_TYPE_PREP.get((ts, tt)) if by_types else None
        if new is None or not _fits(new, ts, tt):
            return None
        relation = new
    if relation == "visited" and tt == "event" and ts == _P:  # "went to PyCon": attended it
        relation = "attended"
    if relation in _PLACE_RELATIONS and tt != _PL and gazetteer.key(target) in gazetteer.words("demonyms") \
            and gazetteer.key(target) not in _STATE_DEMONYMS:
        return None  # "Indian Prime Minister Narendra Modi": a nationality, not where he lives
    if relation == "works_at" and tt not in (_O, _PL) \
            and gazetteer.key(target) in gazetteer.words("demonyms"):
        return None  # "the head of the Portuguese central bank": a nationality is no employer
    return relation


_PLACE_RELATIONS = frozenset({"lives_in", "located_in", "visited"})
# Demonyms that news uses for the state itself ("the Soviet [Union]", "the Soviets"): a place.
_STATE_DEMONYMS = frozenset({"soviet", "soviets"})


def _fits(rel: str, ts: str | None, tt: str | None) -> bool:
    src_ok, dst_ok = FINAL_SIGNATURES.get(rel, (None, None))
    return (src_ok is None or ts is None or ts in src_ok) and (dst_ok is None or tt is None or tt in dst_ok)


CO_OCCUR_TYPES = frozenset({"tool", "project", "document", "event"})
CO_OCCUR_MAX_NAMES = 4  # a sentence listing more names than this is a list, not a link


def co_occurrence(
    analyses: list[MemoryAnalysis],
    entity_of_mention: Mapping[tuple[str, int], str],
    types: Mapping[str, str],
    memories: Mapping[str, Memory],
    semantic: list[Relation],
) -> list[Relation]:
    """Weak ``co_occurs`` edges: two technical things (tools, projects, documents, events)
    named in one short sentence with no semantic edge between them.

    Never between people, organisations or places: there a missing semantic edge
    is information, and a weak edge would read as a claim. ``weak=True`` always.
    """
    edges = co_occurrence_edges(analyses, entity_of_mention, types, memories, semantic)
    return [e.relation_model() for e in edges]


def co_occurrence_edges(
    analyses: list[MemoryAnalysis],
    entity_of_mention: Mapping[tuple[str, int], str],
    types: Mapping[str, str],
    memories: Mapping[str, Memory],
    semantic: list,
) -> list[_Edge]:
    """:func:`co_occurrence` as plain records (``semantic``: relations or records)."""
    joined = {frozenset((r.source, r.target)) for r in semantic}
    edges: dict[tuple[str, str], _Edge] = {}
    technical = {e for e, t in types.items() if t in CO_OCCUR_TYPES}
    # the memories with two mentions of technical things or more: counted at C level over every
    # kept mention (most memories name one thing, or none of these types)
    counts = Counter(map(itemgetter(0), compress(entity_of_mention, map(
        technical.__contains__, entity_of_mention.values()))))
    busy = {mid for mid, n in counts.items() if n > 1}
    for a in analyses:
        if a.memory_id not in busy or len(a.mentions) < 2:
            continue  # no two technical names in one sentence
        mem = memories[a.memory_id]
        by_sent: dict[tuple[int, int], set[str]] = {}
        for i, m in enumerate(a.mentions):
            e = entity_of_mention.get((a.memory_id, i))
            if e is not None and m.extractor != "speaker":
                by_sent.setdefault((m.sent_start, m.sent_end), set()).add(e)
        for (s0, s1), ents in sorted(by_sent.items()):
            tech = sorted(e for e in ents if types.get(e) in CO_OCCUR_TYPES)
            if len(ents) > CO_OCCUR_MAX_NAMES or len(tech) < 2:
                continue
            for i, x in enumerate(tech):
                for y in tech[i + 1:]:
                    if frozenset((x, y)) in joined or _nested(x, y):
                        continue
                    edge = edges.get((x, y))
                    if edge is None:
                        edge = edges[(x, y)] = _Edge(x, y, "co_occurs", 0.2, True)
                    edge.prov.append((mem.created_at or "", a.memory_id, s0, s1, len(edge.prov),
                                      s0, s1, "co-occurrence", 0.2, mem.created_at))
    return _finish(edges, memories)


def _nested(x: str, y: str) -> bool:
    """One name opens the other ("Kindle" and "Kindle Oasis", "Fortnite" and "Fortnite finals"): the
    longer one is a kind, part or event of the shorter, which a weak edge adds nothing to (ids:
    "batch_loader.py" and "loader.py" are two files)."""
    return y.startswith(x + " ") or x.startswith(y + " ")


def _finish(edges: dict[tuple, _Edge], memories: Mapping[str, Memory]) -> list[_Edge]:
    """Edges in key order, provenance deduplicated, and validity from their memories: valid_from
    is the earliest supporting memory's time; valid_to is set only when every supporting memory
    is superseded (``supersede.valid_to``)."""
    from soulgraph.supersede import valid_to

    out = []
    for key in sorted(edges):
        e = edges[key]
        # the tuples sort by time, memory, span, then arrival
        prov = e.prov
        if len(prov) > 1:  # (most edges have one row: nothing to sort or drop)
            e.prov = prov = _first_each(prov, order=None, ident=_ROW_SPAN)
        e.valid_from = min((t[9] for t in prov if t[9]), default=None)
        e.valid_to = valid_to((t[1] for t in prov), memories)
        out.append(e)
    return out


def _ROW_ORDER(t: tuple) -> tuple:  # a provenance row's place: time, memory, span
    return t[0], t[1], t[2] or 0, t[3] or 0


def _ROW_SPAN(t: tuple) -> tuple:  # (memory id, start, end): one span, one entry
    return t[1:4]


def _first_each(rows, *, order, ident) -> list:
    """``rows`` sorted by ``order``, keeping the first of each ``ident`` (one span, one entry)."""
    seen, out = set(), []
    for r in sorted(rows, key=order):
        k = ident(r)
        if k not in seen:
            seen.add(k)
            out.append(r)
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
