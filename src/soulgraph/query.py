"""Graph traversal for agents: look entities up, walk their relations, read their memories.

A :class:`GraphView` wraps a loaded graph (``soulgraph.api.load``) and builds
its indexes once (names, mentions, memory order), so each call afterwards is a
dictionary walk. Weak ``co_occurs`` edges are hidden from traversal unless
``include_weak=True``: they say two names shared a sentence, not how the things
relate. ``as_of`` keeps only edges valid at that time (valid_from <= t < valid_to).

    from soulgraph.query import GraphView
    view = GraphView.open("me.soul")
    view.neighbors("Caroline", depth=2, relations=["works_at"], direction="out")
    view.path("Caroline", "Acme")
    view.recall("Where does Caroline work?", k=5)
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path

import networkx as nx

from soulgraph import times
from soulgraph.errors import SoulgraphError
from soulgraph.ontology import ENTITY_TYPES, RELATIONS, WEAK_RELATIONS
from soulgraph.readwrite.columns import provenance_ids
from soulgraph.resolve import normalize

DIRECTIONS = ("out", "in", "both")
FUZZY_MIN_LEN = 5  # shorter names are never fuzzy-matched (acronyms, "Al" vs "Ali")
FUZZY_CUTOFF = 90.0


@dataclass(slots=True, frozen=True)
class Hop:
    """A node reached by a walk, and the edge that first reached it."""

    node: str
    name: str
    type: str
    depth: int
    relation: str
    source: str  # the edge's own direction, whichever way it was walked
    target: str
    weak: bool = False


@dataclass(slots=True, frozen=True)
class Step:
    """One edge of a path, in the edge's own direction."""

    source: str
    relation: str
    target: str


@dataclass(slots=True, frozen=True)
class MemoryRef:
    id: str
    created_at: str | None
    speaker: str | None
    text: str | None


@dataclass(slots=True, frozen=True)
class TimelineEvent:
    """A dated fact about an entity: a memory mentioning it, or an edge starting/ending."""

    time: str | None
    kind: str  # "mention" | "relation" | "relation_end"
    memory_id: str | None
    text: str | None
    relation: str | None = None
    other: str | None = None


def parse_time(value: str | None) -> float | None:
    """ISO 8601 -> POSIX seconds (naive times read as UTC); None when absent or unreadable."""
    dt = times.parse(value)
    if dt is None:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return dt.timestamp()


_DIGITS = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple:
    """Sort key that orders "D1:9" before "D1:10"."""
    return tuple(int(p) if p.isdigit() else p for p in _DIGITS.split(text))


def is_weak(relation: str, data: dict) -> bool:
    return bool(data.get("weak")) or relation in WEAK_RELATIONS


def edge_valid(data: dict, at: float | None) -> bool:
    """valid_from <= at < valid_to; open ends are unbounded; unreadable bounds are ignored."""
    if at is None:
        return True
    start, end = parse_time(data.get("valid_from")), parse_time(data.get("valid_to"))
    return (start is None or start <= at) and (end is None or at < end)


def attach_memories(g: nx.MultiDiGraph, source: Path) -> None:
    """Give a graph that carries no memory records (a soul-protocol graph.json) the store's memories.

    Recall and ``memories()`` need the text; soulgraph's own graph files carry it, other
    tools' graphs do not, but the soul or memory file they came from does.
    """
    from soulgraph.hashing import content_hash
    from soulgraph.sources import read_store, sniff

    if sniff(source) not in ("soul-zip", "soul-dir", "jsonl", "textdir"):
        return
    g.graph["memories"] = [
        {"id": m.id, "created_at": m.created_at, "layer": m.layer, "speaker": m.speaker,
         "superseded": m.superseded, "hash": content_hash(m.content), "text": m.content}
        for m in read_store(source).memories]


class GraphView:
    """Read-only traversal over a soulgraph graph; indexes are built once in ``__init__``."""

    def __init__(self, g: nx.MultiDiGraph):
        self.g = g
        self.records: list[dict] = list(g.graph.get("memories", []))
        self.memory_index: dict[str, int] = {m["id"]: i for i, m in enumerate(self.records)}
        self._by_name: dict[str, list[str]] = {}
        self._by_key: dict[str, list[str]] = {}
        self.mentions: dict[str, list[int]] = {}  # node -> memory indexes mentioning it
        for node, d in g.nodes(data=True):
            for name in (d.get("name") or node, *(d.get("aliases") or ()), node):
                self._add_name(name, node)
            seen: dict[int, None] = {}
            for mid in provenance_ids(d):  # ids only: lazily loaded entries stay unbuilt
                i = self.memory_index.get(mid)
                if i is not None:
                    seen[i] = None
            self.mentions[node] = list(seen)
        self._fuzzy_keys = [k for k in self._by_key if len(k) >= FUZZY_MIN_LEN]
        self._recall = None
        self._known: dict[str, tuple[set[str], dict[str, str]]] = {}  # see known()

    @classmethod
    def open(cls, source: Path | str) -> GraphView:
        """Open a graph file, a soul, or a memory file whose graph sits beside it."""
        from soulgraph.api import load

        g = load(Path(source))
        if not g.graph.get("memories"):
            attach_memories(g, Path(source))
        return cls(g)

    def _add_name(self, name: str, node: str) -> None:
        for table, key in ((self._by_name, name), (self._by_key, normalize(name))):
            if key:
                ids = table.setdefault(key, [])
                if node not in ids:
                    ids.append(node)

    # ------------------------------------------------------------------ lookup

    def candidates(self, name: str, *, fuzzy: bool = True) -> list[str]:
        """Node ids a name may denote: exact name/alias, then normalised, then guarded fuzzy."""
        if name in self.g:
            return [name]
        if name in self._by_name:
            return list(self._by_name[name])
        key = normalize(name)
        if key in self._by_key:
            return list(self._by_key[key])
        if fuzzy and self._fuzzy_ok(name, key):
            return self._fuzzy(key)
        return []

    @staticmethod
    def _fuzzy_ok(name: str, key: str) -> bool:
        letters = [c for c in name if c.isalpha()]
        acronym = len(letters) <= 6 and all(c.isupper() for c in letters)
        return len(key) >= FUZZY_MIN_LEN and not acronym

    def _fuzzy(self, key: str) -> list[str]:
        from rapidfuzz import fuzz, process

        best = process.extract(key, self._fuzzy_keys, scorer=fuzz.ratio,
                               score_cutoff=FUZZY_CUTOFF, limit=3)
        if not best:
            return []
        top = best[0][1]
        nodes = {n for k, score, _ in best if score == top for n in self._by_key[k]}
        return sorted(nodes)  # a tie between different nodes is returned as such: ambiguous

    def lookup(self, name: str, *, fuzzy: bool = True) -> str | None:
        """The node a name denotes, or None when unknown or ambiguous."""
        found = self.candidates(name, fuzzy=fuzzy)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:  # prefer the most mentioned when several share a name
            ranked = sorted(found, key=lambda n: -len(self.mentions.get(n, ())))
            if len(self.mentions.get(ranked[0], ())) > len(self.mentions.get(ranked[1], ())):
                return ranked[0]
        return None

    def resolve(self, name: str) -> str:
        node = self.lookup(name)
        if node is None:
            what = "ambiguous" if self.candidates(name) else "unknown"
            raise SoulgraphError(f"{what} entity {name!r} in this graph")
        return node

    def name(self, node: str) -> str:
        return self.g.nodes[node].get("name") or node

    def known(self, kind: str, names: Iterable[str] | None) -> list[str] | None:
        """``names`` as this graph spells them (case-insensitive), for ``kind`` "type" or
        "relation"; a name neither the ontology nor the graph has is an error, so a misspelt
        filter is not mistaken for an empty result."""
        if not names:
            return None
        if kind not in self._known:  # once per view: an agent may filter in a loop
            if kind == "type":
                have = {*ENTITY_TYPES, *(t for _, t in self.g.nodes(data="type") if t)}
            else:
                have = {*RELATIONS, *WEAK_RELATIONS,
                        *(d.get("relation", k) for _, _, k, d in self.g.edges(keys=True, data=True))}
            self._known[kind] = (have, {h.casefold(): h for h in sorted(have, reverse=True)})
        have, by_fold = self._known[kind]
        out = []
        for name in names:
            if name not in have and name.casefold() not in by_fold:
                raise SoulgraphError(f"unknown {kind} {name!r}; use one of {', '.join(sorted(have))}")
            out.append(name if name in have else by_fold[name.casefold()])
        return out

    # ------------------------------------------------------------------ edges

    def edges(
        self,
        node: str,
        *,
        direction: str = "both",
        relations: Iterable[str] | None = None,
        as_of: str | float | None = None,
        include_weak: bool = False,
    ) -> Iterator[tuple[str, str, str, dict, str]]:
        """``(source, target, relation, data, other_end)`` of the edges at ``node`` that pass the filters."""
        if direction not in DIRECTIONS:
            raise SoulgraphError(f"direction must be one of {', '.join(DIRECTIONS)}")
        rels = set(relations) if relations else None
        at = as_of if isinstance(as_of, float | int) or as_of is None else parse_time(as_of)
        if as_of is not None and at is None:
            raise SoulgraphError(f"as_of {as_of!r} is not an ISO 8601 time")
        walks = []
        if direction in ("out", "both"):
            walks.append(self.g.out_edges(node, keys=True, data=True))
        if direction in ("in", "both"):
            walks.append(self.g.in_edges(node, keys=True, data=True))
        for walk in walks:
            for u, v, key, d in walk:
                rel = d.get("relation", key)
                if rels is not None and rel not in rels:
                    continue
                if not include_weak and is_weak(rel, d) and (rels is None or rel not in rels):
                    continue
                if not edge_valid(d, at):
                    continue
                yield u, v, rel, d, (v if u == node else u)

    # ------------------------------------------------------------------ walks

    def neighbors(
        self,
        entity: str,
        depth: int = 1,
        *,
        types: Iterable[str] | None = None,
        relations: Iterable[str] | None = None,
        direction: str = "both",
        as_of: str | None = None,
        include_weak: bool = False,
    ) -> list[Hop]:
        """Nodes within ``depth`` edges, breadth first; ``types`` filters what is returned,
        not what is walked through (a person's employer's city is found via the org)."""
        keep = set(self.known("type", types) or ()) or None
        relations = self.known("relation", relations)
        hops: list[Hop] = []
        for _node, other, dist, u, v, rel, d in self._walk(
                self.resolve(entity), depth, relations=relations, direction=direction, as_of=as_of,
                include_weak=include_weak):
            attrs = self.g.nodes[other]
            if keep is None or attrs.get("type") in keep:
                hops.append(Hop(other, attrs.get("name") or other, attrs.get("type", "concept"),
                                dist, rel, u, v, is_weak(rel, d)))
        return hops

    def _walk(self, start: str, depth: int, **filters) -> Iterator[tuple]:
        """Breadth-first from ``start``: (from, node, distance, u, v, relation, data) for each
        node first reached, in a deterministic order (by node, then relation)."""
        seen = {start}
        frontier = deque([(start, 0)])
        while frontier:
            node, dist = frontier.popleft()
            if dist >= depth:
                continue
            for u, v, rel, d, other in sorted(self.edges(node, **filters), key=lambda e: (e[4], e[2])):
                if other in seen:
                    continue
                seen.add(other)
                frontier.append((other, dist + 1))
                yield node, other, dist + 1, u, v, rel, d

    def reachable(self, entity: str, depth: int = 2, **filters) -> dict[str, int]:
        """Every node within ``depth`` edges and its distance (the start at 0)."""
        start = self.resolve(entity)
        return {start: 0, **{h.node: h.depth for h in self.neighbors(start, depth, **filters)}}

    def path(
        self,
        a: str,
        b: str,
        max_depth: int = 4,
        *,
        relations: Iterable[str] | None = None,
        direction: str = "both",
        as_of: str | None = None,
        include_weak: bool = False,
    ) -> list[Step] | None:
        """A shortest path from ``a`` to ``b`` (at most ``max_depth`` edges), or None."""
        relations = self.known("relation", relations)
        src, dst = self.resolve(a), self.resolve(b)
        if src == dst:
            return []
        parent: dict[str, tuple[str, Step]] = {}
        for node, other, _dist, u, v, rel, _d in self._walk(
                src, max_depth, relations=relations, direction=direction, as_of=as_of,
                include_weak=include_weak):
            parent[other] = (node, Step(u, rel, v))
            if other == dst:
                steps = []
                while other != src:
                    other, step = parent[other]
                    steps.append(step)
                return steps[::-1]
        return None

    def subgraph(self, entities: Iterable[str], *, as_of: str | None = None,
                 include_weak: bool = False) -> nx.MultiDiGraph:
        """The named entities and the edges among them, as a new graph (memories kept)."""
        nodes = {self.resolve(e) for e in entities}
        sub = nx.MultiDiGraph()
        sub.graph.update({k: v for k, v in self.g.graph.items() if k != "memories"})
        wanted = {i for n in nodes for i in self.mentions.get(n, ())}
        sub.graph["memories"] = [m for i, m in enumerate(self.records) if i in wanted]
        for n in sorted(nodes):
            sub.add_node(n, **self.g.nodes[n])
        for n in sorted(nodes):
            for u, v, rel, d, other in self.edges(n, direction="out", as_of=as_of,
                                                  include_weak=include_weak):
                if other in nodes:
                    sub.add_edge(u, v, key=rel, **d)
        return sub

    # ------------------------------------------------------------------ memories

    def _ref(self, i: int) -> MemoryRef:
        m = self.records[i]
        return MemoryRef(m["id"], m.get("created_at"), m.get("speaker"), m.get("text"))

    def _newest_first(self, idxs: Iterable[int]) -> list[int]:
        def key(i: int):
            m = self.records[i]
            return (parse_time(m.get("created_at")) or float("-inf"), natural_key(m["id"]))
        return sorted(idxs, key=key, reverse=True)

    def memories(self, entity: str, limit: int | None = None) -> list[MemoryRef]:
        """The memories that mention ``entity``, newest first."""
        node = self.resolve(entity)
        idxs = self._newest_first(self.mentions.get(node, ()))
        return [self._ref(i) for i in idxs[:limit]]

    def timeline(self, entity: str) -> list[TimelineEvent]:
        """Mentions and edge validity changes of ``entity``, oldest first (undated last)."""
        node = self.resolve(entity)
        events = []
        for i in self.mentions.get(node, ()):
            m = self.records[i]
            events.append(TimelineEvent(m.get("created_at"), "mention", m["id"], m.get("text")))
        for u, v, rel, d, other in self.edges(node, include_weak=False):
            first = (d.get("provenance") or [{}])[0]
            fact = f"{self.name(u)} {rel} {self.name(v)}"
            events.append(TimelineEvent(d.get("valid_from"), "relation", first.get("memory_id"),
                                        fact, rel, other))
            if d.get("valid_to"):
                events.append(TimelineEvent(d["valid_to"], "relation_end", None, fact, rel, other))
        def key(e: TimelineEvent):
            t = parse_time(e.time)
            return (t is None, t or 0.0, natural_key(e.memory_id or ""), e.kind)
        return sorted(events, key=key)

    def entities(self, *, type: str | None = None, match: str | None = None) -> list[dict]:
        """Entity rows (name, type, mentions, first/last seen, degree), most mentioned first."""
        key = normalize(match) if match else None
        type = self.known("type", [type])[0] if type else None
        rows = []
        for node, d in self.g.nodes(data=True):
            if type and d.get("type") != type:
                continue
            if key and not any(key in normalize(n) for n in (d.get("name") or node, *d.get("aliases", ()))):
                continue
            rows.append({
                "id": node, "name": d.get("name") or node, "type": d.get("type", "concept"),
                "aliases": list(d.get("aliases") or ()),
                "mentions": d.get("mention_count") or len(self.mentions.get(node, ())),
                "first_seen": d.get("first_seen"), "last_seen": d.get("last_seen"),
                "degree": sum(1 for _ in self.edges(node)),
            })
        rows.sort(key=lambda r: (-r["mentions"], r["name"].casefold()))
        return rows

    # ------------------------------------------------------------------ recall

    @property
    def recaller(self):
        """The recall index over this view (built on first use, then reused)."""
        if self._recall is None:
            from soulgraph.recall import Recall

            self._recall = Recall(self)
        return self._recall

    def recall(self, question: str, k: int = 10):
        """The memories that best answer ``question`` (see :mod:`soulgraph.recall`)."""
        return self.recaller.recall(question, k)
