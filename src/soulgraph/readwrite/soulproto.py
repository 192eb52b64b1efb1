"""soul-protocol's ``memory/graph.json`` layout, to and from our graph.

What soul-protocol 0.4.0 really reads (``KnowledgeGraph.from_dict``):
``entities`` ({name: type}) and ``edges``. An edge that has a ``valid_from``
key goes through ``datetime.fromisoformat`` (so ``null`` or a non-ISO string
would crash ``Soul.awaken``) and keeps its ``metadata``; an edge without it is
re-added with the metadata dropped. Times are compared with naive
``datetime.now()``, so we write naive ISO times only. Other keys are ignored,
so ``provenance`` ({name: [memory ids]}) and the full soulgraph graph (under
``"soulgraph"``, for our own tools) ride along.
"""

from __future__ import annotations

from datetime import UTC
from itertools import repeat

import networkx as nx

from soulgraph import times
from soulgraph.ontology import FROM_SOUL_TYPE, SOUL_RELATION, SOUL_TYPE
from soulgraph.readwrite import nodelink
from soulgraph.readwrite.columns import BuiltColumns, provenance_ids


def naive_iso(value: object) -> str | None:
    """``value`` as a naive ISO time soul-protocol can parse and compare, or None."""
    dt = times.parse(value)
    if dt is None:
        return None
    if dt.tzinfo is not None:
        dt = dt.astimezone(UTC).replace(tzinfo=None)
    return dt.isoformat()


def _names(g: nx.MultiDiGraph) -> dict:
    """Node id -> display name, unique (soul-protocol keys nodes by display string)."""
    out: dict = {}
    taken: set[str] = set()
    for n, d in sorted(g.nodes(data=True), key=lambda nd: str(nd[0])):
        name = str(d.get("name") or n)
        if name in taken:
            name = f"{name} ({d.get('type', 'concept')})"
            i = 2
            while name in taken:
                name, i = f"{d.get('name') or n} ({d.get('type', 'concept')} {i})", i + 1
        taken.add(name)
        out[n] = name
    return out


def _edge_time(d: dict) -> str | None:
    t = naive_iso(d.get("valid_from"))
    if t:
        return t
    times = sorted(filter(None, (naive_iso(p.get("time")) for p in d.get("provenance", []))))
    return times[0] if times else None


def _memory_ids(d: dict) -> list:
    """``sorted(set(provenance_ids(d)))``; for a built graph's node (a plain dict whose entries
    are dicts) the ids go straight into a dict, ``None`` (an entry without one) dropped after.
    (A dict keeps them in provenance order, which a built node's is already sorted by: the sort
    then only checks it, where a set's hash order had to be sorted.)"""
    prov = d.get("provenance") if type(d) is dict else None
    if type(prov) is list:
        try:
            ids = dict.fromkeys(map(dict.get, prov, repeat("memory_id")))
        except TypeError:  # (an entry that is no dict)
            pass
        else:
            ids.pop(None, None)
            return sorted(ids)
    return sorted(set(provenance_ids(d)))


def to_soul(g: nx.MultiDiGraph, *, extracted_at: str | None = None,
            node_columns: BuiltColumns | None = None) -> dict:
    """soul-protocol's layout of ``g``, our full graph under ``"soulgraph"`` (``node_columns``:
    see :func:`nodelink.to_data`), its memory records without their text: the soul holds
    the texts (:func:`nodelink.without_texts`)."""
    names = _names(g)
    entities = {names[n]: SOUL_TYPE.get(d.get("type"), d.get("type") or "concept")
                for n, d in g.nodes(data=True)}
    provenance = {names[n]: _memory_ids(d) for n, d in g.nodes(data=True)}
    edges = []
    for u, v, d in g.edges(data=True):
        prov = d.get("provenance", [])
        ids = list(dict.fromkeys(p["memory_id"] for p in prov))
        meta = {
            "source_memory_id": ids[0] if ids else None,
            "provenance": ids,
            "soulgraph_relation": d["relation"],
            "confidence": d.get("confidence"),
            "evidence": prov,
        }
        if extracted_at:
            meta["extracted_at"] = extracted_at
        edge = {
            "source": names[u], "target": names[v],
            "relation": SOUL_RELATION.get(d["relation"], d["relation"]),
            "metadata": meta,
            "weight": d.get("confidence"),
        }
        valid_from = _edge_time(d)
        if valid_from:
            edge["valid_from"] = valid_from
        valid_to = naive_iso(d.get("valid_to"))
        if valid_to and valid_from:
            edge["valid_to"] = valid_to
        edges.append(edge)
    edges.sort(key=lambda e: (e["source"], e["relation"], e["target"]))
    return {"entities": entities, "edges": edges, "provenance": provenance,
            "soulgraph": nodelink.to_data(g, node_columns=node_columns, texts=False)}


def strip_texts(data: object) -> bool:
    """Drop, in place, the memory texts a soul graph written by an earlier version keeps
    (``data``: a parsed graph.json): what :func:`to_soul` now writes of the same graph. False
    when ``data`` holds no such records (not this layout)."""
    meta = data.get("soulgraph") if type(data) is dict else None
    meta = meta.get("graph") if type(meta) is dict else None
    if type(meta) is not dict or "memories" not in meta:
        return False
    meta["memories"] = nodelink.without_texts(meta["memories"])
    return True


def from_soul(data: dict) -> nx.MultiDiGraph:
    """Our graph from a soul's graph.json: the embedded full graph, else a conversion.

    Never raises on odd content (a graph written by another tool, or damaged):
    whatever cannot be understood is skipped, since repair rebuilds it anyway.
    """
    from soulgraph.errors import SoulgraphError

    if not isinstance(data, dict):
        data = {}
    if isinstance(data.get("soulgraph"), dict):
        try:
            return nodelink.from_data(data["soulgraph"])
        except (SoulgraphError, TypeError, ValueError, KeyError, AttributeError):
            pass  # damaged embedded copy: fall back to the soul-protocol view
    g = nx.MultiDiGraph()
    g.graph["format"] = "soul-protocol"
    ents = data.get("entities") or {}
    prov = data.get("provenance") or {}
    if not isinstance(prov, dict):
        prov = {}
    if isinstance(ents, list):  # very old layout: list of {name, type}
        ents = {e.get("name"): e.get("type") or e.get("entity_type") for e in ents
                if isinstance(e, dict) and isinstance(e.get("name"), str)}
    if not isinstance(ents, dict):
        ents = {}
    for name, etype in ents.items():
        if not isinstance(name, str):
            continue
        ids = prov.get(name) if isinstance(prov.get(name), list) else []
        g.add_node(name, name=name, type=FROM_SOUL_TYPE.get(str(etype), str(etype)),
                   provenance=[{"memory_id": str(m)} for m in ids], aliases=[])
    edges = data.get("edges")
    for e in edges if isinstance(edges, list) else []:
        if not isinstance(e, dict) or not isinstance(e.get("source"), str) \
                or not isinstance(e.get("target"), str):
            continue
        meta = e.get("metadata") if isinstance(e.get("metadata"), dict) else {}
        ids = meta.get("provenance") or ([meta["source_memory_id"]] if meta.get("source_memory_id") else [])
        if not isinstance(ids, list):
            ids = []
        for end in (e["source"], e["target"]):
            if end not in g:
                g.add_node(end, name=end, type="unknown", provenance=[], aliases=[])
        rel = str(e.get("relation", "related"))
        g.add_edge(e["source"], e["target"], key=rel, relation=rel, valid_from=e.get("valid_from"),
                   valid_to=e.get("valid_to"), provenance=[{"memory_id": str(m)} for m in ids])
    return g
