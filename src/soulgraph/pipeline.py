"""The pipeline: sources -> extract -> resolve -> classify -> relations -> graph.

Each stage is a module of small functions; this module only wires them. The
whole build is a pure function of (memories, extractor, registry): memory order
does not matter, and two runs give the same graph.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter

import networkx as nx

from soulgraph import classify, extract, gcpause, resolve
from soulgraph.classify import corpus, gazetteer
from soulgraph.classify.memo import DecisionMemo
from soulgraph.extract import Progress
from soulgraph.graph import assemble
from soulgraph.hashing import content_hash
from soulgraph.models import Memory, MemoryAnalysis, Mention
from soulgraph.readwrite.columns import BuiltColumns
from soulgraph.registry import Registry
from soulgraph.relations.link import check_edge_types, co_occurrence_edges, link_edges


@dataclass
class Build:
    graph: nx.MultiDiGraph
    extractor: str
    timings: dict[str, float] = field(default_factory=dict)
    analyses: list[MemoryAnalysis] = field(default_factory=list)
    decisions: dict[str, list] = field(default_factory=dict)  # DecisionMemo.used, for the cache
    hashes: dict[str, str] = field(default_factory=dict)  # memory id -> content_hash (health reuses them)
    stats: corpus.CorpusStats | None = None  # the store's statistics typing read (health reuses them)
    texts: dict[str, str] = field(default_factory=dict)  # memory id -> text (health's sentences)
    # the nodes' provenance as the file's table columns, gathered while the build made it (the
    # writer's, for this graph unchanged); None when its entries are no such table
    node_columns: BuiltColumns | None = None


def rebuild(
    memories: Sequence[Memory],
    *,
    extractor: str = "auto",
    registry: Registry | None = None,
    workers: int = 1,
    progress: Progress | None = None,
) -> Build:
    """Build a graph from scratch from the given memories."""
    registry = registry or Registry()
    memories = sorted(memories, key=_ID)  # order-independent by construction
    t0 = time.perf_counter()
    analyses, used = extract.analyze(memories, extractor, workers=workers, progress=progress)
    t1 = time.perf_counter()
    memo = DecisionMemo() if used != "regex" else None  # kept in the update cache
    ids, contents = list(map(_ID, memories)), list(map(_CONTENT, memories))  # (each read once)
    hashes = dict(zip(ids, map(content_hash, contents), strict=True))
    texts = dict(zip(ids, contents, strict=True))
    stats = _corpus_stats(memories, texts, analyses)
    gathered: dict = {}
    g = build_graph(memories, analyses, used, registry, memo, hashes, stats, texts, columns=gathered)
    t2 = time.perf_counter()
    return Build(g, used, {"extract": t1 - t0, "build": t2 - t1}, analyses,
                 memo.used if memo is not None else {}, hashes, stats, texts, gathered.get("nodes"))


def build_graph(
    memories: Sequence[Memory],
    analyses: Sequence[MemoryAnalysis],
    extractor: str,
    registry: Registry,
    memo: DecisionMemo | None = None,
    hashes: Mapping[str, str] | None = None,
    stats: corpus.CorpusStats | None = None,
    texts: Mapping[str, str] | None = None,
    *,
    columns: dict | None = None,
) -> nx.MultiDiGraph:
    """Resolve, classify and link already-extracted mentions into a graph.

    ``memo``: type decisions of an earlier build to reuse where their inputs are
    unchanged (``update`` passes the cache's; only for per-memory extractors).
    ``hashes``: memory id -> ``content_hash`` when the caller already has them.
    ``stats``: the store statistics of these memories and analyses (``_corpus_stats``),
    when the caller already summed them. ``texts``: memory id -> content of these memories,
    when the caller has it. ``columns``: a dict that gets, under ``"nodes"``, the nodes'
    provenance as the graph file's table columns (:class:`BuiltColumns`), when they are one."""
    with gcpause.paused():
        return _build_graph(memories, analyses, extractor, registry, memo, hashes, stats, texts, columns)


def _build_graph(
    memories: Sequence[Memory],
    analyses: Sequence[MemoryAnalysis],
    extractor: str,
    registry: Registry,
    memo: DecisionMemo | None,
    hashes: Mapping[str, str] | None,
    stats: corpus.CorpusStats | None = None,
    texts: Mapping[str, str] | None = None,
    columns: dict | None = None,
) -> nx.MultiDiGraph:
    ids = list(map(_ID, memories))  # (C-level passes: this runs per memory of the store)
    by_id = dict(zip(ids, memories, strict=True))
    created = dict(zip(ids, map(_CREATED, memories), strict=True))
    if texts is None:
        texts = dict(zip(ids, map(_CONTENT, memories), strict=True))
    if hashes is None:
        hashes = {m.id: content_hash(m.content) for m in memories}
    mentions = list(chain.from_iterable(map(_MENTIONS, analyses)))

    if stats is None:
        stats = _corpus_stats(memories, texts, analyses)
    clusters = resolve.cluster(mentions, registry)
    corpus.want(stats, [gazetteer.key(c.name) for c in clusters])  # (the names typing looks up)
    decide = classify.decide
    if memo is not None:
        memo.index(analyses, hashes)
        decide = memo.decide
    decisions = {c.key: decide(c.name, c.mentions, texts, stats) for c in clusters}
    sizes = {c.key: len(c.mentions) for c in clusters}
    clusters = resolve.refine(clusters, {k: d.type for k, d in decisions.items()}, registry, texts)
    # a cluster that grew by a merge is typed again from all of its mentions
    decisions = {
        c.key: decisions[c.key] if sizes.get(c.key) == len(c.mentions) and c.key in decisions
        else decide(c.name, c.mentions, texts, stats)
        for c in clusters
    }

    nodes: list[tuple[str, dict]] = []
    owner: dict[int, str] = {}  # id(mention) -> entity id
    # entity id -> its entries' memory ids and other fields as columns, for the writer
    chunks: dict[str, tuple[list, ...]] | None = {} if columns is not None else None
    for c in clusters:
        d = decisions[c.key]
        pin = _pin_for(registry, c)
        etype, conf, reasons = d.type, d.confidence, list(d.reasons)
        if pin is not None and pin.ignore:
            continue
        if pin is not None and pin.type:
            etype, conf, reasons = pin.type, 1.0, ["pinned in registry", *reasons]
        if etype is None:
            continue
        for m in c.mentions:
            owner[id(m)] = c.key
        chunk = None
        if chunks is not None:
            chunk = chunks[c.key] = [[], [], [], [], [], [], 0]
        nodes.append((c.key, _node(c, etype, conf, reasons, created, pinned=pin is not None, gather=chunk)))
    if chunks is not None and columns is not None:  # (the memory times: when no id is repeated)
        columns["nodes"] = _gathered(chunks, created if len(created) == len(memories) else None)

    known = {key for key, _ in nodes}
    entity_of_mention: dict[tuple[str, int], str] = {}
    owner_of = owner.get
    for a in analyses:  # every kept mention of the store (co-occurrence counts them all)
        mid = a.memory_id
        for i, m in enumerate(a.mentions):
            e = owner_of(id(m))
            if e is not None:
                entity_of_mention[(mid, i)] = e
    speaker_entity: dict[tuple[str, str], str] = {}
    own_speaker: dict[tuple[str, str], str] = {}
    normalize = resolve.normalize
    # speaker -> its key when that is a node, else "": a store has few speakers, thousands of turns
    spoken: dict[str, str] = {}
    # who speaks where: asked only for a relation's "@speaker" end, so read only in the memories
    # that have relations (a chat store's turns all have a speaker; few have a relation)
    said = {a.memory_id for a in analyses if a.relations}
    for a in analyses:
        mid = a.memory_id
        if mid not in said:
            continue
        for m in a.mentions:
            spk = m.speaker
            if spk:
                key = spoken.get(spk)
                if key is None:
                    key = normalize(spk)
                    key = spoken[spk] = key if key in known else ""
                if key:
                    speaker_entity[(mid, spk)] = key
                e = owner_of(id(m))
                if e is not None and m.extractor == "speaker":
                    own_speaker[(mid, spk)] = e
    # a speaker's own mention says which node it was resolved into (merges change the id)
    speaker_entity.update(own_speaker)
    # edges stay plain records up to the graph (the public relations.* functions return models)
    rels = link_edges(list(analyses), entity_of_mention, speaker_entity, by_id)
    types = {key: attrs["type"] for key, attrs in nodes}
    rels = check_edge_types(rels, types)
    rels += co_occurrence_edges(list(analyses), entity_of_mention, types, by_id, rels)
    records = _memory_records(memories, map(hashes.__getitem__, ids))
    meta = {"extractor": extractor, "generator": "soulgraph"}
    return assemble(nodes, [r.edge() for r in rels], records, meta)


_ID, _CREATED, _CONTENT = attrgetter("id"), attrgetter("created_at"), attrgetter("content")
_MENTIONS = attrgetter("mentions")


def _corpus_stats(memories: Sequence[Memory], texts: Mapping[str, str],
                  analyses: Sequence[MemoryAnalysis]) -> corpus.CorpusStats:
    """Store statistics summed from the per-memory facts extraction left on each analysis (read
    from the text for any memory without them); when it left none (the regex extractor), read
    from the whole store at once (the same figures, a fraction of the work)."""
    facts = {a.memory_id: a.facts for a in analyses if a.facts is not None}
    if not facts:
        return corpus.store_stats(texts, {m.id: corpus.turns_of(m) for m in memories})
    return corpus.aggregate((mid, facts.get(mid) or corpus.memory_facts(text)) for mid, text in texts.items())


def memory_record(m: Memory, content_hash_: str | None = None) -> dict:
    """What the graph file keeps of a memory (see :class:`MemoryRecord`)."""
    return _memory_records((m,), (content_hash_,))[0]


def _memory_records(memories: Sequence[Memory], hashes: Iterable[str | None]) -> list[dict]:
    """Every memory's record (:func:`memory_record`), in one loop: no call per memory of the
    store. A hash not given is computed."""
    out = []
    append = out.append
    # (fields read from each model's own dict: a subscript costs less than a model attribute)
    for d, h in zip(map(vars, memories), hashes, strict=True):
        rec = {"id": d["id"], "hash": h or content_hash(d["content"]), "text": d["content"]}
        if (t := d["created_at"]) is not None:  # (the optional fields only when set, in this order)
            rec["created_at"] = t
        if (layer := d["layer"]) is not None:
            rec["layer"] = layer
        if (speaker := d["speaker"]) is not None:
            rec["speaker"] = speaker
        if d["superseded"]:
            rec["superseded"] = True
        append(rec)
    return out


def _pin_for(registry: Registry, c: resolve.Cluster):
    if not registry.entities:  # (no pins: no name of the cluster to normalise and look up)
        return None
    for name in (c.name, *c.aliases):
        pin = registry.entities.get(name)
        if pin is not None:
            return pin
    keys = {resolve.normalize(n) for n in (c.name, *c.aliases)}
    for name, pin in registry.entities.items():
        if resolve.normalize(name) in keys:
            return pin
    return None


def _gathered(chunks: dict[str, list], times: Mapping[str, str | None] | None) -> BuiltColumns | None:
    """The nodes' provenance columns (:func:`_node`'s ``gather``) in the graph's node order
    (:func:`assemble` adds nodes by id), when every entry has its memory's time or none has:
    the table the writer would read back out of the entries (``columns._built_table``); with
    ``times``, memory id -> ``created_at`` (what the graph's memory records say)."""
    order = sorted(chunks)
    parts = list(map(chunks.__getitem__, order))
    timed = sum(part[6] for part in parts)
    if not parts or timed not in (0, sum(len(part[0]) for part in parts)):
        return None  # (dated and undated memories: the writer reads the entries)
    ids, *fields = (list(chain.from_iterable(part[i] for part in parts)) for i in range(6))
    return BuiltColumns(ids, dict(zip(_PROV_FIELDS, fields, strict=True)), times)


# the columns _node gathers after the memory id, in the order of the file's (sorted) fields
_PROV_FIELDS = ("end", "extractor", "sentence_end", "sentence_start", "start")


def _node(c, etype, conf, reasons, created, *, pinned: bool, gather: list | None = None) -> dict:
    """Node attributes (the :class:`Entity` fields) as a plain dict: this runs per entity
    over every mention, so it avoids model validation on the hot path. ``created``: memory
    id -> its ``created_at``.

    Provenance: one entry per position (memory, start), in that order; of mentions at one
    position the first in ``c.mentions`` order (what a stable sort by position keeps).
    ``gather``: lists the entries' memory ids and :data:`_PROV_FIELDS` are appended to (then
    the number of entries with a time), for :func:`_gathered`."""
    # (read backwards, the first mention of a position is the one left in the dict)
    first: dict[tuple[str, int], Mention] = {(m.memory_id, m.start): m for m in reversed(c.mentions)}
    at = sorted(first)
    ms = list(map(first.__getitem__, at))
    prov, times = [], []
    add_prov, add_time = prov.append, times.append
    for (mid, start), m in zip(at, ms, strict=True):
        t = created[mid]
        if t is not None:  # (the time last: the key order of an entry whose memory has none, plus it)
            add_prov({"memory_id": mid, "start": start, "end": m.end, "sentence_start": m.sent_start,
                      "sentence_end": m.sent_end, "extractor": m.extractor, "time": t})
            add_time(t)
        else:
            add_prov({"memory_id": mid, "start": start, "end": m.end, "sentence_start": m.sent_start,
                      "sentence_end": m.sent_end, "extractor": m.extractor})
    if gather is not None:  # (whole columns at once: comprehensions, no call per entry)
        gather[:7] = ([mid for mid, _ in at], [m.end for m in ms], [m.extractor for m in ms],
                      [m.sent_end for m in ms], [m.sent_start for m in ms], [start for _, start in at],
                      len(times))
    node = {
        "name": c.name, "type": etype, "aliases": list(c.aliases),
        "merged_from": list(c.merged_from), "confidence": round(conf, 3),
        "reasons": list(reasons[:6]), "pinned": pinned, "mention_count": len(prov),
        "provenance": prov,
    }
    if times:
        node["first_seen"], node["last_seen"] = min(times), max(times)
    return node
