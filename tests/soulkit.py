"""Build soul-protocol-shaped souls (ZIP and folder) in tmp dirs for the sources/safety tests.

The layout mirrors what soul-protocol 0.4.0 writes (checked against real
``soul birth`` / ``soul remember`` output in test_soul_compat.py).
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

PRIVATE_KEY = b"PRIVATE-KEY-MARKER-7f3a9c\x00\x01\x02\x03\x04\x05\x06"  # 32 bytes, like Ed25519


def entry(mid: str, content: str, layer: str = "episodic", **kw) -> dict:
    base = {
        "id": mid, "type": layer, "content": content, "importance": 5, "emotion": None,
        "confidence": 1.0, "entities": [], "created_at": "2026-03-01T10:00:00",
        "significance": 0.0, "superseded_by": None, "superseded": False, "layer": layer,
        "domain": "default",
    }
    base.update(kw)
    return base


def soul_members(layers: dict | None = None, *, nested: dict | None = None, custom: dict | None = None,
                 graph: dict | None = None, manifest: dict | None = None, keys: bool = True) -> dict:
    """member name -> bytes, in soul-protocol's order (manifest last)."""
    js = lambda obj: json.dumps(obj, indent=2).encode()  # noqa: E731
    m: dict[str, bytes] = {
        "soul.json": js({"identity": {"name": "Aria"}, "version": "1.0.0"}),
        "dna.md": b"# Aria\n",
        "state.json": js({"mood": "neutral"}),
        "memory/core.json": js({"persona": "", "human": ""}),
    }
    for layer in ("episodic", "semantic", "procedural", "social"):
        if nested is None:
            m[f"memory/{layer}.json"] = js((layers or {}).get(layer, []))
    if nested is not None:
        m["memory/_layout.json"] = js({"layout": "nested", "version": 1})
        for (layer, domain), entries in nested.items():
            m[f"memory/{layer}/{domain}/entries.json"] = js(entries)
    m["memory/graph.json"] = js(graph if graph is not None else {"entities": {}, "edges": []})
    m["memory/self_model.json"] = js({})
    m["memory/general_events.json"] = js([])
    if custom:
        m["memory/custom_layers.json"] = js(custom)
    if keys:
        m["keys/public.key"] = b"PUBLIC-KEY-32-bytes-0123456789ab"
        m["keys/private.key"] = PRIVATE_KEY
    m["manifest.json"] = js({"format_version": "1.0.0", "soul_name": "Aria", "encrypted": False,
                             **(manifest or {})})
    return m


def write_zip(path: Path, members: dict[str, bytes] | list[tuple[str, bytes]]) -> Path:
    items = members.items() if isinstance(members, dict) else members
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in items:
            zf.writestr(name, data)
    return path


def write_dir(path: Path, members: dict[str, bytes]) -> Path:
    for name, data in members.items():
        if name == "manifest.json":
            continue  # folders have no manifest
        p = path / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
    return path


def make_zip_soul(path: Path, layers: dict | None = None, **kw) -> Path:
    return write_zip(path, soul_members(layers, **kw))


def make_dir_soul(path: Path, layers: dict | None = None, **kw) -> Path:
    return write_dir(path, soul_members(layers, **kw))


def snapshot(path: Path) -> dict[str, bytes]:
    """Every file under ``path`` (or the file itself) -> bytes, to compare before/after."""
    path = Path(path)
    if path.is_file():
        return {path.name: path.read_bytes()}
    return {p.relative_to(path).as_posix(): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()}


def zip_members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def raw_records(path: Path) -> dict[str, tuple]:
    """Per member: the raw compressed bytes and metadata, to prove members were copied raw."""
    out = {}
    data = Path(path).read_bytes()
    with zipfile.ZipFile(path) as zf:
        for i in zf.infolist():
            start = i.header_offset + 30 + int.from_bytes(data[i.header_offset + 26:i.header_offset + 28],
                                                           "little") \
                + int.from_bytes(data[i.header_offset + 28:i.header_offset + 30], "little")
            out[i.filename] = (data[start:start + i.compress_size], i.CRC, i.date_time, i.compress_type,
                               i.external_attr)
    return out
