"""soul-protocol's ``memory/graph.json`` layout, to and from our graph.

Its loader reads ``entities`` ({name: type}), ``edges`` and ``provenance``
({name: [memory ids]}); it ignores other keys, so the full soulgraph graph
rides along under ``"soulgraph"`` for our own tools (health, recall, update).
"""

from __future__ import annotations

import networkx as nx

from soulgraph.ontology import FROM_SOUL_TYPE, SOUL_RELATION, SOUL_TYPE
from soulgraph.readwrite import nodelink


def to_soul(g: nx.MultiDiGraph, *, extracted_at: str | None = None) -> dict:
    names = {n: d.get("name", n) for n, d in g.nodes(data=True)}
    entities = {names[n]: SOUL_TYPE.get(d.get("type"), d.get("type", "concept"))
                for n, d in g.nodes(data=True)}
    provenance = {names[n]: sorted({p["memory_id"] for p in d.get("provenance", [])})
                  for n, d in g.nodes(data=True)}
    edges = []
    for u, v, d in g.edges(data=True):
        prov = d.get("provenance", [])
        ids = list(dict.fromkeys(p["memory_id"] for p in prov))
        edge = {
            "source": names[u], "target": names[v],
            "relation": SOUL_RELATION.get(d["relation"], d["relation"]),
            "valid_from": d.get("valid_from"),
            "metadata": {
                "source_memory_id": ids[0] if ids else None,
                "provenance": ids,
                "soulgraph_relation": d["relation"],
                "confidence": d.get("confidence"),
                "evidence": prov,
                **({"extracted_at": extracted_at} if extracted_at else {}),
            },
            "weight": d.get("confidence"),
        }
        if d.get("valid_to"):
            edge["valid_to"] = d["valid_to"]
        edges.append(edge)
    return {"entities": entities, "edges": edges, "provenance": provenance,
            "soulgraph": nodelink.to_data(g)}


def from_soul(data: dict) -> nx.MultiDiGraph:
    """Our graph from a soul's graph.json: the embedded full graph, else a conversion."""
    if isinstance(data.get("soulgraph"), dict):
        return nodelink.from_data(data["soulgraph"])
    g = nx.MultiDiGraph()
    g.graph["format"] = "soul-protocol"
    ents = data.get("entities") or {}
    prov = data.get("provenance") or {}
    if isinstance(ents, list):  # very old layout: list of {name, type}
        ents = {e.get("name"): e.get("type") or e.get("entity_type") for e in ents if isinstance(e, dict)}
    for name, etype in ents.items():
        g.add_node(name, name=name, type=FROM_SOUL_TYPE.get(str(etype), str(etype)),
                   provenance=[{"memory_id": m} for m in prov.get(name, [])], aliases=[])
    for e in data.get("edges") or []:
        if not isinstance(e, dict) or "source" not in e or "target" not in e:
            continue
        meta = e.get("metadata") or {}
        ids = meta.get("provenance") or ([meta["source_memory_id"]] if meta.get("source_memory_id") else [])
        g.add_edge(e["source"], e["target"], key=e.get("relation", "related"),
                   relation=e.get("relation", "related"), valid_from=e.get("valid_from"),
                   valid_to=e.get("valid_to"), provenance=[{"memory_id": m} for m in ids])
    return g
