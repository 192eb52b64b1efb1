"""Find a store's graph: where ``health`` reads it and ``update`` writes it.

A soul keeps its graph inside (``memory/graph.json``, ours or soul-protocol's);
a memory file keeps it beside itself (``<file>.graph.json``) or at ``--graph``/
``--out``; a bare graph JSON is read alone. Same rules as ``repair``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import networkx as nx

from soulgraph.errors import SoulgraphError
from soulgraph.gcpause import paused
from soulgraph.models import Memory
from soulgraph.readwrite import nodelink, soulproto
from soulgraph.readwrite.columns import BuiltColumns
from soulgraph.sources import Store, default_graph_path, read_store, shown

if TYPE_CHECKING:
    from soulgraph.sources import soul_write


def graph_from_data(data, name: str) -> nx.MultiDiGraph:
    """Our node-link graph, or soul-protocol's ``graph.json`` layout converted."""
    if isinstance(data, dict) and "nodes" in data:
        try:
            return nodelink.from_data(data)
        except SoulgraphError as exc:
            raise SoulgraphError(f"{name}: {exc}") from None
    if isinstance(data, dict) and ("entities" in data or "edges" in data or "soulgraph" in data):
        g = soulproto.from_soul(data)
        if not isinstance(data.get("soulgraph"), dict):
            g.graph["missing_endpoints"] = _missing_endpoints(data)
        return g
    raise SoulgraphError(f"{name}: not a graph (no 'nodes' or 'entities')")


def _missing_endpoints(data: dict) -> list[str]:
    """Edge endpoints that soul-protocol's layout does not list under ``entities`` (its
    loader invents them as ``unknown`` nodes; health counts those edges as dangling)."""
    ents = data.get("entities")
    names = set(ents) if isinstance(ents, dict) else {
        e.get("name") for e in ents or () if isinstance(e, dict)}
    out = {str(e[k]) for e in data.get("edges") or () if isinstance(e, dict)
           for k in ("source", "target") if k in e and e[k] not in names}
    return sorted(out)


@paused()
def load_graph_file(path: Path) -> nx.MultiDiGraph:
    return graph_from_data(nodelink.read_json(path), str(Path(path)))


@paused()
def soul_graph(store: Store) -> nx.MultiDiGraph:
    """The soul's graph as stored; an empty graph when it has none yet."""
    if not store.graph_raw or not store.graph_raw.strip():
        return nx.MultiDiGraph(format="soul-protocol")
    name = f"{store.path}: memory/graph.json"
    g = graph_from_data(nodelink.parse_json(store.graph_raw, name=name), name)
    lend_texts(g, store.memories)
    return g


def lend_texts(g: nx.MultiDiGraph, memories: Sequence[Memory]) -> None:
    """Give each memory record of ``g`` that has no ``text`` (a graph written into a soul
    keeps none: :func:`nodelink.without_texts`) its memory's text from ``memories``, only
    while that text is the one the graph was built from (``content_hash`` equal to the
    record's hash): a memory edited or deleted since lends nothing, so no span of the old
    text points into new words; its record stays without text, as a missing one always was,
    and ``update`` sees it as changed by its hash. Records that keep a text are left alone."""
    bare = _bare(g)
    if not bare:
        return
    from soulgraph.hashing import content_hash

    texts = {m.id: m.content for m in memories}
    for rec in bare:
        text = texts.get(rec.get("id"))
        if text is not None and rec.get("hash") == content_hash(text):
            rec["text"] = text


def _bare(g: nx.MultiDiGraph) -> list[dict]:
    """The memory records of ``g`` that keep no ``text``."""
    recs = g.graph.get("memories")
    if type(recs) is not list:
        return []
    return [r for r in recs if type(r) is dict and "text" not in r]


def lacks_texts(g: nx.MultiDiGraph) -> bool:
    """Every memory record of ``g`` is without its text: a soul's graph read apart from its
    soul (sentences, explanations and recall text then come out empty)."""
    recs = g.graph.get("memories")
    return type(recs) is list and len(_bare(g)) == len(recs) > 0


def _soul_graph_to_read(store: Store) -> nx.MultiDiGraph:
    """:func:`soul_graph` for the commands that only read it: a damaged graph's error says
    how to rebuild it."""
    try:
        return soul_graph(store)
    except SoulgraphError as exc:
        raise SoulgraphError(f"{exc}; `soulgraph repair --rebuild-graph {shown(store.path)}` "
                             "rebuilds it") from None


def soul_graph_or_none(store: Store) -> nx.MultiDiGraph | None:
    """A soul's graph as "before" for a report: None for a memory file, a soul without a graph,
    or a damaged graph.json (what repair is for; no reason to refuse writing a new graph)."""
    if not store.is_soul or not store.graph_raw:
        return None
    try:
        return soul_graph(store)
    except SoulgraphError:
        return None


def _is_graph_json(path: Path) -> bool:
    if not (path.is_file() and path.suffix == ".json"):
        return False
    with path.open("rb") as fh:
        head = fh.read(256).lstrip(b"\xef\xbb\xbf \t\r\n")
    return head[:1] == b"{"


def open_graph(source: Path, graph: Path | None = None) -> tuple[nx.MultiDiGraph, list[Memory] | None]:
    """(graph, the store's memories or None when ``source`` is a bare graph file)."""
    source = Path(source)
    if graph is None and _is_graph_json(source):
        g = load_graph_file(source)
        _lend_from_folder(g, source)
        if lacks_texts(g):
            import warnings

            warnings.warn(f"{source} keeps no memory texts (the graph of a soul, read apart from "
                          "it): no sentences or recall text; give the soul instead", stacklevel=2)
        return g, None
    store = read_store(source)
    if graph is not None:
        g = load_graph_file(graph)
        lend_texts(g, store.memories)
        return g, store.memories
    if store.is_soul:
        return _soul_graph_to_read(store), store.memories
    path = default_graph_path(store)
    if not path.exists():
        raise SoulgraphError(f"{source}: no graph at {path}; build it with `soulgraph repair "
                             f"--rebuild-graph {source}`, or give the graph file written with --out")
    g = load_graph_file(path)
    lend_texts(g, store.memories)
    return g, store.memories


def _lend_from_folder(g: nx.MultiDiGraph, path: Path) -> None:
    """A soul folder's ``memory/graph.json`` opened as a graph file: its records keep no text
    (:func:`lend_texts`), so its soul lends them, when it reads (a soul that does not read
    leaves the graph as a bare graph file is: without the texts it does not hold)."""
    real = path.resolve()  # (a link named otherwise still reaches the soul's own graph.json)
    soul = real.parent.parent
    if real.name != "graph.json" or real.parent.name != "memory" or not (soul / "soul.json").is_file():
        return
    if not _bare(g):
        return
    try:
        memories = read_store(soul).memories
    except SoulgraphError:
        return
    lend_texts(g, memories)


def graph_target(store: Store, out: Path | None, registry: Path | None = None) -> Path | None:
    """Where the graph goes: ``out`` when given (a soul is then left untouched: asking for
    a file must never rewrite the store), else inside a soul (None) or beside a memory file.
    ``registry``: the registry file this run uses (``--registry``), never a graph's place."""
    if out is not None:
        out = Path(out)
        if store.is_soul and _inside(out, Path(store.path)):
            raise SoulgraphError(f"--out {shown(out)} is inside the soul {shown(store.path)}; write the "
                                 "graph file elsewhere, or leave out --out to repair the soul itself")
        if out.is_dir():
            raise SoulgraphError(f"--out {shown(out)} is a folder; give the graph file's path "
                                 f"(for example {shown(out / 'graph.json')})")
        if not store.is_soul and out.resolve() == Path(store.path).resolve():
            raise SoulgraphError(f"--out {shown(out)} is the memory store itself; write the graph "
                                 f"file elsewhere (by default it goes to {shown(default_graph_path(store))})")
        if store.kind == "textdir" and keeps(Path(store.path), out):
            raise SoulgraphError(f"--out {shown(out)} is a memory file of the text folder "
                                 f"{shown(store.path)}; write the graph file elsewhere")
        if keeps(Path(store.path), out, graph_ok=True):
            raise SoulgraphError(f"--out {shown(out)} is a file soulgraph keeps beside {shown(store.path)} "
                                 "(a backup, cache or the registry); write the graph file elsewhere")
        if registry is not None and out.resolve() == Path(registry).resolve():
            raise SoulgraphError(f"--out {shown(out)} is the registry this run reads (--registry); "
                                 "write the graph file elsewhere")
        refuse_user_data(out, "write the graph file elsewhere")
        return out
    return None if store.is_soul else default_graph_path(store)


def user_data(path: Path) -> str | None:
    """What an existing ``path`` holds when it is the user's data rather than a graph or an
    export soulgraph may replace: a soul or other ZIP, a memory file (``.jsonl``, a JSON list),
    a registry or other JSON that is no graph. None for a graph JSON, any other file, or nothing."""
    path = Path(path)
    if path.is_dir():
        return "a folder"
    if not path.is_file():
        return None
    with path.open("rb") as fh:
        zipped = fh.read(4).startswith(b"PK")
    if zipped or path.suffix == ".soul":
        return "a soul or another ZIP archive"
    if path.suffix == ".jsonl":
        return "a memory file"
    if path.suffix != ".json":
        return None
    try:
        data = nodelink.read_json(path)
    except SoulgraphError:
        return "a JSON file that is no graph"
    if isinstance(data, dict) and not data.keys().isdisjoint(("nodes", "edges", "soulgraph")):
        return None
    return "a memory store or a registry, not a graph"


def refuse_user_data(out: Path, other: str) -> None:
    """One line, exit 2, when ``--out`` would replace the user's data (see :func:`user_data`):
    one mistyped path replaced another soul or a registry with a graph or DOT text."""
    what = user_data(out)
    if what is not None:
        raise SoulgraphError(f"--out {shown(out)} is {what}; soulgraph replaces only its own graph "
                             f"and export files: {other}")


_SIDECARS = r"\.(?:bak(?:\.\d+)?|graph\.json(?:\.cache)?|graph-cache|soulgraph\.json)"


def keeps(store: Path, path: Path, *, graph_ok: bool = False) -> bool:
    """``path`` is ``store``, lies inside it (a soul folder; in a text folder, a memory file
    it reads), or is a file soulgraph keeps beside it: backups, graph, caches, registry
    (``graph_ok``: the graph file excepted)."""
    p, s = Path(path).resolve(), Path(store).resolve()
    if p == s:
        return True
    if s in p.parents:
        return not _text_folder(s) or _text_memory(p)
    if p.parent != s.parent or not p.name.startswith(s.name + "."):
        return False
    if graph_ok and p.name == s.name + ".graph.json":
        return False
    return re.fullmatch(re.escape(s.name) + _SIDECARS, p.name) is not None


def _text_folder(folder: Path) -> bool:
    from soulgraph.sources import sniff

    return folder.is_dir() and sniff(folder) == "textdir"


def _text_memory(path: Path) -> bool:
    """A file a text folder's reader takes as a memory (``.txt``/``.md``, not hidden)."""
    from soulgraph.sources.textdir import EXTENSIONS

    return not path.name.startswith(".") and path.name.lower().endswith(EXTENSIONS)


def _inside(path: Path, store_path: Path) -> bool:
    """``path`` is the store itself or lies under it (resolving links and "..")."""
    p, s = path.resolve(), store_path.resolve()
    return p == s or s in p.parents


def refuse_read_only(store: Store, target: Path | None, before: nx.MultiDiGraph | None = None) -> None:
    """Stop before any work when a write would replace a soul the user made read-only (the
    ZIP, or a folder's ``memory/graph.json``). A graph file (``target``) is ours to replace:
    it takes its store's permissions, so the graph of a read-only memory file is read-only.
    ``before``: the soul's graph; when it records exactly the store's memories the rebuild may
    give its very bytes (nothing to write, exit 0), so the writer decides (it refuses a change)."""
    from soulgraph.safety import read_only

    if target is not None or not store.is_soul:
        return
    soul = Path(store.path)
    locked = soul / "memory" / "graph.json" if store.kind == "soul-dir" else soul
    if read_only(locked) and not _records_store(before, store):
        from soulgraph.safety import refuse_read_only as refuse

        refuse(locked)


def _records_store(g: nx.MultiDiGraph | None, store: Store) -> bool:
    """``g`` holds a record of each memory of ``store`` at its current content, and no other."""
    from soulgraph.hashing import content_hash

    recs = g.graph.get("memories") if g is not None else None
    if not isinstance(recs, list) or len(recs) != len(store.memories):
        return False
    have = {r.get("id"): r.get("hash") for r in recs if isinstance(r, dict)}
    return have == {m.id: content_hash(m.content) for m in store.memories}


def write_graph(store: Store, g: nx.MultiDiGraph, target: Path | None,
                node_columns: BuiltColumns | None = None) -> soul_write.Written:
    """Write ``g`` where the store keeps its graph: inside a soul (``target`` None) or at
    ``target`` with the store's permissions. Nothing is written (``changed`` False) when the
    graph there already has exactly these bytes. ``node_columns``: the columns the build of
    ``g`` gathered (``Build.node_columns``), for a graph unchanged since it was built."""
    from soulgraph.sources import soul_write  # the writer, loaded only by commands that write

    if target is None:  # (a read-only soul is refused there, if its bytes would change)
        return soul_write.write_graph(store, soulproto.to_soul(g, node_columns=node_columns))
    changed = nodelink.save(g, target, like=store.mode_model, node_columns=node_columns)
    return soul_write.Written(changed, None)
