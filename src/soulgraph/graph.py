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
    nodes: Iterable[tuple[str, dict]],
    edges: Iterable[tuple[str, str, str, dict]],
    memories: Iterable[dict],
    meta: dict | None = None,
) -> nx.MultiDiGraph:
    """Build the graph in a canonical order so two builds serialise identically.

    ``nodes`` are (id, attrs) with the :class:`Entity` fields; ``edges`` are
    (source, target, relation, attrs) with the :class:`Relation` fields;
    ``memories`` are :class:`MemoryRecord` dicts. Plain dicts, not models:
    this is the hot path of every build.
    """
    g = nx.MultiDiGraph()
    g.graph["format"] = GRAPH_FORMAT
    g.graph.update(meta or {})
    g.graph["memories"] = sorted(memories, key=lambda m: (m.get("created_at") or "", m["id"]))
    for node_id, attrs in sorted(nodes, key=lambda n: n[0]):
        g.add_node(node_id, **attrs)
    for src, dst, key, attrs in sorted(edges, key=lambda e: (e[0], e[2], e[1])):
        g.add_edge(src, dst, key=key, **attrs)
    return g


def entity_of(g: nx.MultiDiGraph, node_id: str) -> Entity:
    """The node's attributes back as an :class:`Entity`."""
    return Entity(id=node_id, **g.nodes[node_id])


def relations_of(g: nx.MultiDiGraph) -> list[Relation]:
    return [Relation(source=u, target=v, **d) for u, v, d in g.edges(data=True)]


def memory_records(g: nx.MultiDiGraph) -> list[MemoryRecord]:
    return [MemoryRecord(**m) for m in g.graph.get("memories", [])]
