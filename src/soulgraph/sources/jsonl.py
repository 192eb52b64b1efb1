"""JSONL (one object a line) or JSON-array memory files: ``{"id", "content", "created_at"?}``.

JSONL is streamed line by line (:func:`iter_jsonl`), so reading holds no more
than the parsed memories, whatever the file size; one line may be up to
``Limits.max_line_bytes``. Errors name the file and line, never the text.
Escaped control characters and any Unicode are fine in content; raw control
characters, invalid UTF-8 and lone surrogates are refused (they are not JSON).
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterator
from itertools import chain, compress, product, repeat
from operator import is_not, or_, truth
from pathlib import Path

import orjson
from pydantic import ValidationError

from soulgraph.errors import SoulgraphError
from soulgraph.models import Memory, unvalidated, unvalidated_all
from soulgraph.sources import Store
from soulgraph.sources.envelope import split_all, split_segments
from soulgraph.sources.limits import Limits

_KNOWN = {"id", "content", "created_at", "layer", "domain", "speaker", "superseded"}
_BOM = b"\xef\xbb\xbf"


def read(path: Path, limits: Limits | None = None) -> Store:
    limits = limits or Limits.from_env()
    path = Path(path)
    h = hashlib.sha256()
    if path.suffix == ".jsonl":
        memories = list(iter_jsonl(path, limits, h))
        kind = "jsonl"
    else:
        memories = list(_json_array(path, limits, h))
        kind = "json"
    _check_unique(memories, path)
    return Store(kind=kind, path=path, memories=memories, fingerprint=h.hexdigest())


def iter_jsonl(path: Path, limits: Limits | None = None, digest=None) -> Iterator[Memory]:
    """Memories of a JSONL file, one at a time; ``digest`` (a hashlib object) sees every byte."""
    limits = limits or Limits.from_env()
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed by the with below, generator-safe
    except OSError as exc:
        raise SoulgraphError(f"{path}: cannot read ({exc.strerror})") from None
    with fh:
        n = 0
        while True:
            try:
                line = fh.readline(limits.max_line_bytes + 1)
            except OSError as exc:
                raise SoulgraphError(f"{path}: cannot read ({exc.strerror})") from None
            if not line:
                break
            n += 1
            if digest is not None:
                digest.update(line)
            if len(line) > limits.max_line_bytes:
                raise SoulgraphError(f"{path}: line {n}: longer than the limit of "
                                     f"{limits.max_line_bytes} bytes (SOULGRAPH_MAX_LINE_BYTES)")
            if n == 1 and line.startswith(_BOM):
                line = line[len(_BOM):]
            if not line.strip():
                continue
            yield to_memory(_loads(line, f"{path}: line {n}"), f"{path}: line {n}")


def _json_array(path: Path, limits: Limits, digest) -> Iterator[Memory]:
    try:
        size = path.stat().st_size
        if size > limits.max_member_bytes:
            raise SoulgraphError(f"{path}: too large for a JSON array ({size} bytes > limit "
                                 f"{limits.max_member_bytes}); use JSONL, which is streamed")
        raw = path.read_bytes()
    except OSError as exc:
        raise SoulgraphError(f"{path}: cannot read ({exc.strerror})") from None
    digest.update(raw)
    data = _loads(raw[len(_BOM):] if raw.startswith(_BOM) else raw, str(path))
    del raw
    if not isinstance(data, list):
        raise SoulgraphError(f"{path}: expected a JSON array of memory objects")
    mems = checked_memories(data)  # (no item to word an error for: all at once)
    if mems is not None:
        yield from mems
        return
    for i, row in enumerate(data, start=1):
        yield to_memory(row, f"{path}: item {i}")


def _loads(raw: bytes, where: str) -> object:
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        msg = str(exc.args[0]) if exc.args else "parse error"
        if "utf-8" in msg.lower():
            raise SoulgraphError(f"{where}: text is not valid UTF-8") from None
        detail = msg.split(":", 1)[0][:80]
        line = getattr(exc, "lineno", None)
        at = f" at line {line}" if line and "line " not in where else ""
        raise SoulgraphError(f"{where}: invalid JSON{at} ({detail})") from None


def to_memory(row: object, where: str, layer: str | None = None, domain: str | None = None) -> Memory:
    """Validate one raw memory object; extra fields are kept in ``extra``.

    ``layer`` / ``domain``: what the memory's place in a soul says, replacing the entry's own
    values once those are valid (a soul's layer files)."""
    mem = checked_memory(row, layer, domain)
    if mem is not None:
        return mem
    if not isinstance(row, dict):
        raise SoulgraphError(f"{where}: expected an object, got {_jtype(row)}")
    for key in ("id", "content"):
        if key not in row or row[key] is None:
            raise SoulgraphError(f"{where}: memory has no '{key}'")
    if not isinstance(row["content"], str):
        raise SoulgraphError(f"{where}: 'content' must be a string, got {_jtype(row['content'])}")
    if not isinstance(row["id"], (str, int)) or isinstance(row["id"], bool):
        raise SoulgraphError(f"{where}: 'id' must be a string, got {_jtype(row['id'])}")
    created = row.get("created_at")
    if created is not None and (not isinstance(created, (str, int, float)) or isinstance(created, bool)):
        raise SoulgraphError(f"{where}: 'created_at' must be an ISO time string, got {_jtype(created)}")
    fields = {k: row[k] for k in _KNOWN if k in row and row[k] is not None}
    fields["id"] = str(row["id"])
    if "created_at" in fields:
        fields["created_at"] = str(fields["created_at"])
    fields["superseded"] = bool(row.get("superseded") or row.get("superseded_by"))
    extra = dict(row)  # the unknown fields, in their order (a copy, then drop the known: C-speed)
    for k in _KNOWN:
        extra.pop(k, None)
    fields["extra"] = extra
    try:
        mem = Memory(**fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SoulgraphError(f"{where}: field {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    if layer is not None:
        mem.layer = layer
    if domain is not None:
        mem.domain = domain
    return mem  # speaker segments are split by the model itself


_FIELDS_SET = frozenset({"id", "content", "superseded", "extra"})  # fields to_memory always passes
_OPTIONAL = ("created_at", "layer", "domain", "speaker", "segments")
# the fields a checked memory has set, by which of the optional ones hold a value: one copy per
# memory instead of adding them one by one
_SETS = {flags: _FIELDS_SET.union(compress(_OPTIONAL, flags))
         for flags in product((False, True), repeat=len(_OPTIONAL))}
_STR_OR_NULL = frozenset({str, type(None)})


def checked_memory(row: object, layer: str | None = None, domain: str | None = None) -> Memory | None:
    """What :func:`to_memory` returns for ``row``, when a look at its types leaves nothing
    to refuse nor for pydantic to check: an object with a non-empty string (or integer) id,
    string content, and every other known field a plain string (a number for the time) or
    null. Built without pydantic's second look, in the same instance state as a validated
    memory: field values, fields set, speaker segments (the model's own validator, run
    here). None: anything else, for :func:`to_memory` to validate and word the error."""
    if type(row) is not dict:
        return None
    get = row.get
    mid, content = get("id"), get("content")
    if type(content) is not str:
        return None
    if type(mid) is not str:
        if type(mid) is not int:
            return None
        mid = str(mid)
    elif not mid:
        return None
    created, row_layer, row_domain, speaker = get("created_at"), get("layer"), get("domain"), get("speaker")
    if created is not None and type(created) is not str:
        if type(created) is not int and type(created) is not float:
            return None
        created = str(created)
    if type(row_layer) not in _STR_OR_NULL or type(row_domain) not in _STR_OR_NULL \
            or type(speaker) not in _STR_OR_NULL:
        return None
    if layer is not None:
        row_layer = layer
    if domain is not None:
        row_domain = domain
    extra = dict(row)  # the unknown fields, in their order (a copy, then drop the known: C-speed)
    pop = extra.pop
    for k in _KNOWN:
        pop(k, None)
    segments = split_segments(content, speaker)
    fields_set = set(_SETS[created is not None, row_layer is not None, row_domain is not None,
                           speaker is not None, bool(segments)])
    return unvalidated(Memory, {
        "id": mid, "content": content, "created_at": created, "layer": row_layer, "domain": row_domain,
        "speaker": speaker, "superseded": bool(get("superseded") or get("superseded_by")),
        "segments": segments, "extra": extra}, fields_set)


def checked_memories(rows: list, layer: str | None = None, domain: str | None = None) -> list[Memory] | None:
    """``[checked_memory(row, layer, domain) for row in rows]`` when that holds no None (every
    row is one :func:`checked_memory` builds, with a string id and time), by C-level passes
    over all rows, field by field (a soul's layer file holds thousands); None when some row
    needs the one-by-one path (a refusal to word, an integer id or a numeric time to convert)."""
    if set(map(type, rows)) - {dict}:
        return None
    get, n = dict.get, len(rows)
    key = _row_keys(rows)
    ids, contents = list(map(get, rows, repeat(key["id"]))), list(map(get, rows, repeat(key["content"])))
    created = list(map(get, rows, repeat(key["created_at"])))
    speakers = list(map(get, rows, repeat(key["speaker"])))
    layers, domains = list(map(get, rows, repeat(key["layer"]))), list(map(get, rows, repeat(key["domain"])))
    if set(map(type, ids)) - {str} or "" in ids or set(map(type, contents)) - {str} \
            or set(map(type, chain(created, speakers, layers, domains))) - _STR_OR_NULL:
        return None
    if layer is not None:  # (the entry's own, checked above, gives way to the soul's)
        layers = [layer] * n
    if domain is not None:
        domains = [domain] * n
    superseded = list(map(or_, map(truth, map(get, rows, repeat(key["superseded"]))),
                          map(truth, map(get, rows, repeat(key["superseded_by"])))))
    extras = list(map(dict.copy, rows))  # the unknown fields, in their order
    for k in _KNOWN:
        deque(map(dict.pop, extras, repeat(key[k]), repeat(None)), maxlen=0)
    segments = split_all(contents, speakers)
    fields_sets = _fields_sets(n, created, layers, domains, speakers, segments)
    values = [{"id": i, "content": c, "created_at": t, "layer": la, "domain": d, "speaker": s,
               "superseded": x, "segments": g, "extra": e}
              for i, c, t, la, d, s, x, g, e in zip(ids, contents, created, layers, domains, speakers,
                                                    superseded, segments, extras, strict=True)]
    return unvalidated_all(Memory, values, fields_sets)


_ROW_KEYS = (*sorted(_KNOWN), "superseded_by")


def _row_keys(rows: list[dict]) -> dict[str, str]:
    """Each field name :func:`checked_memories` reads -> the equal string object the first row
    holds as its key (else the name itself). orjson's rows share their key objects and are not
    string-keyed dicts to CPython (no identity-only lookup), so a lookup with the row's own key
    object stops at the identity test instead of comparing the strings (~40 % of each lookup);
    an equal key finds the same entry."""
    first = {k: k for k in rows[0]} if rows else {}
    return {name: first.get(name, name) for name in _ROW_KEYS}


def _fields_sets(n: int, created: list, layers: list, domains: list, speakers: list,
                 segments: list) -> Iterator[set[str]]:
    """The fields set of each of ``n`` checked memories (:data:`_SETS`, by which optional
    fields hold a value), a new set each. When every memory holds the same ones (a soul's
    layer file: all dated, layered, with or without a speaker), one count per field tells it,
    instead of a key made and looked up per memory."""
    nones = (created.count(None), layers.count(None), domains.count(None), speakers.count(None),
             segments.count([]))
    if all(c == 0 or c == n for c in nones):
        return map(set, repeat(_SETS[tuple(c == 0 for c in nones)], n))
    return map(set, map(_SETS.__getitem__, zip(
        map(is_not, created, repeat(None)), map(is_not, layers, repeat(None)),
        map(is_not, domains, repeat(None)), map(is_not, speakers, repeat(None)), map(truth, segments),
        strict=True)))


def _jtype(value: object) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            int: "a number", float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def _check_unique(memories: list[Memory], path: Path) -> None:
    seen: set[str] = set()
    for m in memories:
        if m.id in seen:
            raise SoulgraphError(f"{path}: duplicate memory id {m.id[:80]!r}")
        seen.add(m.id)
