"""soulgraph's own graph file: networkx node-link JSON written with orjson.

Deterministic: nodes and edges are written in the graph's canonical order and
keys sorted, so rebuilding the same input gives a byte-identical file. Loading
then saving round-trips exactly.
"""

from __future__ import annotations

from collections import deque
from itertools import accumulate, chain, repeat
from pathlib import Path

import networkx as nx
import orjson

from soulgraph.errors import SoulgraphError
from soulgraph.gcpause import paused
from soulgraph.readwrite import columns as cols

# Compact (no indentation): a 10k-node graph is 30 MB instead of 49 MB and loads ~10 % faster;
# `python -m json.tool G.json` or `jq . G.json` shows it indented.
_OPTS = orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE


def to_data(g: nx.MultiDiGraph, *, columns: bool = True,
            node_columns: cols.BuiltColumns | None = None, texts: bool = True) -> dict:
    """networkx's node-link layout (``edges`` key), built directly: same data as
    ``nx.node_link_data(g, edges="edges")``, several times faster on big graphs.

    ``columns``: provenance as memory ids plus columns (``soulgraph/3``, see
    :mod:`soulgraph.readwrite.columns`); False writes every entry as a dict, as
    ``nx.node_link_data`` would (for other tools). ``node_columns``: the nodes' provenance
    columns as the build that made ``g`` gathered them (``Build.node_columns``), for a
    graph unchanged since. ``texts``: False leaves each memory record's ``text`` out (a
    graph written into a soul, which holds the texts itself: see :func:`without_texts`)."""
    graph = dict(g.graph)
    if not texts:
        graph["memories"] = without_texts(graph.get("memories"))
    if not columns:
        return {
            "directed": True,
            "multigraph": True,
            "graph": graph,
            "nodes": [{**attrs, "id": n} for n, attrs in g.nodes(data=True)],
            "edges": [{**attrs, "source": u, "target": v, "key": k}
                      for u, v, k, attrs in g.edges(keys=True, data=True)],
        }
    if graph.get("format") in ("soulgraph/1", "soulgraph/2"):
        graph["format"] = cols.GRAPH_FORMAT  # the layout written below
    times = node_columns.times if node_columns is not None and node_columns.times is not None \
        else cols.memory_times(graph.get("memories"))
    nodes, node_table = cols.write_entities([attrs for _, attrs in g.nodes(data=True)], times, node_columns)
    for out, n in zip(nodes, g.nodes, strict=True):
        out["id"] = n
    edges, edge_table = cols.write_entities([attrs for *_, attrs in g.edges(keys=True, data=True)], times)
    for out, (u, v, k) in zip(edges, g.edges(keys=True), strict=True):
        out["source"], out["target"], out["key"] = u, v, k
    data = {"directed": True, "multigraph": True, "graph": graph}
    tables = {kind: t for kind, t in (("nodes", node_table), ("edges", edge_table)) if t is not None}
    if tables:
        data[cols.TABLE] = tables
    data["nodes"], data["edges"] = nodes, edges
    return data


def without_texts(records: object) -> object:
    """The memory records without their ``text``: copies, the graph's own left as they are.
    A soul's graph keeps no second copy of its memories' texts (a memory the user deleted
    from the soul must not live on in its graph); readers lend them back from the soul
    (``locate.lend_texts``). A record that is no dict is kept as it is, as is anything but
    a list."""
    if type(records) is not list:
        return records
    if set(map(type, records)) != {dict}:  # (an odd record: one by one)
        return [_without_text(r) if type(r) is dict else r for r in records]
    # (every record a dict, the usual: a C-level copy each, then its "text" popped, the other
    # keys left in their order; a comprehension per record cost ~5k instructions each)
    out = list(map(dict.copy, records))
    deque(map(dict.pop, out, repeat("text"), repeat(None)), maxlen=0)
    return out


def _without_text(record: dict) -> dict:
    """A copy of ``record`` without its ``text`` key."""
    out = record.copy()
    out.pop("text", None)
    return out


def from_data(data: dict) -> nx.MultiDiGraph:
    """A node-link graph (``edges`` or ``links``) as a MultiDiGraph; edges without a
    ``key`` get networkx's automatic keys. Built directly rather than through
    ``nx.node_link_graph``, which is ~7x slower at 10k nodes (graph load budget).
    Provenance written as columns stays columns until read (:class:`columns.LazyAttrs`)."""
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list):
        raise SoulgraphError("not a node-link graph: no 'nodes' list")
    edges = data.get("edges", data.get("links")) or []
    if not isinstance(edges, list):
        raise SoulgraphError("malformed node-link graph: 'edges' is not a list")
    g = nx.MultiDiGraph()
    g.graph.update(data.get("graph") or {})
    _skip_odd_records(g.graph)
    times = cols.MemoryTimes(g.graph)
    tables = data.get(cols.TABLE) or {}
    try:
        node_attrs = _entities(data["nodes"], _copy(tables.get("nodes")), times)
        edge_attrs = _entities(edges, _copy(tables.get("edges")), times)
        _check_text_fields(node_attrs, edge_attrs)
        _add_nodes(g, node_attrs)
        _add_edges(g, edge_attrs)
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise SoulgraphError(f"malformed node-link graph: {exc.__class__.__name__}") from None
    return g


_TEXT = frozenset({str, type(None)})


def _types_of(items: list, key: str) -> set[type]:
    return set(map(type, map(dict.get, items, repeat(key))))


_NUMBERS = frozenset({int, float})


def _ids_as_text(items: list, keys: tuple[str, ...]) -> None:
    """Number ids and endpoints read as their text (``nx.node_link_data`` of a graph whose
    nodes are 1, 2, ...): every command reads ids as text. Only a file holding one pays."""
    for key in keys:
        if _types_of(items, key) & _NUMBERS:
            for a in items:
                if type(a.get(key)) in _NUMBERS:
                    a[key] = str(a[key])


def _check_text_fields(nodes: list, edges: list) -> None:
    """The fields every command reads as text (node ids, names and types, edge endpoints
    and relations), checked once at load, C-level: a graph edited by hand or written by
    another tool with null or a list there is one clear error here, not a traceback later;
    number ids are read as their text."""
    _ids_as_text(nodes, ("id",))
    _ids_as_text(edges, ("source", "target"))
    wrong = next((f"a node's {k!r}" for k, ok in (("id", {str}), ("name", _TEXT), ("type", _TEXT))
                  if _types_of(nodes, k) - ok), None)
    wrong = wrong or next((f"an edge's {k!r}" for k, ok in
                           (("source", {str}), ("target", {str}), ("relation", _TEXT))
                           if _types_of(edges, k) - ok), None)
    if wrong:
        raise SoulgraphError(f"malformed node-link graph: {wrong} is not a string")


def _skip_odd_records(meta: dict) -> None:
    """Drop memory records that are not ``{"id": text, "text": text or null, ...}`` (a
    hand-edited graph): every reader skips them, as health always did; a rebuild or update
    writes them again from the store. Checked C-level; the usual file is left as it is."""
    mems = meta.get("memories")
    if mems is None:
        return
    if type(mems) is not list:
        meta["memories"] = []
    elif set(map(type, mems)) - {dict} or _types_of(mems, "id") - {str} \
            or _types_of(mems, "text") - _TEXT:
        meta["memories"] = [r for r in mems if type(r) is dict and type(r.get("id")) is str
                            and type(r.get("text")) in _TEXT]


def _add_nodes(g: nx.MultiDiGraph, attrs: list) -> None:
    """Nodes straight into networkx's dicts (``add_node`` would copy every attrs dict)."""
    node, succ, pred = g._node, g._succ, g._pred
    ids = list(map(dict.pop, attrs, repeat(_stored(attrs, "id"))))
    node.update(zip(ids, attrs, strict=True))
    if len(node) != len(ids):  # a repeated id: merged, as add_node does
        node.clear()
        for nid, a in zip(ids, attrs, strict=True):
            if nid in node:
                node[nid].update(a)
            else:
                node[nid] = a
    n = len(node)
    succ.update(zip(node, map(dict.copy, repeat({}, n)), strict=True))
    pred.update(zip(node, map(dict.copy, repeat({}, n)), strict=True))


def _add_edges(g: nx.MultiDiGraph, attrs: list) -> None:
    succ, pred = g._succ, g._pred
    pop = dict.pop
    us = list(map(pop, attrs, repeat(_stored(attrs, "source"))))
    vs = list(map(pop, attrs, repeat(_stored(attrs, "target"))))
    ks = list(map(pop, attrs, repeat(_stored(attrs, "key")), repeat(None)))
    for u, v, key, a in zip(us, vs, ks, attrs, strict=True):
        if key is None or u not in succ or v not in succ:
            key = g.add_edge(u, v, key=key)
        out = succ[u]
        keys = out.get(v)
        if keys is None:
            out[v] = pred[v][u] = {key: a}
            continue
        old = keys.get(key)
        if old:
            old.update(a)
        else:
            keys[key] = a


def _entities(items: list, table, times: cols.MemoryTimes) -> list:
    """The attributes of each node or edge object of the file: provenance rows taken in
    file order from the kind's column table (one LazyAttrs each, made and filled by C-level
    maps: the hot path of a big graph), columns of its own, or plain entries (a copy).
    The table's entities keep their memory ids in one list (:class:`columns.Rows`): the
    file's list per entity is dropped with the file's objects."""
    n = len(items)
    if set(map(type, items)) - {dict}:
        raise TypeError("a node or edge is not an object")
    attrs = list(map(cols.LazyAttrs.__new__, repeat(cols.LazyAttrs, n)))
    deque(map(dict.update, attrs, items), maxlen=0)
    kinds = list(map(dict.pop, attrs, repeat(_stored(items, cols.COLUMNS)), repeat(None)))
    if kinds.count("table") == n:  # the file as soulgraph writes it
        ids = list(map(dict.pop, attrs, repeat(_stored(items, cols.PROV))))
        if set(map(type, ids)) - {list}:
            raise ValueError("provenance: not a list of memory ids")
        sizes = list(map(len, ids))
        at = list(accumulate(sizes, initial=0))
        rows = cols.Rows(list(chain.from_iterable(ids)), table, times, True)
        deque(map(setattr, attrs, repeat("_src"), repeat(rows, n)), maxlen=0)
        deque(map(setattr, attrs, repeat("_at"), at), maxlen=0)  # (at: n + 1 values)
        deque(map(setattr, attrs, repeat("_n"), sizes), maxlen=0)
        n_rows = at[-1]
    else:
        rows = cols.Rows([], table, times, True)
        n_rows = 0
        for i, (item, kind) in enumerate(zip(items, kinds, strict=True)):
            if kind is None:
                attrs[i] = item.copy()
            elif kind != "table":
                attrs[i] = cols.lazy(item, kind, times)
            else:
                ids = dict.pop(attrs[i], cols.PROV)
                if type(ids) is not list:
                    raise ValueError("provenance: not a list of memory ids")
                attrs[i]._src, attrs[i]._at, attrs[i]._n = rows, n_rows, len(ids)
                rows.ids += ids
                n_rows += len(ids)
    if table is not None or n_rows:  # every row of the table claimed, none past its end
        cols.check_table(table, n_rows)
    return attrs


def _stored(dicts: list, name: str) -> str:
    """``name`` as the key object the first of ``dicts`` holds (orjson makes one object per
    key name and shares it across a file's objects), else ``name``. Popping a key by the
    object the dict holds matches on identity; an equal string of our own is compared
    character by character in each of the ~115k pops of a 9k-node graph (the parser's dicts
    have general key tables: no fast path for strings)."""
    if dicts and type(dicts[0]) in (dict, cols.LazyAttrs):
        for key in dict.keys(dicts[0]):
            if key == name:
                return key
    return name


def _copy(table):
    """A table as read, copied (its coded columns are decoded into the copy)."""
    return dict(table) if type(table) is dict else table


def dumps(g: nx.MultiDiGraph, *, columns: bool = True,
          node_columns: cols.BuiltColumns | None = None) -> bytes:
    return orjson.dumps(to_data(g, columns=columns, node_columns=node_columns), option=_OPTS)


@paused()
def loads(raw: bytes, *, name: str = "graph") -> nx.MultiDiGraph:
    return from_data(parse_json(raw, name=name))


def parse_json(raw: bytes, *, name: str) -> object:
    """JSON bytes -> data, or a one-line error naming ``name``."""
    try:
        data = _parse_in_pieces(raw)
        return orjson.loads(raw) if data is None else data
    except orjson.JSONDecodeError as exc:
        raise SoulgraphError(f"{name}: invalid JSON ({exc.args[0]})") from None


# A big graph file as soulgraph writes it (orjson, sorted keys, compact) is parsed in pieces.
# orjson asks for a parse buffer of 12 bytes per byte of input: 180 MB for a 15 MB file, an
# mmap of fresh pages every load, whose page faults were ~40 % of the parse's CPU time (the
# kernel's). A piece's buffer is small enough for malloc to reuse from one piece to the next.
_HEAD = b'{"directed":true,"edges":['
_MEMORIES = (b'],"graph":{', b'"memories":[')  # (after the edges, before the memory records)
_NODES = b']},"multigraph":true,"nodes":['
_TABLE = b'],"provenance_table":{'
_PIECE = 1 << 19  # bytes of input per piece
_HOLE = b'"\\u0000hole%d"'  # an array's stand-in in the skeleton: a string no file can hold there


def _parse_in_pieces(raw) -> dict | None:
    """The data of a big graph file laid out as soulgraph writes it, parsed as its three
    big arrays (edges, memory records, nodes) cut into pieces, and the rest with a
    string in place of each array; None (parse the whole file) for any other input or at
    the first doubt. It gives exactly the whole file's data, because:

    - a piece is a run of an array's elements cut at ``},{"``, parsed on its own, wrapped
      in brackets to the array's depth (orjson's depth limit applies as in the whole
      file): a run that parses is whole elements, and runs joined by commas are the array;
      a cut inside a string leaves an unterminated string, which does not parse;
    - an array's end found too early (the same bytes inside an element) cuts an element,
      whose last piece then does not parse either;
    - the skeleton (the file with ``"\\u0000holeN"`` for array N) parses and holds those
      strings at ``edges``, ``graph.memories`` and ``nodes``: with no backslash outside the
      arrays, only the stand-ins can make such strings, so each stand-in is a whole value
      there, and the array's text, a whole value too, can take its place.
    Any failure, malformed files included, falls back to parsing the whole file, which
    raises orjson's own error."""
    if type(raw) is not bytes or len(raw) < 4 * _PIECE or not raw.startswith(_HEAD):
        return None
    edges0 = len(_HEAD) - 1  # each array's text is raw[x0:x1 + 1], '[' to ']'
    edges1 = raw.find(_MEMORIES[0], edges0)
    memories0 = -1 if edges1 < 0 else raw.find(_MEMORIES[1], edges1)
    memories1 = -1 if memories0 < 0 else raw.find(_NODES, memories0)
    nodes1 = -1 if memories1 < 0 else raw.find(_TABLE, memories1)
    if nodes1 < 0:
        return None
    memories0 += len(_MEMORIES[1]) - 1
    nodes0 = memories1 + len(_NODES) - 1
    view = memoryview(raw)
    outside = ((0, edges0), (edges1 + 1, memories0), (memories1 + 1, nodes0), (nodes1 + 1, len(raw)))
    if any(raw.find(b"\\", a, b) >= 0 for a, b in outside):
        return None
    skeleton = chain.from_iterable(zip(
        (view[a:b] for a, b in outside), (*(_HOLE % i for i in range(3)), b""), strict=True))
    try:
        data = orjson.loads(b"".join(skeleton))
    except orjson.JSONDecodeError:
        return None
    if type(data) is not dict or type(data.get("graph")) is not dict:
        return None
    holes = ((data, "edges", edges0, edges1, 2), (data["graph"], "memories", memories0, memories1, 3),
             (data, "nodes", nodes0, nodes1, 2))
    if [d.get(k) for d, k, *_ in holes] != [f"\x00hole{i}" for i in range(3)]:
        return None
    arrays = [_pieces(raw, view, start, end, depth) for *_, start, end, depth in holes]
    if None in arrays:
        return None
    for (d, k, *_), array in zip(holes, arrays, strict=True):
        d[k] = array
    return data


def _pieces(raw: bytes, view: memoryview, start: int, end: int, depth: int) -> list | None:
    """The array ``raw[start:end + 1]``, at ``depth`` in the file, parsed in pieces of about
    ``_PIECE`` bytes; None when a piece does not parse (see :func:`_parse_in_pieces`)."""
    out: list = []
    first = start + 1
    while first < end:
        cut = raw.find(b'},{"', first + _PIECE, end)
        last = end if cut < 0 else cut + 1
        try:
            piece = orjson.loads(b"".join((b"[" * depth, view[first:last], b"]" * depth)))
        except orjson.JSONDecodeError:
            return None
        for _ in range(depth - 1):  # unwrapped: one list in each bracket, or the cut was wrong
            piece = piece[0] if type(piece) is list and len(piece) == 1 else None
        if type(piece) is not list:
            return None
        out += piece
        first = last + 1
    return out


def read_json(path: Path) -> object:
    """A JSON file's data, or a one-line error naming the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SoulgraphError(f"{path}: cannot read ({exc.strerror})") from None
    return parse_json(raw, name=str(path))


def save(g: nx.MultiDiGraph, path: Path, *, like: Path | None = None,
         node_columns: cols.BuiltColumns | None = None) -> bool:
    """Write atomically (permissions of ``like``, e.g. the store); returns False, writing
    nothing, when the file already holds exactly these bytes (an update with nothing new
    leaves the file, its time stamp and any watcher alone). ``node_columns``: see :func:`to_data`."""
    from soulgraph.safety import atomic_write_bytes, file_holds

    raw, path = dumps(g, node_columns=node_columns), Path(path)
    if file_holds(path, raw):
        return False
    atomic_write_bytes(path, raw, like=like)
    return True


@paused()  # parsing a big graph makes ~10^5 containers, no cycles: the GC only re-scans them
def load(path: Path) -> nx.MultiDiGraph:
    return from_data(read_json(path))
