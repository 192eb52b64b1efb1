"""Provenance as columns in the graph file, turned back into dicts only when asked for.

A big graph holds far more provenance entries than nodes and edges (119k entries for 23k
nodes and edges at 30k memories). Parsed as one JSON object each they were half of the
file and most of its load time. The file (format ``soulgraph/3``) keeps, per node or
edge:

- ``provenance``: the memory id of every entry, in order (what other readers of
  node-link JSON, such as the eval's ``score.py``, read: a list of memory ids);
- ``provenance_columns``: every other field as a column, ``{field: [value per entry]}``,
  or ``{field: value}`` when all entries share it (``"extractor": "regex"``). The
  ``time`` column is left out when every entry's time is its memory's ``created_at``
  (the graph keeps the memory records); an entry whose memory has no time then has no
  ``time`` either.

Most entities' columns are rows of one table per kind (``provenance_table``), whose
columns of whole numbers (character offsets, most of the file's values) are packed as
hex of little-endian unsigned ints and columns of few distinct strings or floats coded
as levels plus a byte per row: a few long strings to parse instead of a JSON number per
row. ``soulgraph/2`` files (every row a JSON number) still load.

Entries that do not fit (not dicts, different fields, no string ``memory_id``, a time
that is neither its memory's nor given for every entry) stay a list of dicts, as in
``soulgraph/1`` files, which still load.

On load the node and edge attributes of entities with columns are :class:`LazyAttrs`:
plain dicts to every reader, whose ``"provenance"`` list of dicts is built the first
time something reads it (``d["provenance"]``, ``d.get("provenance")``, ``d.items()``,
``dict(d)``, ``json.dumps``, comparison, copy, pickle). Readers that only need memory
ids use :func:`provenance_ids`, which never builds them. Saving a graph whose
provenance was never read writes the columns back as they were read.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Mapping
from itertools import chain, repeat
from math import isfinite
from operator import itemgetter

import orjson

# soulgraph/3: whole-number table columns packed (see _packed); soulgraph/2: every row a
# JSON number; soulgraph/1: a dict per entry. All three load.
GRAPH_FORMAT = "soulgraph/3"
PROV = "provenance"
TABLE = "provenance_table"  # top level of the file: {"nodes": columns, "edges": columns}
COLUMNS = "provenance_columns"
_MID = "memory_id"
_UINT = {8: "B", 16: "H", 32: "I"}  # bits of a packed column -> array typecode of that size
_UINT = {bits: code for bits, code in _UINT.items() if array(code).itemsize * 8 == bits}
_BIG = sys.byteorder == "big"  # packed columns are little-endian


class Coded:
    """A table column of few distinct strings as read (``levels`` and a code per row, a
    bytes object or a list): rows become strings only when asked for."""

    __slots__ = ("levels", "codes")

    def __init__(self, levels: list, codes) -> None:
        self.levels, self.codes = levels, codes

    def __len__(self) -> int:
        return len(self.codes)

    def __getitem__(self, i):
        if type(i) is slice:
            return list(map(self.levels.__getitem__, self.codes[i]))
        return self.levels[self.codes[i]]

    def __iter__(self):
        return map(self.levels.__getitem__, self.codes)


_SEQ = (list, array, Coded)  # a table column with a value per row (anything else: one value)


class Rows:
    """Where the unbuilt provenance of loaded entities is: the memory ids of a kind's
    entities in file order, all in one list, and their columns (the kind's table, or one
    entity's own columns), with the graph's memory times. An entity holds its first row
    and its number of rows, not a list and a tuple of its own: ~53k fewer containers for
    the collector to scan after loading a 9k-node graph."""

    __slots__ = ("ids", "columns", "times", "table")

    def __init__(self, ids: list, columns: dict, times, table: bool) -> None:
        self.ids, self.columns, self.times, self.table = ids, columns, times, table


class LazyAttrs(dict):
    """A node's or edge's attributes whose ``provenance`` is still in columns.

    Behaves as the plain dict it becomes once ``provenance`` is built; only
    ``len``, ``in`` and :func:`provenance_ids` answer without building it."""

    __slots__ = ("_src", "_at", "_n")

    def __init__(self, attrs=(), src: Rows | None = None, at: int = 0, n: int = 0) -> None:
        """``src``: the :class:`Rows` rows ``at`` to ``at + n`` of which are the entries."""
        dict.__init__(self, attrs)
        self._src, self._at, self._n = src, at, n

    def _state(self) -> tuple | None:
        """(memory ids, columns, times, first table row or None for own columns) while
        ``provenance`` is unbuilt (the arguments of :func:`decode`), else None."""
        src = self._src
        if src is None:
            return None
        at = self._at
        return src.ids[at:at + self._n], src.columns, src.times, at if src.table else None

    def _build(self) -> None:
        state = self._state()
        if state is not None:
            self._src = None
            dict.__setitem__(self, PROV, decode(*state))

    # -- reads that can answer without building -----------------------------------------
    def __contains__(self, key) -> bool:
        return (key == PROV and self._src is not None) or dict.__contains__(self, key)

    def __len__(self) -> int:
        return dict.__len__(self) + (self._src is not None and not dict.__contains__(self, PROV))

    # -- reads that need the entries -------------------------------------------------------
    def __missing__(self, key):
        if key == PROV and self._src is not None:
            self._build()
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def get(self, key, default=None):
        if self._src is not None and key == PROV:
            self._build()
        return dict.get(self, key, default)

    def _built(self) -> dict:
        self._build()
        return self

    def __iter__(self):
        return dict.__iter__(self._built())

    def __reversed__(self):
        return dict.__reversed__(self._built())

    def keys(self):
        return dict.keys(self._built())

    def values(self):
        return dict.values(self._built())

    def items(self):
        return dict.items(self._built())

    def __eq__(self, other):
        self._build()
        if isinstance(other, LazyAttrs):
            other._build()
        return dict.__eq__(self, other)

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None

    def __repr__(self) -> str:
        return dict.__repr__(self._built())

    def copy(self) -> dict:
        return dict(dict.items(self._built()))

    def __reduce_ex__(self, protocol):  # copy, deepcopy and pickle see a plain dict
        return dict, (self.copy(),)

    def __or__(self, other):
        return self.copy() | other

    def __ror__(self, other):
        return dict(other) | self.copy()

    # -- writes ------------------------------------------------------------------------------
    def __setitem__(self, key, value) -> None:
        if key == PROV:
            self._src = None
        dict.__setitem__(self, key, value)

    def __delitem__(self, key) -> None:
        if key == PROV and self._src is not None and not dict.__contains__(self, PROV):
            self._src = None
            return
        dict.__delitem__(self, key)

    def __ior__(self, other):
        self.update(other)
        return self

    def update(self, *args, **kwargs) -> None:
        dict.update(self._built(), *args, **kwargs)

    def setdefault(self, key, default=None):
        return dict.setdefault(self._built(), key, default)

    def pop(self, key, *default):
        return dict.pop(self._built(), key, *default)

    def popitem(self):
        return dict.popitem(self._built())

    def clear(self) -> None:
        self._src = None
        dict.clear(self)

    # -- for the writer and id-only readers ----------------------------------------------------
    def pending(self) -> tuple[list, dict] | None:
        """(memory ids, columns) as read from the file, while ``provenance`` is unbuilt."""
        state = self._state()
        if state is None:
            return None
        ids, columns, _, at = state
        return ids, (columns if at is None else table_rows(columns, at, len(ids)))

    def pending_ids(self) -> list | None:
        """The memory ids of the unbuilt entries (a new list each call), else None."""
        src = self._src
        return None if src is None else src.ids[self._at:self._at + self._n]


def provenance_ids(attrs: Mapping) -> list:
    """The memory id of each provenance entry of a node or edge (bare-id entries as they
    are; entries without one left out), without building lazily loaded entries."""
    if type(attrs) is LazyAttrs:
        ids = attrs.pending_ids()
        if ids is not None:
            return ids
    prov = attrs.get(PROV)
    if not prov:
        return []
    try:
        ids = list(map(dict.get, prov, repeat(_MID)))  # C-speed path: all dicts
    except TypeError:
        ids = [p.get(_MID) if isinstance(p, dict) else p for p in prov]
    return [i for i in ids if i is not None]


def provenance_rows(attrs: Mapping, fields: tuple[str, ...]):
    """(memory id, *fields) of each provenance entry of a node or edge (None for a field
    an entry lacks; bare-id entries as (id, None, ...)), read from lazily loaded columns
    without building the entries (except ``time``, which is built with them)."""
    state = attrs._state() if type(attrs) is LazyAttrs else None
    if state is not None:
        ids, columns, _, at = state
        if "time" not in fields:
            end = None if at is None else at + len(ids)
            seqs = [ids]
            for f in fields:
                v = columns.get(f)
                seqs.append(repeat(v) if type(v) not in _SEQ else v if at is None else v[at:end])
            return zip(*seqs, strict=False)  # repeat(): endless
    prov = attrs.get(PROV) or ()
    return ((p.get(_MID), *map(p.get, fields)) if type(p) is dict else (p, *repeat(None, len(fields)))
            for p in prov)


def memory_times(records) -> dict:
    """Memory id -> ``created_at`` of the graph's memory records (the derived ``time``)."""
    return {r["id"]: r.get("created_at") for r in records or ()
            if isinstance(r, dict) and "id" in r}


class MemoryTimes:
    """A graph's :func:`memory_times`, read from its records the first time an entry is
    built (a load that builds none never pays for it)."""

    __slots__ = ("_graph", "_times")

    def __init__(self, graph: Mapping) -> None:
        self._graph = graph
        self._times: dict | None = None

    def get(self, memory_id, default=None):
        return self.mapping().get(memory_id, default)

    def mapping(self) -> dict:
        if self._times is None:
            self._times = memory_times(self._graph.get("memories"))
        return self._times


def decode(ids: list, columns: dict, times: Mapping | MemoryTimes, at: int | None = None) -> list[dict]:
    """The provenance dicts of one node or edge from its columns, or from rows ``at`` on of
    a table (keys in sorted order, as a sorted-keys JSON object would give them)."""
    if isinstance(times, MemoryTimes):
        times = times.mapping()
    names, seqs = [_MID], [ids]
    end = None if at is None else at + len(ids)
    for k, v in columns.items():
        names.append(k)
        seqs.append(repeat(v) if type(v) not in _SEQ else v if at is None else v[at:end])
    derive = "time" not in columns
    if derive:
        names.append("time")
        seqs.append(map(times.get, ids))
    order = sorted(range(len(names)), key=names.__getitem__)
    names = [names[i] for i in order]
    seqs = [seqs[i] for i in order]
    out = [dict(zip(names, row, strict=True)) for row in zip(*seqs, strict=False)]  # repeat(): endless
    if derive:
        for p in out:
            if p["time"] is None:
                del p["time"]
    return out


def lazy(item: dict, columns, times: MemoryTimes) -> LazyAttrs:
    """A copy of a node or edge object read from a file, its provenance left in columns;
    ValueError when the columns do not line up with the memory ids."""
    attrs = LazyAttrs(item)
    ids = dict.pop(attrs, PROV, None)
    dict.pop(attrs, COLUMNS)
    if type(ids) is not list or type(columns) is not dict or _MID in columns:
        raise ValueError("provenance columns: 'provenance' must be a list of memory ids and "
                         "the columns an object of the other fields")
    n = len(ids)
    for v in columns.values():
        if type(v) is list and len(v) != n:
            raise ValueError(f"provenance columns: a column does not match the {n} memory ids")
    attrs._src, attrs._at, attrs._n = Rows(ids, columns, times, False), 0, n
    return attrs


def check_table(table, rows: int) -> None:
    """ValueError unless ``table`` is columns of ``rows`` rows; its packed columns
    (``{"uint", "hex"}``) become arrays and its coded ones (``{"levels", "codes"}``)
    :class:`Coded`, in place."""
    if type(table) is not dict or _MID in table or "time" in table:
        raise ValueError("provenance table: not an object of columns other than memory_id and time")
    for k, v in table.items():
        if type(v) is dict:
            table[k] = v = _unpacked(v) if "hex" in v else _uncoded(v, k)
        if type(v) in _SEQ and len(v) != rows:
            raise ValueError(f"provenance table: a column does not have its {rows} rows")


def _unpacked(col: dict) -> array:
    code, hexed = _UINT.get(col.get("uint")), col.get("hex")
    if code is None or type(hexed) is not str:
        raise ValueError("provenance table: a packed column is not {uint: 8|16|32, hex}")
    vals = array(code)
    vals.frombytes(bytes.fromhex(hexed))  # ValueError: not hex, or not whole values
    if _BIG:
        vals.byteswap()
    return vals


def _uncoded(col: dict, name: str) -> Coded:
    levels, codes = col.get("levels"), col.get("codes")
    if type(codes) is str:
        codes = bytes.fromhex(codes)
    if type(levels) is not list or type(codes) not in (list, bytes):
        raise ValueError(f"provenance table: column {name!r} has codes outside its levels")
    if type(codes) is bytes:  # (deleting every valid code leaves nothing: C speed)
        bad = len(levels) > 256 or codes.translate(None, bytes(range(len(levels))))
    else:
        used = set(codes)  # (few distinct codes: cheaper than comparing every one)
        bad = not used <= set(range(len(levels))) or set(map(type, used)) - {int}
    if bad:
        raise ValueError(f"provenance table: column {name!r} has codes outside its levels")
    return Coded(levels, codes)


def _column(vals):
    """A table column as written: one value when all rows share it, else coded (few
    distinct strings) or packed (whole numbers), else the list."""
    if type(vals) is Coded:
        if type(vals.codes) is bytes:  # as read: written back as it was
            return {"levels": vals.levels, "codes": vals.codes.hex()}
        vals = list(vals)
    if type(vals) is list:
        vals = _constant(vals)
        return _coded(vals) if type(vals) is list else vals
    return _packed(vals) if type(vals) is array else vals


def _coded(vals: list):
    """A column of few distinct strings (extractors) or floats (edge confidences) as
    ``{"levels", "codes"}``, the codes as hex (a byte per row); a column of whole numbers
    packed (:func:`_packed`)."""
    t0 = type(vals[0]) if len(vals) >= 16 else None
    if t0 is int:
        return _packed(vals)
    kinds = set(map(type, vals)) if t0 is str or t0 is float else None
    if kinds != {str} and kinds != {float}:
        return vals
    levels = sorted(set(vals))
    if len(levels) > 64 or len(levels) * 4 > len(vals) or (
            kinds == {float} and (0.0 in levels or not all(map(isfinite, levels)))):
        return vals  # (-0.0 == 0.0 would merge; nan is no JSON number)
    index = {v: i for i, v in enumerate(levels)}
    return {"levels": levels, "codes": bytes(map(index.__getitem__, vals)).hex()}


def _packed(vals):
    """A column of whole numbers (character offsets) as ``{"uint": bits, "hex": ...}``: the
    little-endian unsigned ints of the smallest size that holds them all, as hex. One JSON
    string parses several times faster than a JSON number per row (the bulk of a big
    graph's values), and loads as an array of machine ints, not a list of int objects.
    A column read packed (an array) is written back at its size."""
    if type(vals) is array:
        if _BIG:
            vals = array(vals.typecode, vals)
            vals.byteswap()
        return {"uint": vals.itemsize * 8, "hex": vals.tobytes().hex()}
    if len(vals) < 16 or any(map(orjson.dumps(vals).__contains__, (b"t", b"f"))):
        return vals  # bools (JSON true, false) are not ints to a JSON reader; nor floats:
    try:  # (bytes() and struct refuse them, and stop at the first value out of range)
        return {"uint": 8, "hex": bytes(vals).hex()}
    except TypeError:
        return vals
    except ValueError:
        pass
    for bits, fmt in ((16, "H"), (32, "I")):
        try:
            return {"uint": bits, "hex": struct.pack(f"<{len(vals)}{fmt}", *vals).hex()}
        except struct.error:
            pass
    return vals


def table_rows(table: dict, at: int, n: int) -> dict:
    """Rows ``at`` to ``at + n`` of a table as one entity's columns (constants as scalars,
    as :func:`encode` writes them)."""
    out = {}
    for k, v in table.items():
        t = type(v)
        if t is list:
            v = _constant(v[at:at + n])
        elif t is array:
            v = _constant(v[at:at + n].tolist())
        elif t is Coded:
            v = _constant(list(map(v.levels.__getitem__, v.codes[at:at + n])))
        out[k] = v
    return out


def _constant(vals: list):
    """``vals`` as one value when they are all the same scalar of one type, else as is."""
    v0 = vals[0] if vals else None
    t0 = type(v0)
    last = vals[-1] if vals else None  # (a column whose ends differ is no constant: no count)
    if vals and t0 not in (list, dict) and (last is v0 or last == v0) and vals.count(v0) == len(vals) \
            and set(map(type, vals)) == {t0}:
        return v0
    return vals


def tabulate(encoded: list[tuple | None]) -> tuple[dict | None, list[bool]]:
    """The rows of the most common kind of entity (same fields, times derived) as one
    table: (table, which entities are in it). A file holds one such table for its nodes
    and one for its edges, so most entities carry only their memory ids. An entity is
    (memory ids, columns) or, still in the table it was read from, (memory ids, that
    table, its first row)."""
    kinds: dict[tuple, int] = {}
    for enc in encoded:
        if enc is not None and "time" not in enc[1]:
            key = tuple(enc[1])
            kinds[key] = kinds.get(key, 0) + 1
    if not kinds:
        return None, [False] * len(encoded)
    kind = min(kinds, key=lambda k: (-kinds[k], k))
    table: dict[str, list] = {k: [] for k in kind}
    member = []
    for enc in encoded:
        inside = enc is not None and "time" not in enc[1] and tuple(enc[1]) == kind
        member.append(inside)
        if inside:
            n = len(enc[0])
            if len(enc) == 3:  # rows of a table as read: sliced, not split into columns
                at = enc[2]
                for k, v in enc[1].items():
                    table[k].extend(v[at:at + n] if type(v) in _SEQ else repeat(v, n))
                continue
            for k, v in enc[1].items():
                if type(v) is list:
                    table[k].extend(v)
                else:
                    table[k].extend(repeat(v, n))
    return {k: _column(v) for k, v in table.items()}, member


_ABSENT = object()
_TIME = frozenset({"time"})


def encode(prov, times: Mapping) -> tuple[list, dict] | None:
    """(memory ids, columns) for a provenance list, or None when it does not fit columns
    (it is then written as a list of dicts)."""
    if type(prov) is not list or not prov:
        return None
    first = prov[0]
    if type(first) is not dict:
        return None
    keys = first.keys()
    try:
        some_timeless = any(p.keys() != keys for p in prov)
        if some_timeless and any(p.keys() - _TIME != keys - _TIME for p in prov):
            return None  # fields differ by more than a time (entries of undated memories)
        ids = list(map(itemgetter(_MID), prov))
    except (AttributeError, KeyError):
        return None
    if any(type(i) is not str for i in ids):
        return None
    mem = [times.get(i, _ABSENT) for i in ids]
    mem = [_ABSENT if t is None else t for t in mem]
    timed = some_timeless or "time" in keys
    if timed and [p.get("time", _ABSENT) for p in prov] == mem:
        timed = False  # every entry's time is its memory's (none when it has none): derived
    elif timed and some_timeless:
        return None
    elif not timed and any(t is not _ABSENT for t in mem):
        return None  # no time although the memory has one: derivation would add it
    columns: dict = {}
    for k in sorted(keys):
        if k == _MID or (k == "time" and not timed):
            continue
        columns[k] = _constant(list(map(itemgetter(k), prov)))
    return ids, columns


class BuiltColumns:
    """The provenance of a build's nodes as table columns, gathered while the build made the
    entries (``pipeline.rebuild``): the memory id of every entry, in the graph's node order,
    and each other field's column (sorted by name). It is :func:`_built_table` of those nodes
    (every entry of the same fields, its memory's time or, for every entry, none), handed
    to the writer so it need not read every entry back out of its dict; and ``times``, the
    graph's :func:`memory_times` (memory id -> ``created_at``), when the build knew them."""

    __slots__ = ("ids", "fields", "times")

    def __init__(self, ids: list, fields: dict[str, list], times: Mapping | None = None) -> None:
        self.ids, self.fields, self.times = ids, fields, times


def write_entities(attrs_list: list, times: Mapping,
                   built: BuiltColumns | None = None) -> tuple[list[dict], dict | None]:
    """The file's objects for a kind's nodes (or edges) and its provenance table.

    Two cases are done in bulk: every entity unread since it was loaded from one table
    (the table is written back), and every entity built in memory with entries of the
    same fields and their memories' times (one pass over all entries, or ``built``: the
    columns the build gathered for exactly these entities, unchanged since). Anything else
    is encoded entity by entity (:func:`encode`, :func:`tabulate`); all write the same."""
    # a LazyAttrs copied as stored, without its unbuilt provenance (dict.copy would build it)
    outs = [dict(dict.items(a)) if type(a) is LazyAttrs else a.copy() for a in attrs_list]
    if built is not None:
        done = _from_built(outs, built)
        if done is not None:
            return outs, done
    table = _unread_table(attrs_list)
    if table is not None:
        for out, a in zip(outs, attrs_list, strict=True):
            out[PROV], out[COLUMNS] = a.pending_ids(), "table"
        return outs, {k: _column(v) for k, v in table.items()}
    if not any(type(a) is LazyAttrs and a._src is not None for a in attrs_list):
        provs = [out.get(PROV) for out in outs]
        built = _built_table(provs, times)
        if built is not None:
            table, ids = built
            at = 0
            for out, prov in zip(outs, provs, strict=True):
                out[COLUMNS] = "table"
                out[PROV] = list(ids[at:at + len(prov)])
                at += len(prov)
            return outs, table
    encoded = []
    for out, a in zip(outs, attrs_list, strict=True):
        state = a._state() if type(a) is LazyAttrs else None
        if state is None:
            encoded.append(encode(out.get(PROV), times))
        else:
            ids, columns, _, at = state
            encoded.append((ids, columns) if at is None else (ids, columns, at))
    table, member = tabulate(encoded)
    for out, enc, inside in zip(outs, encoded, member, strict=True):
        if enc is not None:
            out[PROV] = enc[0]
            out[COLUMNS] = "table" if inside else enc[1] if len(enc) == 2 else \
                table_rows(enc[1], enc[2], len(enc[0]))
    return outs, table


def _from_built(outs: list[dict], built: BuiltColumns) -> dict | None:
    """The table of ``built`` for the objects ``outs`` (their provenance replaced by their
    memory ids), or None, touching nothing, when the entries do not add up to its rows."""
    sizes = [len(p) if type(p := out.get(PROV)) is list else -1 for out in outs]
    ids = built.ids
    if not outs or -1 in sizes or 0 in sizes or sum(sizes) != len(ids):
        return None
    at = 0
    for out, n in zip(outs, sizes, strict=True):
        out[COLUMNS] = "table"
        out[PROV] = ids[at:at + n]
        at += n
    return {k: _column(v) for k, v in built.fields.items()}


def _unread_table(attrs_list: list) -> dict | None:
    """The table every entity's provenance still is, rows in order, else None."""
    if not attrs_list or type(attrs_list[0]) is not LazyAttrs:
        return None
    src = attrs_list[0]._src
    if src is None or not src.table:
        return None
    at = 0
    for a in attrs_list:
        if type(a) is not LazyAttrs or a._src is not src or a._at != at:
            return None
        at += a._n
    if any(type(v) in _SEQ and len(v) != at for v in src.columns.values()):
        return None
    return src.columns


def _built_table(provs: list, times: Mapping) -> tuple[dict, tuple] | None:
    """(one table for every entry of ``provs``, the entries' memory ids) when all are dicts
    of the same fields, with string memory ids and their memories' times (entries of
    undated memories without); else None."""
    if not provs or any(type(p) is not list or not p for p in provs):
        return None
    rows = list(chain.from_iterable(provs))
    if set(map(type, rows)) != {dict}:
        return None
    fields = sorted(rows[0].keys() - {_MID, "time"})
    timed = "time" in rows[0]
    keys = (*fields, _MID, *(("time",) if timed else ()))
    try:  # one pass over the rows when all have a time or none has (the usual cases)
        if len(keys) == 1:  # (itemgetter of one key gives the value, not a 1-tuple)
            columns = [tuple(map(itemgetter(_MID), rows))]
        else:
            columns = list(zip(*map(itemgetter(*keys), rows), strict=True))
    except KeyError:
        return _built_table_mixed(rows, fields, times)
    if sum(map(len, rows)) != len(rows) * (len(fields) + 1 + timed):
        return None  # other fields than the first entry's
    ids = columns[len(fields)]
    if set(map(type, ids)) != {str}:
        return None
    memory_times = tuple(map(times.get, ids))
    if (columns[-1] != memory_times or None in memory_times) if timed else set(memory_times) != {None}:
        return None  # a time that is not its memory's, or none where the memory has one
    return {k: _column(list(col)) for k, col in zip(fields, columns, strict=False)}, ids


def _built_table_mixed(rows: list, fields: list, times: Mapping) -> dict | None:
    """:func:`_built_table` when only some rows have a time (memories without one)."""
    try:
        ids = list(map(itemgetter(_MID), rows))
        values = list(map(itemgetter(*fields), rows)) if fields else []
    except KeyError:
        return None
    if set(map(type, ids)) != {str}:
        return None
    has_time = list(map(dict.__contains__, rows, repeat("time")))
    # every row has the fields, its id and maybe a time: equal totals mean nothing else
    if sum(map(len, rows)) != len(rows) * (len(fields) + 1) + sum(has_time):
        return None  # other fields than the first entry's
    row_times = list(map(dict.get, rows, repeat("time")))
    if row_times != list(map(times.get, ids)):
        return None  # a time that is not its memory's
    if None in row_times and any(t is None and h for t, h in zip(row_times, has_time, strict=True)):
        return None  # an explicit null time
    columns = zip(*values, strict=True) if len(fields) > 1 else [values]
    return {k: _column(list(col)) for k, col in zip(fields, columns, strict=True)}, ids
