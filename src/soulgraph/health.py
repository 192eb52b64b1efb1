"""Graph health: the figures a user acts on, before and after a repair, and in CI.

``check(g, memories)`` is one pass over nodes and edges plus one scan of the
store's text, so it stays well under a second at 10k nodes. Every problem it
finds comes with the command that fixes it; ``summary(g)`` is the same report
as a plain dict (what ``repair`` shows before and after).
"""

from __future__ import annotations

import dataclasses
import heapq
import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from itertools import chain, compress, repeat
from operator import add, attrgetter, not_, or_, truth
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx
from pydantic import BaseModel, Field

from soulgraph import exitfast, gcpause, health_types
from soulgraph.graph import memory_texts
from soulgraph.models import Memory
from soulgraph.ontology import WEAK_RELATIONS
from soulgraph.readwrite.columns import LazyAttrs
from soulgraph.resolve import normalize

if TYPE_CHECKING:
    from soulgraph.classify.corpus import CorpusStats

_get = dict.get  # node and edge attrs, for keys other than "provenance": no LazyAttrs.get call
TYPE_ERROR_WARN = 0.05  # the bar set for a repaired graph (issue 6)
# A memory that names something: a match of r"[^.!?\n]\s+[A-Z][\w-]+|[a-z][A-Z]|\b[A-Z]{2,}\b|\w_\w"
# (a capitalised word inside a sentence, camelCase, an acronym, snake_case). Searched as three
# patterns, each opening with what sre can skip to in C (a blank, a capital, an underscore) and
# reading the characters before it by a lookbehind: the same texts match, and a text without a
# name is not tried at every position with all four branches. camelCase and acronyms share a
# search (both open on a capital).
_WORD_IN, _CAPS, _SNAKE = (re.compile(p).search for p in (
    r"\s(?<=[^.!?\n]\s)\s*[A-Z][\w-]",  # a blank after a character that ends no sentence
    r"[A-Z](?:(?<=[a-z][A-Z])|(?<=\b[A-Z])[A-Z]+\b)",  # camelCase, or an acronym's first capital
    r"_(?<=\w_)\w",
))


def _has_name(text: str) -> bool:
    return bool(_WORD_IN(text) or _CAPS(text) or _SNAKE(text))


class Problem(BaseModel):
    severity: str  # error | warn | info
    what: str
    fix: str


class Staleness(BaseModel):
    """How far the graph is behind its store (``None`` figures: not measurable)."""

    store_memories: int | None = None
    graph_memories: int | None = None
    new: list[str] = Field(default_factory=list)
    changed: list[str] = Field(default_factory=list)
    deleted: list[str] = Field(default_factory=list)
    provenance_to_missing: list[str] = Field(default_factory=list)  # memory ids
    uncovered: list[str] = Field(default_factory=list)  # memories with names, no graph trace

    @property
    def behind(self) -> bool:
        return bool(self.new or self.changed or self.deleted or self.provenance_to_missing)


class HealthReport(BaseModel):
    source: str | None = None
    format: str = "soulgraph"
    nodes: int = 0
    edges: int = 0
    edges_per_node: float = 0.0
    semantic_edges: int = 0
    weak_edges: int = 0
    types: dict[str, int] = Field(default_factory=dict)
    relations: dict[str, int] = Field(default_factory=dict)
    weak_relations: dict[str, int] = Field(default_factory=dict)
    untyped: list[str] = Field(default_factory=list)
    nodes_without_provenance: int = 0
    edges_without_provenance: int = 0
    nodes_with_provenance: float | None = None
    edges_with_provenance: float | None = None
    orphans: list[str] = Field(default_factory=list)
    dangling_edges: list[dict] = Field(default_factory=list)
    duplicates: list[dict] = Field(default_factory=list)
    components: int = 0
    largest_component: int = 0
    hubs: list[dict] = Field(default_factory=list)
    type_error_rate: float | None = None  # ESTIMATED from shapes and evidence, no gold
    type_errors: list[dict] = Field(default_factory=list)
    stale: Staleness | None = None
    problems: list[Problem] = Field(default_factory=list)
    failed: list[str] = Field(default_factory=list)
    ok: bool = True
    update_cache: bool = False  # an analysis cache exists: `soulgraph update` redoes it cheaply


@gcpause.paused()  # a loaded graph is ~10^6 objects: each full collection would re-scan them
def check(
    g: nx.MultiDiGraph,
    memories: Sequence[Memory] | None = None,
    *,
    source: str | None = None,
    custom_types: Sequence[str] = (),
    max_type_error: float | None = None,
    min_edges: int | None = None,
    update_cache: bool = False,
    corpus: health_types.Corpus | None = None,
    graph: str | None = None,
    built: bool = False,
) -> HealthReport:
    """Measure ``g`` (and how it matches ``memories`` when the store is known).

    ``corpus``: ``store_corpus(memories)`` when the caller measures several graphs of one
    store (repair's before and after): the store's text is then scanned once. ``built``:
    ``g`` was just built from exactly ``memories`` (a rebuild's graph, its memory records
    written from them with ``corpus.hashes``): see :func:`staleness`."""
    r = HealthReport(source=source, format=str(g.graph.get("format", "soulgraph")),
                     update_cache=update_cache)
    # Edge endpoints that are no node: attr-less (networkx invents them) or listed by the
    # reader as missing from soul-protocol's ``entities``.
    attrs = dict(g.nodes(data=True))
    missing = {n for n, d in attrs.items() if not d}
    missing.update(n for n in g.graph.get("missing_endpoints") or () if n in attrs)
    real = [n for n in attrs if n not in missing]
    names = {n: str(_get(attrs[n], "name") or n) for n in real}
    r.nodes = len(real)
    deg, cited, comps = _edge_figures(g, r, missing)
    r.edges_per_node = round(r.edges / r.nodes, 3) if r.nodes else 0.0
    cited |= _node_figures(attrs, real, names, r)
    cited.discard(None)
    cited.discard("")
    _structure(real, attrs, names, deg, comps, r)
    # memory id -> text, read only if a name needs its sentences (a graph just built from the
    # store has the store's texts: store_corpus(texts=)); one for both readers below
    texts = corpus.by_id if built and corpus is not None and memories is not None and corpus.by_id \
        else _LazyTexts(g)
    r.duplicates = duplicate_candidates(real, attrs, names, texts)
    if real:  # (no node to judge: no scan of the store's text)
        if corpus is None or memories is None:
            corpus = store_corpus(memories, g)
        corpus = dataclasses.replace(corpus, by_id=texts)  # (ours: _type_errors fills it in)
        _type_errors(real, attrs, names, corpus, health_types.known_types(custom_types), r)
    r.stale = staleness(g, memories, cited, corpus.hashes if corpus is not None else None, built=built)
    r.problems = problems(r, source or "SOURCE", graph)
    _thresholds(r, max_type_error, min_edges)
    return r


class _LazyTexts(Mapping):
    """``memory_texts(g)``, built on first lookup."""

    def __init__(self, g: nx.MultiDiGraph) -> None:
        self._g, self._texts = g, None

    def _get(self) -> dict[str, str]:
        if self._texts is None:
            self._texts = memory_texts(self._g)
        return self._texts

    def __getitem__(self, key: str) -> str:
        return self._get()[key]

    def __iter__(self):
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


def summary(g: nx.MultiDiGraph, memories: Sequence[Memory] | None = None, *,
            source: str | None = None, corpus: health_types.Corpus | None = None,
            graph: str | None = None, built: bool = False) -> dict:
    """The health report as a plain dict (``repair``'s and ``update``'s before/after)."""
    return check(g, memories, source=source, corpus=corpus, graph=graph, built=built).model_dump()


def store_corpus(memories: Sequence[Memory] | None, g: nx.MultiDiGraph | None = None,
                 hashes: Mapping[str, str] | None = None,
                 stats: CorpusStats | None = None,
                 texts: Mapping[str, str] | None = None) -> health_types.Corpus:
    """What the type-error estimate reads from the store's text (or, without the store,
    from the texts ``g`` keeps): one scan, shareable by every graph of that store.

    ``hashes``: memory id -> ``content_hash`` of ``memories`` when the caller has them (a
    rebuild does): staleness then hashes no text again. ``stats``: the classifier's
    statistics of exactly ``memories`` (a rebuild's ``Build.stats``): its lowercase token
    counts then stand in for a split of the whole text (see ``health_types.LowerWords``).
    ``texts``: memory id -> text of ``memories`` (a rebuild's), the sentences of a graph
    just built from them (``check(built=True)``)."""
    contents = list(map(_CONTENT, memories)) if memories is not None else [
        rec.get("text") or "" for rec in (g.graph.get("memories") if g is not None else None) or []
        if isinstance(rec, dict)]  # (a damaged graph file's odd record is skipped, as staleness does)
    mems = memories or ()  # every speaker named, once each (C-level passes over the turns)
    speakers = set(map(_SPEAKER, mems)).union(map(_SPEAKER, chain.from_iterable(map(_SEGMENTS, mems))))
    lower = stats.lower if stats is not None and memories is not None else None
    corpus = health_types.corpus_of(contents, speakers, lower_tokens=lower)
    if hashes is not None and memories is not None and len(hashes) == len(memories):  # ids unique
        corpus.hashes = hashes
    if texts is not None and memories is not None and len(texts) == len(memories):
        corpus.by_id = texts
    return corpus


_SPEAKER, _SEGMENTS, _CONTENT = attrgetter("speaker"), attrgetter("segments"), attrgetter("content")
_ID = attrgetter("id")


# --------------------------------------------------------------------------- figures


def _edge_figures(g: nx.MultiDiGraph, r: HealthReport, missing: set):
    """The edges' histograms, provenance, dangling ends, degrees and the memories they
    cite; then the weakly connected components. Column by column over the edges in
    networkx's order (C-level passes, not a Python loop per edge)."""
    succ, pred = g._succ, g._pred
    ds = list(chain.from_iterable(
        chain.from_iterable(map(dict.values, nbrs.values())) for nbrs in succ.values()))
    names = list(map(_get, ds, repeat("relation")))
    if set(map(type, names)) != {str} or "" in names:  # (else every name is itself)
        names = [str(x or "related") for x in names]
    weak = list(map(or_, map(truth, map(_get, ds, repeat("weak"))),
                    map(WEAK_RELATIONS.__contains__, names)))
    rel = Counter(compress(names, map(not_, weak)))  # (first seen first: most_common's ties)
    weak_rel = Counter(compress(names, weak))
    cited: set[str] = set()
    no_prov = _cite_all(cited, ds)
    # a node's degree: its edges out and in (a self-loop counts twice, as networkx's); when no
    # pair has two keys, its neighbours out and in
    count = len if sum(map(len, succ.values())) == len(ds) else _keys_in
    deg = dict(zip(succ, map(add, map(count, succ.values()),
                             map(count, map(pred.__getitem__, succ))), strict=True))
    if missing:
        for u, v, d in g.edges(data=True):
            if u in missing or v in missing:
                gone = [x for x in (u, v) if x in missing]
                r.dangling_edges.append({"source": str(u), "target": str(v),
                                         "relation": str(_get(d, "relation") or "related"),
                                         "missing": [str(x) for x in gone]})
    r.semantic_edges, r.weak_edges = sum(rel.values()), sum(weak_rel.values())
    r.edges = r.semantic_edges + r.weak_edges  # (each edge counted once above; networkx's
    # number_of_edges sums every node's degree)
    r.relations, r.weak_relations = dict(rel.most_common()), dict(weak_rel.most_common())
    r.edges_without_provenance = no_prov
    r.edges_with_provenance = round(1 - no_prov / r.edges, 4) if r.edges else None
    return deg, cited, _component_sizes(succ, pred)


def _keys_in(nbrs: dict) -> int:
    """The edges of a node's neighbour dict (``{neighbour: {key: attrs}}``)."""
    return sum(map(len, nbrs.values())) if nbrs else 0


def _component_sizes(succ: dict, pred: dict) -> list[int]:
    """Sizes of the weakly connected components (those of ``nx.weakly_connected_components``),
    each grown a whole level at a time by set unions of the level's neighbours."""
    seen: set = set()
    sizes = []
    for v in succ:
        if v in seen:
            continue
        if not succ[v] and not pred[v]:
            sizes.append(1)
            continue
        comp, level = {v}, (v,)
        while level:
            new = set().union(*map(succ.__getitem__, level), *map(pred.__getitem__, level))
            new -= comp
            comp |= new
            level = new
        seen |= comp
        sizes.append(len(comp))
    return sizes


def _cite_all(cited: set, ds: list) -> int:
    """:func:`_cite_of` of every node or edge: the ids they cite into ``cited``; returns
    how many have no provenance. Ids of provenance loaded as columns in one pass."""
    if set(map(type, ds)) == {LazyAttrs}:
        ids = list(map(LazyAttrs.pending_ids, ds))
        if None not in ids:
            cited.update(chain.from_iterable(ids))
            return ids.count([])
    return sum(not _cite_of(cited, d) for d in ds)


def _node_figures(attrs: dict, real: list, names: dict, r: HealthReport) -> set[str]:
    ds = list(map(attrs.__getitem__, real))
    ts = list(map(_get, ds, repeat("type")))
    types = Counter([str(t) if t else "untyped" for t in ts])  # (first seen first: ties)
    r.untyped = [names[n] for n, t in zip(real, ts, strict=True) if not t or t == "unknown"]
    cited: set[str] = set()
    no_prov = _cite_all(cited, ds)
    r.types = dict(types.most_common())
    r.nodes_without_provenance = no_prov
    r.nodes_with_provenance = round(1 - no_prov / r.nodes, 4) if r.nodes else None
    return cited


def _structure(real: list, attrs: dict, names: dict, deg: Counter, sizes: list, r: HealthReport) -> None:
    r.orphans = [names[n] for n in real if not deg[n]]
    r.components, r.largest_component = len(sizes), max(sizes, default=0)
    top = heapq.nlargest(5, ((deg[n], n) for n in real if deg[n]), key=lambda x: x[0])
    r.hubs = [{"name": names[n], "type": attrs[n].get("type"), "degree": k} for k, n in top]


def duplicate_candidates(real: list, attrs: dict, names: dict,
                         texts: Mapping[str, str] | None = None) -> list[dict]:
    """Same normalised name, plural and spacing variants (blocked by key: linear), and
    the pairs resolution itself would merge: unambiguous short forms ("Sarah" / "Sarah
    Chen") and typo-like variants of one type ("Kubernetes" / "Kubernates")."""
    by_key: dict[str, list] = defaultdict(list)
    for n in real:
        by_key[normalize(names[n])].append(n)
    by_key.pop("", None)
    out = [{"names": sorted(names[n] for n in ns), "reason": "same normalised name"}
           for ns in by_key.values() if len(ns) > 1]
    squashed: dict[str, list[str]] = defaultdict(list)
    for k, ns in by_key.items():
        squashed[k.replace(" ", "")].append(k)
        if len(k) > 3 and k.endswith("s") and k[:-1] in by_key:
            out.append({"names": [names[by_key[k[:-1]][0]], names[ns[0]]], "reason": "plural form"})
    for ks in squashed.values():
        if len(ks) > 1:
            out.append({"names": sorted(names[by_key[k][0]] for k in ks), "reason": "spacing variant"})
    first = {k: ns[0] for k, ns in by_key.items()}
    for a, b, why in _resolution_pairs(first, attrs, names, texts):
        out.append({"names": [names[first[a]], names[first[b]]], "reason": why})
    return out


def _resolution_pairs(first: dict, attrs: dict, names: dict,
                      texts: Mapping[str, str] | None = None) -> list[tuple[str, str, str]]:
    """The merges resolve's guarded rules would make between these nodes (a graph built by
    another tool, or merges vetoed in the registry, can hold them). A short form the build kept
    apart for the words around its mentions ("my brother Sam", "Kim from security") is read
    again from the provenance spans and ``texts`` (memory id -> text)."""
    from soulgraph import resolve

    short_forms = getattr(resolve, "_short_forms", None)
    fuzzy = getattr(resolve, "_fuzzy_pairs", None)
    if short_forms is None or fuzzy is None:
        return []
    clusters = [resolve.Cluster(key=k, name=names[n]) for k, n in first.items()]
    types = {k: attrs[n].get("type") for k, n in first.items()}
    try:
        shorts = short_forms(clusters, types)
        if shorts and texts:
            ask = {k for pair in shorts for k in pair}
            spans = [resolve.Cluster(key=c.key, name=c.name, mentions=resolve.mentions_of(
                c.name, attrs[first[c.key]].get("provenance")) if c.key in ask else []) for c in clusters]
            kept = set(short_forms(spans, types, texts))
            shorts = [pair for pair in shorts if pair in kept]
        return ([(a, b, "short form of one name") for a, b in shorts]
                + [(a, b, "typo-like variant") for a, b in fuzzy(clusters, types)])
    except (TypeError, AttributeError, ValueError):  # resolve's internals changed shape
        return []


def _nm(names: dict, n) -> str:
    return names[n]


def _type_errors(real, attrs, names, corpus, types, r: HealthReport) -> None:
    flagged = {}
    for n in real:
        d = attrs[n]
        why = health_types.type_problem(names[n], d.get("type"), d, corpus, types)
        if why:
            flagged[n] = why
    # Second look, only at persons with no evidence so far: does the store's text ever
    # treat the name as a person's? (One regex scan for all of them.)
    doubtful = {names[n] for n, why in flagged.items() if why == health_types.NO_PERSON_EVIDENCE}
    if doubtful:
        corpus.personal = frozenset(health_types.personal_names(corpus.blob, doubtful))
        for n, why in list(flagged.items()):
            if why == health_types.NO_PERSON_EVIDENCE and names[n] in corpus.personal:
                del flagged[n]
    r.type_errors = [{"name": names[n], "type": attrs[n].get("type"), "reason": why}
                     for n, why in flagged.items()]
    r.type_errors.sort(key=lambda e: (e["reason"], e["name"]))
    r.type_error_rate = round(len(r.type_errors) / r.nodes, 4) if r.nodes else None


def staleness(g: nx.MultiDiGraph, memories: Sequence[Memory] | None,
              cited: set[str] | None = None, hashes: Mapping[str, str] | None = None, *,
              built: bool = False) -> Staleness:
    """Compare the store to what the graph says it was built from (``hashes``: memory id ->
    ``content_hash`` of ``memories``, where the caller knows them).

    ``built``: ``g`` was just built from exactly ``memories``, whose ids ``hashes`` holds
    once each (a rebuild: its memory records are theirs, with these hashes and superseded
    flags). Then no memory is new, changed, deleted or uncovered (each has a record) by
    construction, and only the provenance is compared."""
    from soulgraph.hashing import content_hash

    recs = g.graph.get("memories") or ()
    if built and memories is not None and hashes is not None and len(hashes) == len(memories) == len(recs):
        ids = set(map(_ID, memories))  # (and the records are those memories': ids checked, not hashed)
        if ids == hashes.keys() == {r.get("id") for r in recs if isinstance(r, dict)}:
            cited = _cited_memories(g) if cited is None else cited
            return Staleness(store_memories=len(memories), graph_memories=len(memories) or None,
                             provenance_to_missing=sorted(cited - ids))
    records: dict = {}  # memory id -> hash (the last record of an id wins, in its first place)
    superseded: set = set()
    for rec in recs:  # (one pass: a record per memory of the store)
        if isinstance(rec, dict) and "id" in rec:
            rid = rec["id"]
            records[rid] = rec.get("hash")
            if rec.get("superseded"):
                superseded.add(rid)
    cited = _cited_memories(g) if cited is None else cited
    s = Staleness(graph_memories=len(records) if records else None)
    if memories is None:
        if records:
            s.provenance_to_missing = sorted(cited - records.keys())
        return s
    s.store_memories = len(memories)
    ids = [m.id for m in memories]
    store = set(ids)
    if records:
        get, known = records.get, (hashes or {}).get
        new, changed = s.new, s.changed
        for m, mid in zip(memories, ids, strict=True):
            h = get(mid, False)
            if h is False:
                new.append(mid)
            elif h != (known(mid) or content_hash(m.content)) or m.superseded != (mid in superseded):
                changed.append(mid)  # new text, or superseded since (its edges become history)
        s.deleted = sorted(records.keys() - store)
    s.provenance_to_missing = sorted(cited - store)
    seen = records.keys() | cited
    has_name = _has_name
    s.uncovered = [mid for m, mid in zip(memories, ids, strict=True)
                   if mid not in seen and has_name(m.content)]
    s.new.sort()
    s.changed.sort()
    return s


def _cited_memories(g: nx.MultiDiGraph) -> set[str]:
    ids: set[str] = set()
    for _, d in g.nodes(data=True):
        _cite_of(ids, d)
    for *_, d in g.edges(data=True):
        _cite_of(ids, d)
    ids.discard(None)
    ids.discard("")
    return ids if all(type(i) is str for i in ids) else {str(i) for i in ids}


def _cite_of(cited: set, attrs: dict) -> bool:
    """Add the memory ids a node or edge cites; False when it has no provenance. Reads
    the ids of provenance loaded as columns without building its entries."""
    if type(attrs) is LazyAttrs:
        ids = attrs.pending_ids()
        if ids is not None:
            cited.update(ids)
            return bool(ids)
    prov = attrs.get("provenance")
    if prov:
        _cite(cited, prov)
        return True
    return False


def _cite(cited: set, prov: list) -> None:
    try:
        cited.update(map(dict.get, prov, repeat("memory_id")))  # C-speed path: all dicts
    except TypeError:
        cited.update(_prov_ids(prov))


def _prov_ids(prov) -> set[str]:
    """Memory ids of a provenance list (dicts with ``memory_id``, or bare ids)."""
    try:
        ids = set(map(dict.get, prov, repeat("memory_id")))  # C-speed path: all dicts
    except TypeError:
        ids = {p.get("memory_id") if isinstance(p, dict) else p for p in prov}
    ids.discard(None)
    ids.discard("")
    return ids if all(type(i) is str for i in ids) else {str(i) for i in ids}


# --------------------------------------------------------------------------- verdicts


def problems(r: HealthReport, source: str, graph: str | None = None) -> list[Problem]:
    """Worst first, each with the command that fixes it (``graph``: the graph file of
    ``source`` when it is not the default one, given with ``--graph`` / ``--out``)."""
    out_opt = f" --out {graph}" if graph else ""
    update = f"soulgraph update {source}{out_opt}"
    # With a warm cache (e.g. soul-protocol rewrote graph.json in its own layout on save),
    # `update` restores the full graph for the price of the new memories only.
    rebuild = update if r.update_cache else f"soulgraph repair --rebuild-graph {source}{out_opt}"
    out: list[Problem] = []
    if r.nodes == 0 and r.stale is not None and r.stale.store_memories == 0:
        out.append(Problem(severity="info", what="the store has no memories, so the graph is empty",
                           fix=f"none needed; `{update}` once memories are added"))
    elif r.nodes == 0:
        out.append(Problem(severity="error", what="the graph is empty", fix=rebuild))
    elif r.edges == 0:
        out.append(Problem(severity="error", what=f"{r.nodes} nodes and no edges: nothing to traverse",
                           fix=rebuild))
    if r.type_error_rate is not None and r.type_error_rate > TYPE_ERROR_WARN:
        out.append(Problem(
            severity="error" if r.type_error_rate > 0.2 else "warn",
            what=f"estimated type-error rate {r.type_error_rate:.0%} "
                 f"({len(r.type_errors)} of {r.nodes} nodes look mistyped)", fix=rebuild))
    if r.nodes and r.nodes_without_provenance:
        out.append(Problem(severity="error" if r.nodes_with_provenance == 0 else "warn",
                           what=f"{r.nodes_without_provenance} nodes without provenance", fix=rebuild))
    if r.edges_without_provenance:
        out.append(Problem(severity="warn", what=f"{r.edges_without_provenance} edges without provenance",
                           fix=rebuild))
    if r.dangling_edges:
        out.append(Problem(severity="error", what=f"{len(r.dangling_edges)} dangling edges "
                           "(an endpoint is not a node)", fix=update if _ours(r) else rebuild))
    s = r.stale
    if s is not None and s.behind:
        parts = [f"{len(v)} {k}" for k, v in (("new", s.new), ("changed", s.changed),
                 ("deleted", s.deleted)) if v]
        if s.provenance_to_missing:
            parts.append(f"provenance cites {len(s.provenance_to_missing)} missing memories")
        out.append(Problem(severity="warn", what="graph is behind its store: memories " + ", ".join(parts),
                           fix=update if _ours(r) else rebuild))
    if s is not None and s.uncovered and not s.new:
        out.append(Problem(severity="warn", what=f"{len(s.uncovered)} memories name things the graph "
                           "does not cover", fix=rebuild))
    if r.untyped:
        out.append(Problem(severity="warn", what=f"{len(r.untyped)} untyped or unknown nodes", fix=rebuild))
    if r.duplicates:
        out.append(Problem(severity="info", what=f"{len(r.duplicates)} duplicate candidates",
                           fix="soulgraph merge (see the duplicate list)"))
    if r.orphans and r.edges:
        if s is not None and s.behind:
            fix = update
        elif _ours(r):  # our rebuild would give the same: things named without a relation
            fix = f"none needed; `soulgraph memories {graph or source} NAME` shows where one is named"
        else:
            fix = rebuild
        out.append(Problem(severity="info", what=f"{len(r.orphans)} orphan nodes (no edges)", fix=fix))
    return out


def _ours(r: HealthReport) -> bool:
    return r.format.startswith("soulgraph") or r.update_cache


def _thresholds(r: HealthReport, max_type_error: float | None, min_edges: int | None) -> None:
    if max_type_error is not None and (r.type_error_rate or 0.0) > max_type_error:
        r.failed.append(f"estimated type-error rate {r.type_error_rate} > {max_type_error}")
    if min_edges is not None and r.edges < min_edges:
        r.failed.append(f"edges {r.edges} < {min_edges}")
    r.ok = not r.failed


# --------------------------------------------------------------------------- sources


def health(
    source: Path,
    *,
    graph: Path | None = None,
    max_type_error: float | None = None,
    min_edges: int | None = None,
) -> HealthReport:
    """Open ``source`` (soul, graph JSON, or memory file with its graph) and check it."""
    from soulgraph import registry as registry_mod
    from soulgraph.locate import open_graph

    g, memories = open_graph(Path(source), graph)
    exitfast.keep(g, memories)  # a CLI process exits without freeing them
    reg = registry_mod.load(registry_mod.default_path(Path(source)))
    return check(g, memories, source=str(source), custom_types=reg.custom_types,
                 max_type_error=max_type_error, min_edges=min_edges,
                 graph=str(graph) if graph is not None else None,
                 update_cache=memories is not None and _cache_path(Path(source), graph).is_file())


def _cache_path(source: Path, graph: Path | None) -> Path:
    """Where ``update`` keeps its analysis cache for this source (see update.cache_path)."""
    from soulgraph.sources import sniff

    if graph is not None:
        return graph.with_name(graph.name + ".cache")
    name = source.name.rstrip("/")
    if sniff(source) in ("soul-zip", "soul-dir"):
        return source.with_name(name + ".graph-cache")
    return source.with_name(name + ".graph.json.cache")
