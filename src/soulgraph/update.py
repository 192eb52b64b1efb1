"""Incremental update: keep a graph equal to a full rebuild while re-reading only what changed.

Extraction is the expensive stage and, on the spaCy path, a pure function of one
memory; resolution, typing and linking are global but cheap. So an update
re-extracts only memories that are new or whose content hash changed, reuses the
cached extraction (:class:`MemoryAnalysis`) of every other memory, and re-runs
:func:`pipeline.build_graph` over all of them. Deleted memories simply have no
analysis any more: their provenance, and every node or edge left without
evidence, disappear, and entities whose evidence changed are re-typed, exactly
as a rebuild would do it. The regex extractor reads the whole store in two
passes (names learnt anywhere are found everywhere), so it is re-run in full:
it is fast.

The cache is a sidecar file (orjson) beside the graph: ``<graph>.cache`` for
memory files, ``<soul>.graph-cache`` for souls (a soul's members stay exactly
soul-protocol's). It is disposable: missing, corrupt, or written by other code
(see :func:`code_fingerprint`), it is ignored and everything is re-extracted.
"""

from __future__ import annotations

import functools
import hashlib
import time
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path

import networkx as nx
import orjson
from pydantic import BaseModel, Field

from soulgraph import exitfast, extract, gcpause, pipeline
from soulgraph.classify.memo import DecisionMemo
from soulgraph.extract import Progress
from soulgraph.extract.preload import ModelPreload
from soulgraph.models import Memory, MemoryAnalysis, Mention, RelationCandidate
from soulgraph.registry import Registry

CACHE_FORMAT = "soulgraph-analysis-cache/4"  # /4: a CRC-32 of the rest closes the file
_CHECK = b',"check":"'  # then 8 hex digits and '"}'
_MF = tuple(f.name for f in fields(Mention))
_RF = tuple(f.name for f in fields(RelationCandidate))


# What extraction's output can depend on (a cache written by other code of these is not
# reused), with the per-memory typing evidence it carries (``classify.prep``); resolution,
# typing and linking are re-run on every update anyway.
_EXTRACTION_CODE = ("__init__.py", "models.py", "shapes.py", "ontology.py", "relations.py",
                    "relations", "extract", "data", "sources/envelope.py", "sources/segments.py",
                    "classify")


@functools.cache
def code_fingerprint() -> str:
    """Hash of the code and data extraction runs on, and the package version."""
    root = Path(__file__).absolute().parent
    h = hashlib.blake2b(digest_size=10)
    for rel in _EXTRACTION_CODE:
        base = root / rel
        files = sorted(base.rglob("*")) if base.is_dir() else [base]
        for p in files:
            if p.is_file() and "__pycache__" not in p.parts:
                h.update(str(p.relative_to(root)).encode())
                h.update(p.read_bytes())
    return h.hexdigest()


# --------------------------------------------------------------------------- the cache


@dataclass
class AnalysisCache:
    """memory id -> (content hash, serialised analysis rows) for one extractor, and the
    type decisions of the build that wrote it (:class:`DecisionMemo`)."""

    extractor: str
    entries: dict[str, list] = field(default_factory=dict)  # id -> [hash, mentions, relations, facts]
    decisions: dict[str, list] = field(default_factory=dict)  # digest -> [type, confidence, reasons]

    def get(self, memory_id: str, content_hash: str) -> MemoryAnalysis | None:
        e = self.entries.get(memory_id)
        if e is None or e[0] != content_hash:
            return None
        return MemoryAnalysis(memory_id=memory_id,
                              mentions=[Mention(*row) for row in e[1]],
                              relations=[RelationCandidate(*row) for row in e[2]],
                              facts=e[3] if len(e) > 3 else None)

    def put(self, content_hash: str, a: MemoryAnalysis) -> None:
        self.entries[a.memory_id] = [
            content_hash,
            [[getattr(m, f) for f in _MF] for m in a.mentions],
            [[getattr(r, f) for f in _RF] for r in a.relations],
            a.facts,
        ]

    def dumps(self) -> bytes:
        """The file: one JSON object whose last key, ``check``, is the CRC-32 of the bytes
        before it (rows damaged on disk or edited are never reused, see :func:`intact`)."""
        body = orjson.dumps({
            "format": CACHE_FORMAT, "code": code_fingerprint(), "extractor": self.extractor,
            "mention_fields": _MF, "relation_fields": _RF, "entries": self.entries,
            "decisions": self.decisions,
        })[:-1]
        return body + b',"check":"%08x"}' % zlib.crc32(body)


def intact(raw: bytes) -> bool:
    """``raw`` ends with the CRC-32 of what precedes it (a few ms for a 10k-memory cache)."""
    at = len(raw) - len(_CHECK) - 10
    digits = raw[at + len(_CHECK):-2]
    if at < 0 or raw[at:at + len(_CHECK)] != _CHECK or not raw.endswith(b'"}') \
            or len(digits) != 8 or digits.strip(b"0123456789abcdef"):
        return False
    return int(digits, 16) == zlib.crc32(memoryview(raw)[:at])


def load_cache(path: Path | None, extractor: str | None) -> AnalysisCache | None:
    """The cache at ``path`` when it was written by this code for ``extractor``, else None."""
    if path is None or not Path(path).is_file():
        return None
    try:
        return loads_cache(Path(path).read_bytes(), extractor)
    except OSError:
        return None


def loads_cache(raw: bytes, extractor: str | None = None) -> AnalysisCache | None:
    if not intact(raw):
        return None
    try:
        with gcpause.paused():  # many small lists: collections would re-scan them all
            data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
        return None
    if data.get("code") != code_fingerprint() or tuple(data.get("mention_fields", ())) != _MF \
            or tuple(data.get("relation_fields", ())) != _RF:
        return None
    if extractor not in (None, "auto") and data.get("extractor") != extractor:
        return None
    entries, decisions = data.get("entries"), data.get("decisions")
    return AnalysisCache(str(data.get("extractor")), entries if isinstance(entries, dict) else {},
                         decisions if isinstance(decisions, dict) else {})


def save_cache(cache: AnalysisCache, path: Path, *, like: Path | None = None) -> None:
    """Write the cache atomically with the permissions of ``like`` (the store: it holds spans)."""
    from soulgraph.safety import atomic_write_bytes, file_holds

    raw = cache.dumps()
    if not file_holds(Path(path), raw):  # an up-to-date store: nothing written at all
        atomic_write_bytes(Path(path), raw, like=like)


def cache_from_build(build: pipeline.Build, memories: Sequence[Memory]) -> AnalysisCache | None:
    """The cache a full rebuild leaves behind, so the next update starts warm (None for regex)."""
    if build.extractor == "regex":
        return None
    cache = AnalysisCache(build.extractor, decisions=build.decisions)
    hashes = {m.id: pipeline.content_hash(m.content) for m in memories}
    for a in build.analyses:
        cache.put(hashes[a.memory_id], a)
    return cache


# --------------------------------------------------------------------------- in process


class UpdateStats(BaseModel):
    memories: int = 0
    new: list[str] = Field(default_factory=list)
    changed: list[str] = Field(default_factory=list)
    deleted: list[str] = Field(default_factory=list)
    extracted: int = 0  # memories run through the extractor this time
    reused: int = 0  # analyses taken from the cache
    typed: int = 0  # entities whose type was decided again (their evidence changed)
    typing_reused: int = 0  # type decisions taken from the cache (same evidence as before)
    nodes_added: list[str] = Field(default_factory=list)
    nodes_removed: list[str] = Field(default_factory=list)
    retyped: list[dict] = Field(default_factory=list)
    edges_added: int = 0
    edges_removed: int = 0
    timings: dict[str, float] = Field(default_factory=dict)


@dataclass
class Updated:
    graph: nx.MultiDiGraph
    extractor: str
    cache: AnalysisCache | None
    stats: UpdateStats


def update_memories(
    memories: Sequence[Memory],
    graph: nx.MultiDiGraph | None = None,
    cache: AnalysisCache | None = None,
    *,
    extractor: str = "auto",
    registry: Registry | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    preload: ModelPreload | None = None,
) -> Updated:
    """The graph of ``memories`` (equal to ``pipeline.rebuild``), re-extracting only
    memories the cache does not hold at their current content. For agents that keep
    the graph and cache in memory between saves (``preload``: a child already loading
    the spaCy model, see :mod:`soulgraph.extract.preload`)."""
    t0 = time.perf_counter()
    registry = registry or Registry()
    memories = sorted(memories, key=lambda m: m.id)
    hashes = {m.id: pipeline.content_hash(m.content) for m in memories}
    stats = _diff_store(graph, hashes)
    want = extractor
    if want == "auto" and cache is not None and cache.extractor == "spacy":
        want = "spacy"  # spaCy was there when the cache was written; avoid re-probing
    analyses: list[MemoryAnalysis | None] = [None] * len(memories)
    if want != "regex" and cache is not None:
        with gcpause.paused():
            analyses = [cache.get(m.id, hashes[m.id]) for m in memories]
    todo = [i for i, a in enumerate(analyses) if a is None]
    t1 = time.perf_counter()
    used = cache.extractor if cache is not None and want != "regex" else want
    if todo or used not in ("spacy", "regex"):
        got = None
        if preload is not None and todo and want in ("auto", "spacy"):
            shown = [0]  # memories the child already reported; a fallback must not count them twice
            got = preload.analyze([memories[i] for i in todo], workers=workers,
                                  progress=extract.counting(progress, shown))
            used = "spacy" if got is not None else used
            if got is None and shown[0]:
                progress = extract.skipping(progress, shown[0])
        if got is None:
            got, used = extract.analyze([memories[i] for i in todo] if todo else [], want,
                                        workers=workers, progress=progress)
        if used == "regex" and len(todo) != len(memories):  # store-level passes: redo all
            todo = list(range(len(memories)))
            got, used = extract.analyze(memories, "regex", workers=workers, progress=progress)
        for i, a in zip(todo, got, strict=True):
            analyses[i] = a
    new_cache = memo = None
    if used != "regex":
        new_cache = AnalysisCache(used)
        same = cache is not None and cache.extractor == used
        old = cache.entries if same else {}
        memo = DecisionMemo(cache.decisions if same else None)
        fresh = set(todo)
        for i, m in enumerate(memories):
            if i in fresh or m.id not in old:
                new_cache.put(hashes[m.id], analyses[i])
            else:
                new_cache.entries[m.id] = old[m.id]
    t2 = time.perf_counter()
    g = pipeline.build_graph(memories, analyses, used, registry, memo, hashes)
    t3 = time.perf_counter()
    if memo is not None:
        new_cache.decisions = memo.used
        stats.typed, stats.typing_reused = memo.decided, memo.reused
    stats.memories, stats.extracted, stats.reused = len(memories), len(todo), len(memories) - len(todo)
    with gcpause.paused():  # two big graphs alive: a collection here would scan both
        _diff_graphs(graph, g, stats)
    stats.timings = {"prepare": round(t1 - t0, 4), "extract": round(t2 - t1, 4),
                     "build": round(t3 - t2, 4)}
    return Updated(g, used, new_cache, stats)


def _diff_store(graph: nx.MultiDiGraph | None, hashes: dict[str, str]) -> UpdateStats:
    old = {r["id"]: r.get("hash") for r in (graph.graph.get("memories") or ()) if isinstance(r, dict)} \
        if graph is not None else {}
    s = UpdateStats()
    s.new = [i for i in hashes if i not in old]
    s.changed = [i for i, h in hashes.items() if i in old and old[i] != h]
    s.deleted = sorted(old.keys() - hashes.keys())
    return s


def _diff_graphs(old: nx.MultiDiGraph | None, new: nx.MultiDiGraph, s: UpdateStats) -> None:
    if old is None:
        s.nodes_added = sorted(map(str, new.nodes))
        s.edges_added = new.number_of_edges()
        return
    s.nodes_added = sorted(str(n) for n in new.nodes if n not in old)
    s.nodes_removed = sorted(str(n) for n in old.nodes if n not in new)
    s.retyped = [{"node": str(n), "from": old.nodes[n].get("type"), "to": d.get("type")}
                 for n, d in new.nodes(data=True)
                 if n in old and old.nodes[n].get("type") != d.get("type")]
    old_e, new_e = set(old.edges(keys=True)), set(new.edges(keys=True))
    s.edges_added, s.edges_removed = len(new_e - old_e), len(old_e - new_e)


# --------------------------------------------------------------------------- from a source


class UpdateReport(BaseModel):
    source: str
    kind: str
    extractor: str
    out: str | None
    cache: str | None
    dry_run: bool
    cold: bool  # no usable cache: everything was extracted
    stats: UpdateStats
    before: dict | None = None
    after: dict | None = None
    seconds: float = 0.0
    backup: str | None = None
    written: bool = False  # False for a dry run, or when nothing changed (the graph is left alone)


def cache_path(store, graph_path: Path | None) -> Path:
    """``<graph>.cache`` for memory files; ``<soul>.graph-cache`` beside a soul."""
    if graph_path is not None:
        return graph_path.with_name(graph_path.name + ".cache")
    p = Path(store.path)
    return p.with_name(p.name.rstrip("/") + ".graph-cache")


def update(
    source: Path,
    *,
    out: Path | None = None,
    dry_run: bool = False,
    extractor: str = "auto",
    registry: Path | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    with_health: bool = False,
) -> UpdateReport:
    """Bring the graph of ``source`` up to date with its memories, and write it back.

    Holds the soul's lock from read to write, as ``repair`` does (none for dry runs)."""
    from soulgraph import health, locate
    from soulgraph import registry as registry_mod
    from soulgraph.sources import read_store, soul_write

    # GC paused throughout: the store, graph and cache are millions of acyclic objects that
    # every full collection would re-scan (0.1-0.2 s of a small update at 10k memories).
    # The child is forked before the lock is taken, so it never holds the lock's descriptor.
    locking = not dry_run and out is None  # a graph written to --out leaves the soul alone
    with _preloading(extractor) as pre, soul_write.repair_lock(Path(source), enabled=locking), \
            gcpause.paused():
        t0 = time.perf_counter()
        source = Path(source)
        store = read_store(source)
        reg_path = registry_mod.path_for(source, registry)
        reg = registry_mod.load(reg_path)
        target = locate.graph_target(store, out, reg_path)
        if target is None:
            old = _soul_graph(store)
        elif target.exists():
            old = locate.load_graph_file(target)
        else:  # a new --out file: "before" is the soul's own graph, as repair reports it
            old = locate.soul_graph_or_none(store)
        if not dry_run:  # a read-only soul whose graph must change fails before any work
            locate.refuse_read_only(store, target, old)
        ours = old is not None and bool(old.graph.get("memories"))  # else soul-protocol's, or none
        if extractor == "auto" and ours and old.graph.get("extractor"):
            extractor = str(old.graph["extractor"])  # keep the graph's own extractor
        # The cache is keyed by memory content, so it stays valid whoever rewrote the graph
        # (soul-protocol rewrites graph.json in its own layout on every save).
        cpath = cache_path(store, target)
        cache = load_cache(cpath, extractor)
        t_read = time.perf_counter() - t0
        try:
            res = update_memories(store.memories, old, cache, extractor=extractor, registry=reg,
                                  workers=workers, progress=progress, preload=pre)
        except _DAMAGE as exc:
            if cache is None:
                raise
            res = _without_cache(cpath, exc, store.memories, old, extractor=extractor,
                                 registry=reg, workers=workers, progress=progress)
        written = None
        t_write = time.perf_counter()
        if not dry_run:
            written = locate.write_graph(store, res.graph, target)
            if res.cache is not None:
                save_cache(res.cache, cpath, like=store.mode_model)
            elif cpath.exists():
                cpath.unlink()
        res.stats.timings = {"read": round(t_read, 4), **res.stats.timings,
                             "write": round(time.perf_counter() - t_write, 4)}
        corpus = health.store_corpus(store.memories) if with_health else None  # one scan, both summaries
        exitfast.keep(store, cache, old, res)  # a CLI process exits without freeing them
        return UpdateReport(
            source=str(source), kind=store.kind, extractor=res.extractor,
            out=str(target) if target is not None else str(source),
            cache=str(cpath) if res.cache is not None else None, dry_run=dry_run,
            cold=res.stats.reused == 0 and res.stats.memories > 0, stats=res.stats,
            before=health.summary(old, store.memories, source=str(source), corpus=corpus)
            if with_health and old is not None else None,
            after=health.summary(res.graph, store.memories, source=str(source), corpus=corpus,
                                 graph=str(out) if out is not None else None)
            if with_health else None,
            seconds=round(time.perf_counter() - t0, 3),
            backup=str(written.backup) if written and written.backup else None,
            written=bool(written and written.changed),
        )


def _soul_graph(store) -> nx.MultiDiGraph | None:
    """The soul's graph before the update; a damaged ``graph.json`` is None (one warning):
    the update writes a whole new graph, as ``repair`` does, instead of refusing."""
    from soulgraph import locate
    from soulgraph.errors import SoulgraphError

    try:
        return locate.soul_graph(store)
    except SoulgraphError as exc:
        import warnings

        warnings.warn(f"{exc}; the update builds it anew", stacklevel=2)
        return None


# What rows of the wrong shape in a damaged cache file raise (valid JSON, so it loaded)
_DAMAGE = (TypeError, ValueError, IndexError, KeyError, AttributeError)


def _without_cache(cpath: Path, exc: Exception, memories: Sequence[Memory],
                   old: nx.MultiDiGraph | None, **kw) -> Updated:
    """The update again with no cache, after ``exc`` from a cache file whose rows are not
    what this code writes (edited, or damaged on disk): a cold update, one warning. A fault
    of the code itself raises again here, now without the cache to blame."""
    import warnings

    warnings.warn(f"{cpath}: the analysis cache is damaged ({type(exc).__name__}); "
                  "extracting every memory again", stacklevel=2)
    return update_memories(memories, old, None, **kw)


@contextmanager
def _preloading(extractor: str) -> Iterator[ModelPreload | None]:
    """Start loading the spaCy model in a child while the store, graph and cache are read
    (half of a small update's time otherwise); stopped on the way out, used or not."""
    from soulgraph.extract import preload

    pre = preload.start() if extractor in ("auto", "spacy") else None
    try:
        yield pre
    finally:
        if pre is not None:
            pre.close()


def after_rebuild(store, build: pipeline.Build, graph_path: Path | None) -> None:
    """Leave the cache a full rebuild implies, so the next ``update`` starts warm
    (``repair`` calls this after writing the graph; ``graph_path`` None: a soul)."""
    cpath = cache_path(store, Path(graph_path) if graph_path is not None else None)
    cache = cache_from_build(build, store.memories)
    if cache is not None:
        save_cache(cache, cpath, like=store.mode_model)
    elif cpath.exists():
        cpath.unlink()
