"""Provenance as columns in the graph file, turned back into dicts only when asked for.

A big graph holds far more provenance entries than nodes and edges (119k entries for 23k
nodes and edges at 30k memories). Parsed as one JSON object each they were half of the
file and most of its load time. The file (format ``soulgraph/2``) keeps, per node or
edge:

- ``provenance``: the memory id of every entry, in order (what other readers of
  node-link JSON, such as the eval's ``score.py``, read: a list of memory ids);
- ``provenance_columns``: every other field as a column, ``{field: [value per entry]}``,
  or ``{field: value}`` when all entries share it (``"extractor": "regex"``). The
  ``time`` column is left out when every entry's time is its memory's ``created_at``
  (the graph keeps the memory records); an entry whose memory has no time then has no
  ``time`` either.

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

from collections.abc import Mapping
from itertools import repeat
from operator import itemgetter

GRAPH_FORMAT = "soulgraph/2"  # provenance as columns (soulgraph/1: a dict per entry)
PROV = "provenance"
COLUMNS = "provenance_columns"
_MID = "memory_id"


class LazyAttrs(dict):
    """A node's or edge's attributes whose ``provenance`` is still in columns.

    Behaves as the plain dict it becomes once ``provenance`` is built; only
    ``len``, ``in`` and :func:`provenance_ids` answer without building it."""

    __slots__ = ("_pending",)

    def __init__(self, attrs=(), pending: tuple | None = None) -> None:
        """``pending``: (memory ids, columns, :class:`MemoryTimes`), see :func:`decode`."""
        dict.__init__(self, attrs)
        self._pending = pending

    def _build(self) -> None:
        pending = self._pending
        if pending is not None:
            self._pending = None
            dict.__setitem__(self, PROV, decode(*pending))

    # -- reads that can answer without building -----------------------------------------
    def __contains__(self, key) -> bool:
        return (key == PROV and self._pending is not None) or dict.__contains__(self, key)

    def __len__(self) -> int:
        return dict.__len__(self) + (self._pending is not None and not dict.__contains__(self, PROV))

    # -- reads that need the entries -------------------------------------------------------
    def __missing__(self, key):
        if key == PROV and self._pending is not None:
            self._build()
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def get(self, key, default=None):
        if self._pending is not None and key == PROV:
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
            self._pending = None
        dict.__setitem__(self, key, value)

    def __delitem__(self, key) -> None:
        if key == PROV and self._pending is not None and not dict.__contains__(self, PROV):
            self._pending = None
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
        self._pending = None
        dict.clear(self)

    # -- for the writer and id-only readers ----------------------------------------------------
    def pending(self) -> tuple[list, dict] | None:
        """(memory ids, columns) as read from the file, while ``provenance`` is unbuilt."""
        return None if self._pending is None else self._pending[:2]


def provenance_ids(attrs: Mapping) -> list:
    """The memory id of each provenance entry of a node or edge (bare-id entries as they
    are; entries without one left out), without building lazily loaded entries."""
    if type(attrs) is LazyAttrs:
        pending = attrs.pending()
        if pending is not None:
            return pending[0]
    prov = attrs.get(PROV)
    if not prov:
        return []
    try:
        ids = list(map(dict.get, prov, repeat(_MID)))  # C-speed path: all dicts
    except TypeError:
        ids = [p.get(_MID) if isinstance(p, dict) else p for p in prov]
    return [i for i in ids if i is not None]


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


def decode(ids: list, columns: dict, times: Mapping | MemoryTimes) -> list[dict]:
    """The provenance dicts of one node or edge from its columns (keys in sorted order,
    as a sorted-keys JSON object would give them)."""
    if isinstance(times, MemoryTimes):
        times = times.mapping()
    names, seqs = [_MID], [ids]
    for k, v in columns.items():
        names.append(k)
        seqs.append(v if type(v) is list else repeat(v))
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
    attrs._pending = (ids, columns, times)
    return attrs


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
        vals = list(map(itemgetter(k), prov))
        v0 = vals[0]
        t0 = type(v0)
        if t0 not in (list, dict) and vals.count(v0) == len(vals) \
                and all(type(v) is t0 for v in vals):
            columns[k] = v0
        else:
            columns[k] = vals
    return ids, columns
