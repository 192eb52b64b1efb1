"""Assemble the knowledge graph (a networkx ``MultiDiGraph``) from the pipeline's output.

Node id = entity id; node attributes mirror :class:`soulgraph.models.Entity`.
Edge key = relation name, so one fact between two nodes is one edge whatever
the number of memories that state it; its ``provenance`` lists them all.
Graph attributes hold the build metadata and the memory records recall needs.
"""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from soulgraph.models import Entity, MemoryRecord, Relation

GRAPH_FORMAT = "soulgraph/1"


def assemble(
    entities: Iterable[Entity],
    relations: Iterable[Relation],
    memories: Iterable[MemoryRecord],
    meta: dict | None = None,
) -> nx.MultiDiGraph:
    """Build the graph in a canonical order so two builds serialise identically."""
    g = nx.MultiDiGraph()
    g.graph["format"] = GRAPH_FORMAT
    g.graph.update(meta or {})
    g.graph["memories"] = [m.model_dump(exclude_none=True) for m in sorted(memories, key=_mkey)]
    for ent in sorted(entities, key=lambda e: e.id):
        g.add_node(ent.id, **_node_attrs(ent))
    for rel in sorted(relations, key=lambda r: (r.source, r.relation, r.target)):
        g.add_edge(rel.source, rel.target, key=rel.relation, **_edge_attrs(rel))
    return g


def _mkey(m: MemoryRecord) -> tuple[str, str]:
    return (m.created_at or "", m.id)


def _node_attrs(ent: Entity) -> dict:
    d = ent.model_dump(exclude={"id"})
    d["provenance"] = [p.model_dump(exclude_none=True) for p in ent.provenance]
    return d


def _edge_attrs(rel: Relation) -> dict:
    d = rel.model_dump(exclude={"source", "target"}, exclude_none=True)
    d["provenance"] = [p.model_dump(exclude_none=True) for p in rel.provenance]
    return d


def entity_of(g: nx.MultiDiGraph, node_id: str) -> Entity:
    """The node's attributes back as an :class:`Entity`."""
    return Entity(id=node_id, **g.nodes[node_id])


def relations_of(g: nx.MultiDiGraph) -> list[Relation]:
    return [Relation(source=u, target=v, **d) for u, v, d in g.edges(data=True)]


def memory_records(g: nx.MultiDiGraph) -> list[MemoryRecord]:
    return [MemoryRecord(**m) for m in g.graph.get("memories", [])]
