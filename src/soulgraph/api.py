"""The Python API the CLI wraps: one function per command."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import networkx as nx
from pydantic import BaseModel, Field

from soulgraph import gcpause, health, locate, pipeline, update
from soulgraph import registry as registry_mod
from soulgraph.extract import Progress
from soulgraph.sources import Store, read_store


class RepairReport(BaseModel):
    source: str
    kind: str
    extractor: str
    memories: int
    out: str | None
    dry_run: bool
    before: dict | None
    after: dict
    seconds: float
    timings: dict[str, float] = Field(default_factory=dict)
    backup: str | None = None
    written: bool = False  # False for a dry run, or when the graph there was already this one


def existing_graph(store: Store, out: Path | None = None, *,
                   target: Path | None = None) -> nx.MultiDiGraph | None:
    """The graph the store has now, for the before -> after report.

    A soul's damaged graph.json is what repair is for, so it counts as no graph;
    an unreadable file at ``out`` is an error (it may not be ours to overwrite). A soul
    whose graph goes to a new ``out`` file reports the soul's own graph as "before".
    ``target``: ``locate.graph_target(store, out)`` when the caller has it.
    """
    if target is None:
        target = locate.graph_target(store, out)
    if target is not None and target.exists():
        return locate.load_graph_file(target)
    return locate.soul_graph_or_none(store)


def repair(
    source: Path,
    *,
    out: Path | None = None,
    dry_run: bool = False,
    extractor: str = "auto",
    registry: Path | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    on_total: Callable[[int], None] | None = None,
) -> RepairReport:
    """Rebuild the graph of ``source`` and write it back (soul) or to ``out``.

    ``on_total(n)`` is told the number of memories once they are read, and
    ``progress(k)`` is called as extraction finishes memories (progress bars).
    """
    args = (source, out, dry_run, extractor, registry, workers, progress, on_total)
    if extractor != "regex":  # spaCy's pipeline may make reference cycles: collect as usual
        return _repair(*args)
    # The regex repair makes next to no cycles, and each stage already pauses the collector
    # while it allocates; between stages it would re-scan the store and analyses still alive
    # (~30k containers at 2,760 memories). One pause over the whole repair instead: when
    # _repair returns they are freed by reference counting, before the collector resumes.
    with gcpause.paused():
        return _repair(*args)


def _repair(source: Path, out: Path | None, dry_run: bool, extractor: str, registry: Path | None,
            workers: int, progress: Progress | None,
            on_total: Callable[[int], None] | None) -> RepairReport:
    t0 = time.perf_counter()
    source = Path(source)
    from soulgraph.sources.soul_write import repair_lock

    # one repair of a soul at a time; a graph written to --out leaves the soul alone, so no lock
    with repair_lock(source, enabled=not dry_run and out is None):
        store = read_store(source)
        if on_total is not None:
            on_total(len(store.memories))
        reg_path = registry_mod.path_for(source, registry)
        target, written = locate.graph_target(store, out, reg_path), None
        before_g = existing_graph(store, out, target=target)  # locate's loaders pause the GC
        if not dry_run:  # before the rebuild: a read-only soul whose graph must change fails
            locate.refuse_read_only(store, target, before_g)  # at once, not minutes later
        reg = registry_mod.load(reg_path)
        build = pipeline.rebuild(store.memories, extractor=extractor, registry=reg,
                                 workers=workers, progress=progress)
        # neither writing it nor summing up its health makes cycles (GC scans: 3x the time at 30k)
        with gcpause.paused():
            if not dry_run:
                written = locate.write_graph(store, build.graph, target, build.node_columns)
                update.after_rebuild(store, build, target)  # warm cache for `soulgraph update`
            # read once for both summaries
            corpus = health.store_corpus(store.memories, hashes=build.hashes, stats=build.stats,
                                         texts=build.texts)
            return RepairReport(
                source=str(source), kind=store.kind, extractor=build.extractor,
                memories=len(store.memories), out=str(target if target is not None else source),
                dry_run=dry_run,
                before=health.summary(before_g, store.memories, source=str(source), corpus=corpus)
                if before_g is not None else None,
                after=health.summary(build.graph, store.memories, source=str(source), corpus=corpus,
                                     graph=str(out) if out is not None else None, built=True),
                seconds=round(time.perf_counter() - t0, 3),
                timings={k: round(v, 3) for k, v in build.timings.items()},
                backup=str(written.backup) if written and written.backup else None,
                written=bool(written and written.changed),
            )


def load(source: Path, graph: Path | None = None) -> nx.MultiDiGraph:
    """Open a graph: a graph JSON file (ours or soul-protocol's), a soul, or a memory
    file with its graph beside it (or at ``graph``)."""
    return locate.open_graph(Path(source), graph)[0]
