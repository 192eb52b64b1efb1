"""Graph health statistics (placeholder: counts only; the full report is issue 6)."""

from __future__ import annotations

from collections import Counter

import networkx as nx


def summary(g: nx.MultiDiGraph) -> dict:
    n, e = g.number_of_nodes(), g.number_of_edges()
    nodes_prov = sum(1 for _, d in g.nodes(data=True) if d.get("provenance"))
    edges_prov = sum(1 for *_, d in g.edges(data=True) if d.get("provenance"))
    return {
        "nodes": n,
        "edges": e,
        "edges_per_node": round(e / n, 3) if n else 0.0,
        "types": dict(Counter(d.get("type", "unknown") for _, d in g.nodes(data=True)).most_common()),
        "relations": dict(Counter(d.get("relation") for *_, d in g.edges(data=True)).most_common()),
        "nodes_with_provenance": round(nodes_prov / n, 4) if n else None,
        "edges_with_provenance": round(edges_prov / e, 4) if e else None,
    }
