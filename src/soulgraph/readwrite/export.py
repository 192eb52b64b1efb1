"""Export a graph for other tools: node-link JSON, GraphML, GEXF, Mermaid, Graphviz DOT.

GraphML and GEXF only hold scalar attributes, so lists and dicts (aliases,
provenance) are written as JSON strings and None values are left out; the
memory records stay in node-link only (they are recall's data, not the
graph's). Mermaid and DOT are for looking at a graph: nodes get synthetic ids
and every label is escaped, so names with spaces, quotes or brackets render.
"""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx

from soulgraph.errors import SoulgraphError
from soulgraph.query import is_weak

FORMATS = ("node-link", "graphml", "gexf", "mermaid", "dot")


def export(g: nx.MultiDiGraph, fmt: str, *, include_weak: bool = True) -> bytes:
    """The graph serialised in ``fmt`` (one of :data:`FORMATS`)."""
    if fmt not in FORMATS:
        raise SoulgraphError(f"unknown export format {fmt!r}; use one of {', '.join(FORMATS)}")
    if not include_weak:
        g = without_weak(g)
    if fmt == "node-link":
        from soulgraph.readwrite import nodelink

        return nodelink.dumps(g, columns=False)  # a dict per provenance entry, for any reader
    if fmt == "graphml":
        return "\n".join(nx.generate_graphml(scalar_copy(g))).encode("utf-8") + b"\n"
    if fmt == "gexf":
        return "\n".join(nx.generate_gexf(scalar_copy(g))).encode("utf-8") + b"\n"
    if fmt == "mermaid":
        return mermaid(g).encode("utf-8")
    return dot(g).encode("utf-8")


def export_to(source: Path, fmt: str, out: Path | None = None, *, include_weak: bool = True) -> bytes:
    """Load ``source`` (graph file, soul, memory file), export it, and write ``out`` atomically if given."""
    from soulgraph.api import load

    if out is not None:
        refuse_own_files(Path(source), Path(out))
    raw = export(load(Path(source)), fmt, include_weak=include_weak)
    if out is not None:
        from soulgraph.safety import atomic_write_bytes

        atomic_write_bytes(Path(out), raw)
    return raw


def refuse_own_files(source: Path, out: Path) -> None:
    """An export's ``--out`` must not replace what it reads, nor what soulgraph keeps with it:
    the store itself, a file inside a soul folder (a text folder's memory files), or a sidecar
    (``X.bak``, ``X.graph-cache``, ``X.soulgraph.json``; a memory file's ``X.graph.json``: a
    soul keeps none beside it), nor another soul, memory store or registry: one mistyped path
    was a soul turned into DOT text."""
    from soulgraph.locate import keeps, refuse_user_data
    from soulgraph.sources import shown

    s = source.resolve()
    stores = [s, s.with_name(s.name.removesuffix(".graph.json"))]  # a graph file's memory file too
    if any(keeps(t, out, graph_ok=_is_soul(t)) for t in stores):
        raise SoulgraphError(f"--out {shown(out)} would replace {shown(source)} or a file soulgraph "
                             "keeps with it; write the export elsewhere")
    refuse_user_data(out, "write the export elsewhere")


def _is_soul(path: Path) -> bool:
    from soulgraph.sources import sniff

    try:
        return sniff(path) in ("soul-zip", "soul-dir")
    except SoulgraphError:  # nothing there, or no store at all
        return False


def without_weak(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    h = g.copy()
    h.remove_edges_from([(u, v, k) for u, v, k, d in g.edges(keys=True, data=True)
                         if is_weak(d.get("relation", k), d)])
    return h


def _scalar(value):
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


def scalar_copy(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy whose every attribute is a str/int/float/bool (None dropped)."""
    h = nx.MultiDiGraph()
    h.graph.update({k: _scalar(v) for k, v in g.graph.items() if k != "memories" and v is not None})
    h.graph["memory_count"] = len(g.graph.get("memories", ()))
    for n, d in g.nodes(data=True):
        h.add_node(n, **{k: _scalar(v) for k, v in d.items() if v is not None})
    for u, v, k, d in g.edges(keys=True, data=True):
        attrs = {a: _scalar(x) for a, x in d.items() if x is not None}
        attrs.setdefault("relation", k)
        h.add_edge(u, v, key=k, **attrs)
    return h


# ---------------------------------------------------------------------- Mermaid

_MERMAID_CODES = {"#": "#35;", '"': "#quot;", "<": "#lt;", ">": "#gt;", "|": "#124;",
                  "\n": " ", "\r": " ", "`": "#96;"}


def mermaid_label(text: str) -> str:
    """Text safe inside a quoted Mermaid label (entity codes for the characters it parses)."""
    return "".join(_MERMAID_CODES.get(c, c) for c in str(text))


def mermaid(g: nx.MultiDiGraph) -> str:
    """A ``flowchart LR``: nodes ``n0..`` labelled "name (type)", weak edges dotted."""
    ids = {n: f"n{i}" for i, n in enumerate(sorted(g.nodes))}
    lines = ["flowchart LR"]
    for n in sorted(g.nodes):
        d = g.nodes[n]
        label = f"{d.get('name') or n} ({d.get('type', 'concept')})"
        lines.append(f'    {ids[n]}["{mermaid_label(label)}"]')
    for u, v, k, d in sorted(g.edges(keys=True, data=True), key=lambda e: (e[0], e[2], e[1])):
        rel = mermaid_label(d.get("relation", k))
        arrow = "-.->" if is_weak(d.get("relation", k), d) else "-->"
        lines.append(f'    {ids[u]} {arrow}|"{rel}"| {ids[v]}')
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- DOT


def dot_quote(text: str) -> str:
    """A double-quoted DOT string (backslashes, quotes and newlines escaped)."""
    s = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "")
    return f'"{s}"'


def dot(g: nx.MultiDiGraph) -> str:
    """Graphviz DOT: node ids quoted as they are, labelled by name; weak edges dashed."""
    lines = ["digraph soulgraph {", "    rankdir=LR;", "    node [shape=box];"]
    for n in sorted(g.nodes):
        d = g.nodes[n]
        lines.append(f"    {dot_quote(n)} [label={dot_quote(d.get('name') or n)}, "
                     f"type={dot_quote(d.get('type', 'concept'))}];")
    for u, v, k, d in sorted(g.edges(keys=True, data=True), key=lambda e: (e[0], e[2], e[1])):
        rel = d.get("relation", k)
        style = ", style=dashed" if is_weak(rel, d) else ""
        lines.append(f"    {dot_quote(u)} -> {dot_quote(v)} [label={dot_quote(rel)}{style}];")
    lines.append("}")
    return "\n".join(lines) + "\n"
