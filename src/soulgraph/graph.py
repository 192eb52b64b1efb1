"""Assemble the knowledge graph (a networkx ``MultiDiGraph``) from the pipeline's output.

Node id = entity id; node attributes mirror :class:`soulgraph.models.Entity`.
Edge key = relation name, so one fact between two nodes is one edge whatever
the number of memories that state it; its ``provenance`` lists them all.
Graph attributes hold the build metadata and the memory records recall needs.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat
from operator import itemgetter, methodcaller

import networkx as nx

from soulgraph.models import Entity, MemoryRecord, Relation
from soulgraph.readwrite.columns import GRAPH_FORMAT, provenance_ids  # noqa: F401  (re-exported)


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
    g.graph["memories"] = _by_time(memories)
    for node_id, attrs in sorted(nodes, key=lambda n: n[0]):
        g.add_node(node_id, **attrs)
    for src, dst, key, attrs in sorted(edges, key=lambda e: (e[0], e[2], e[1])):
        g.add_edge(src, dst, key=key, **attrs)
    return g


def _time_key(m: dict) -> tuple:
    return m.get("created_at") or "", m["id"]


def _by_time(memories: Iterable[dict]) -> list[dict]:
    """``sorted(memories, key=_time_key)``: by time (none first), then id. When every record is
    a dict whose time is a string or absent (as ``memory_record`` writes them), two stable sorts
    with C-level keys, by id and then by time, give that order comparing strings, not tuples."""
    recs = list(memories)
    try:
        times = set(map(type, map(dict.get, recs, repeat("created_at"), repeat(""))))
        by_id = sorted(recs, key=_ID)
    except (TypeError, KeyError):  # not all dicts with ids, or ids that do not sort: the key
        return sorted(recs, key=_time_key)  # function (says why)
    if times - {str}:  # a null or odd time
        return sorted(recs, key=_time_key)
    by_id.sort(key=_TIME)
    return by_id


_ID, _TIME = itemgetter("id"), methodcaller("get", "created_at", "")


def entity_of(g: nx.MultiDiGraph, node_id: str) -> Entity:
    """The node's attributes back as an :class:`Entity`."""
    return Entity(id=node_id, **g.nodes[node_id])


def relations_of(g: nx.MultiDiGraph) -> list[Relation]:
    return [Relation(source=u, target=v, **d) for u, v, d in g.edges(data=True)]


def memory_records(g: nx.MultiDiGraph) -> list[MemoryRecord]:
    return [MemoryRecord(**m) for m in g.graph.get("memories", [])]


def memory_texts(g: nx.MultiDiGraph) -> dict[str, str]:
    """Memory id -> text, from the records the graph keeps (for :func:`sentence_of`)."""
    return {str(r["id"]): r.get("text") or "" for r in g.graph.get("memories") or ()
            if isinstance(r, dict) and "id" in r}


def sentence_of(p: dict, texts: dict[str, str]) -> str:
    """The sentence a provenance entry points at. Provenance stores it as offsets into the
    memory's text (kept once per graph) rather than a copy per entry: that copy was half of
    a big graph file and of its load time. Graphs written before that carry ``sentence``."""
    if not isinstance(p, dict):
        return ""
    return sentence_at(p.get("memory_id"), p.get("sentence_start"), p.get("sentence_end"),
                       p.get("sentence"), texts)


def sentence_at(memory_id, start, end, sentence, texts) -> str:
    """:func:`sentence_of` for an entry given as its fields."""
    if isinstance(sentence, str):
        return sentence
    if isinstance(start, int) and isinstance(end, int):
        text = texts.get(str(memory_id), "")
        if 0 <= start <= end <= len(text):
            return text[start:end]
    return ""
