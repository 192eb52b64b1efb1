"""Hand-built graphs shared by the query, recall and export tests (no extraction involved)."""

from __future__ import annotations

import networkx as nx

from soulgraph.models import Entity, MemoryRecord, Provenance, Relation

MEMORIES = [
    ("c:S1:1", "2021-03-01T10:00:00", "Alice", "Alice: I started at Acme this week, the office is great."),
    ("c:S1:2", "2021-03-01T10:00:00", "Bob", "Bob: Congrats! What do you work on there?"),
    ("c:S1:3", "2021-03-01T10:00:00", "Alice", "Alice: Mostly data pipelines in Python."),
    ("c:S2:1", "2023-02-10T09:00:00", "Bob", "Bob: I painted a sunrise over the lake yesterday."),
    ("c:S2:2", "2023-02-10T09:00:00", "Alice", "Alice: Lovely! I moved to Globex last month."),
    ("c:S2:10", "2023-02-10T09:00:00", "Bob", "Bob: Painting calms me down after work."),
    ("c:S2:9", "2023-02-10T09:00:00", "Alice", "Alice: Do you still paint every weekend?"),
]


def _prov(mid: str) -> Provenance:
    times = {m[0]: m[1] for m in MEMORIES}
    return Provenance(memory_id=mid, time=times[mid])


def _ent(eid, name, etype, mids, aliases=()):
    prov = [_prov(m) for m in mids]
    times = sorted(p.time for p in prov)
    return Entity(id=eid, name=name, type=etype, aliases=list(aliases), mention_count=len(prov),
                  first_seen=times[0] if times else None, last_seen=times[-1] if times else None,
                  provenance=prov)


def build() -> nx.MultiDiGraph:
    """alice -works_at-> acme (2020..2023) / globex (2023..), acme -located_in-> lisbon,
    bob -friend_of-> alice, alice -uses-> python, alice ~co_occurs~ berlin (weak)."""
    ents = [
        _ent("alice", "Alice", "person", ["c:S1:1", "c:S1:3", "c:S2:2", "c:S2:9"], ["Ali"]),
        _ent("bob", "Bob", "person", ["c:S1:2", "c:S2:1", "c:S2:10"]),
        _ent("acme", "Acme Corp", "org", ["c:S1:1"], ["Acme", "ACME Corporation"]),
        _ent("globex", "Globex", "org", ["c:S2:2"]),
        _ent("lisbon", "Lisbon", "place", []),
        _ent("berlin", "Berlin", "place", []),
        _ent("python", "Python", "tool", ["c:S1:3"]),
        _ent("sal", 'Sarah "Sal" O\'Neil', "person", [], ["Sal <admin>"]),
    ]
    rels = [
        Relation(source="alice", target="acme", relation="works_at", confidence=0.9,
                 valid_from="2020-01-01", valid_to="2023-01-01", provenance=[_prov("c:S1:1")]),
        Relation(source="alice", target="globex", relation="works_at", confidence=0.9,
                 valid_from="2023-01-01", provenance=[_prov("c:S2:2")]),
        Relation(source="acme", target="lisbon", relation="located_in", confidence=0.8),
        Relation(source="bob", target="alice", relation="friend_of", confidence=0.7),
        Relation(source="alice", target="python", relation="uses", confidence=0.8,
                 provenance=[_prov("c:S1:3")]),
        Relation(source="alice", target="python", relation="likes", confidence=0.5),  # parallel edge
        Relation(source="alice", target="berlin", relation="co_occurs", weak=True, confidence=0.2),
        Relation(source="sal", target="acme", relation="works_at", confidence=0.6),
    ]
    records = [MemoryRecord(id=i, created_at=t, speaker=s, hash=i, text=x) for i, t, s, x in MEMORIES]
    g = nx.MultiDiGraph(format="soulgraph/1", extractor="test")
    g.graph["memories"] = [r.model_dump(exclude_none=True) for r in records]
    for e in ents:
        g.add_node(e.id, **e.model_dump(exclude={"id"}, exclude_none=True))
    for r in rels:
        g.add_edge(r.source, r.target, key=r.relation,
                   **r.model_dump(exclude={"source", "target"}, exclude_none=True))
    return g
