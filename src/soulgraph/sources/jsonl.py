"""JSONL (one object a line) or JSON-array memory files: ``{"id", "content", "created_at"?}``."""

from __future__ import annotations

import hashlib
from pathlib import Path

import orjson
from pydantic import ValidationError

from soulgraph.errors import SoulgraphError
from soulgraph.models import Memory
from soulgraph.sources import Store
from soulgraph.sources.envelope import split_segments

_KNOWN = {"id", "content", "created_at", "layer", "domain", "speaker", "superseded"}


def read(path: Path) -> Store:
    raw = _read_bytes(path)
    if path.suffix == ".jsonl":
        rows = list(_jsonl_rows(raw, path))
    else:
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            raise SoulgraphError(f"{path}: invalid JSON ({exc.args[0]})") from None
        if not isinstance(data, list):
            raise SoulgraphError(f"{path}: expected a JSON array of memory objects")
        rows = [(i + 1, r) for i, r in enumerate(data)]
    memories = [to_memory(row, f"{path}: {'line' if path.suffix == '.jsonl' else 'item'} {n}")
                for n, row in rows]
    _check_unique(memories, path)
    return Store(kind="jsonl" if path.suffix == ".jsonl" else "json", path=path,
                 memories=memories, fingerprint=hashlib.sha256(raw).hexdigest())


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise SoulgraphError(f"{path}: cannot read ({exc.strerror})") from None


def _jsonl_rows(raw: bytes, path: Path):
    for n, line in enumerate(raw.split(b"\n"), start=1):
        if not line.strip():
            continue
        try:
            yield n, orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            msg = exc.args[0]
            if "utf-8" in msg.lower() or "surrogate" in msg.lower():
                raise SoulgraphError(f"{path}: line {n}: text is not valid UTF-8") from None
            raise SoulgraphError(f"{path}: line {n}: invalid JSON ({msg})") from None


def to_memory(row: object, where: str) -> Memory:
    """Validate one raw memory object; extra fields are kept in ``extra``."""
    if not isinstance(row, dict):
        raise SoulgraphError(f"{where}: expected an object, got {type(row).__name__}")
    for key in ("id", "content"):
        if key not in row:
            raise SoulgraphError(f"{where}: memory has no '{key}'")
    if not isinstance(row["content"], str):
        raise SoulgraphError(f"{where}: 'content' must be a string")
    if not isinstance(row["id"], (str, int)) or isinstance(row["id"], bool):
        raise SoulgraphError(f"{where}: 'id' must be a string")
    fields = {k: row[k] for k in _KNOWN if k in row and row[k] is not None}
    fields["id"] = str(row["id"])
    if "created_at" in fields:
        fields["created_at"] = str(fields["created_at"])
    fields["superseded"] = bool(row.get("superseded") or row.get("superseded_by"))
    fields["extra"] = {k: v for k, v in row.items() if k not in _KNOWN}
    try:
        mem = Memory(**fields)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SoulgraphError(f"{where}: field {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    segs = split_segments(mem.content, mem.speaker)
    if segs:
        mem.segments = segs
    return mem


def _check_unique(memories: list[Memory], path: Path) -> None:
    seen: set[str] = set()
    for m in memories:
        if m.id in seen:
            raise SoulgraphError(f"{path}: duplicate memory id {m.id!r}")
        seen.add(m.id)
