"""A soul folder (``soul.json`` inside), flat or nested layout.

Only the memory layer files, the layout marker and ``memory/graph.json`` are
read; ``keys/`` and the rest are never opened. Every path read must resolve
inside the folder: a symlink pointing outside it is refused, so a crafted soul
cannot make soulgraph read (and copy into a graph) files elsewhere.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from soulgraph.errors import SoulgraphError
from soulgraph.sources import Store, shown
from soulgraph.sources import soul_layers as sl
from soulgraph.sources.limits import Limits, override


def read(path: Path, limits: Limits | None = None) -> Store:
    limits = limits or Limits.from_env()
    root = Path(path)
    if not (root / "soul.json").is_file():
        raise SoulgraphError(f"{root}: not a soul folder (no soul.json)")
    _refuse_encrypted(root)
    h = hashlib.sha256()
    memories = []
    graph_raw = None
    for rel, raw in _members(root, limits, h):
        if rel == sl.GRAPH:
            graph_raw = raw
        elif rel != sl.LAYOUT:
            layer, domain = _layer_of(rel)
            memories.extend(sl.entries_to_memories(raw, rel, layer, domain, str(root)))
    digest = h.hexdigest()
    if fingerprint(root, limits) != digest:
        raise SoulgraphError(f"{root}: changed while soulgraph was reading it; run again")
    return Store(kind="soul-dir", path=root, memories=sl.dedupe(memories), graph_raw=graph_raw,
                 fingerprint=digest)


def fingerprint(root: Path, limits: Limits | None = None) -> str:
    """sha256 over the names and bytes of every file soulgraph reads from the soul."""
    h = hashlib.sha256()
    for _ in _members(Path(root), limits or Limits.from_env(), h):
        pass
    return h.hexdigest()


def _layer_of(rel: str) -> tuple[str | None, str | None]:
    for member, layer, domain in sl.memory_members([rel]):
        if member == rel:
            return layer, domain
    return None, None


def _members(root: Path, limits: Limits, h) -> Iterator[tuple[str, bytes]]:
    """(relative posix path, bytes) of the files we need, in a stable order, hashing as we go."""
    real_root = os.path.realpath(root)
    mem_dir = root / "memory"
    if not mem_dir.exists():
        return
    _inside(real_root, mem_dir, root)
    names = _memory_tree(root, mem_dir, real_root)
    wanted = [m for m, _, _ in sl.memory_members(names)]
    wanted += [n for n in (sl.LAYOUT, sl.GRAPH) if n in names]
    for rel in sorted(set(wanted)):
        raw = _read_file(root, rel, real_root, limits)
        h.update(rel.encode() + b"\0" + len(raw).to_bytes(8, "big"))
        h.update(raw)
        yield rel, raw


def _memory_tree(root: Path, mem_dir: Path, real_root: str) -> set[str]:
    """Relative names of memory/*.json and memory/<layer>/<domain>/entries.json."""
    names: set[str] = set()
    for entry in _scan(mem_dir, root):
        if entry.name.startswith("."):
            continue
        p = Path(entry.path)
        if entry.name.endswith(".json"):  # a folder named like a member is refused when read
            names.add(f"memory/{entry.name}")
        elif entry.is_dir():
            _inside(real_root, p, root)
            for sub in _scan(p, root):
                if sub.name.startswith(".") or not sub.is_dir():
                    continue
                _inside(real_root, Path(sub.path), root)
                if os.path.lexists(Path(sub.path) / "entries.json"):
                    names.add(f"memory/{entry.name}/{sub.name}/entries.json")
    return names


def _scan(folder: Path, root: Path) -> list[os.DirEntry]:
    try:
        return sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        raise SoulgraphError(f"{root}: cannot list {folder.relative_to(root)} ({exc.strerror})") from None


def _inside(real_root: str, p: Path, root: Path) -> None:
    real = os.path.realpath(p)
    if os.path.commonpath([real_root, real]) != real_root:
        rel = p.relative_to(root).as_posix()
        raise SoulgraphError(f"{root}: {shown(rel)} is a symlink pointing outside the soul folder; refusing")


def _read_file(root: Path, rel: str, real_root: str, limits: Limits) -> bytes:
    p = root / rel
    _inside(real_root, p, root)
    try:
        st = p.stat()
        size = st.st_size
        if not stat.S_ISREG(st.st_mode):
            raise SoulgraphError(f"{root}: {shown(rel)} is not a regular file; refusing")
        if size > limits.max_member_bytes:
            raise SoulgraphError(f"{root}: {shown(rel)} is too large "
                                 f"({size} bytes > limit {limits.max_member_bytes})"
                                 + override("max_member_bytes"))
        return p.read_bytes()
    except OSError as exc:
        raise SoulgraphError(f"{root}: cannot read {shown(rel)} ({exc.strerror})") from None


def _refuse_encrypted(root: Path) -> None:
    manifest = root / "manifest.json"
    manifest_raw = None
    if manifest.is_file() and not manifest.is_symlink():
        try:
            manifest_raw = manifest.read_bytes()
        except OSError:
            manifest_raw = None
    enc = any(e.name.endswith(".enc") for e in _scan(root, root))
    mem = root / "memory"
    if mem.is_dir() and not mem.is_symlink():
        enc = enc or any(e.name.endswith(".enc") for e in _scan(mem, root))
    if enc or sl.manifest_encrypted(manifest_raw, str(root)):
        raise SoulgraphError(f"{root}: {sl.ENCRYPTED_MSG}")
