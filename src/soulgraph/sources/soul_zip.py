"""A ``.soul`` file: a ZIP archive, read defensively.

Before anything is decompressed the whole central directory is checked:
member names (no ``../``, absolute paths, drive letters, NULs or duplicates),
member count, declared total and per-member sizes, and compression ratios (a
ZIP bomb is refused here). Only the members that hold memories, the layout
marker, the manifest and ``memory/graph.json`` are ever decompressed; keys and
everything else are never read. Reads are capped at the declared size, since
a hostile archive can lie about it.
"""

from __future__ import annotations

import hashlib
import io
import os
import posixpath
import zipfile
import zlib
from pathlib import Path
from typing import BinaryIO

from soulgraph.errors import SoulgraphError
from soulgraph.sources import Store
from soulgraph.sources import soul_layers as sl
from soulgraph.sources.limits import Limits, override


def read(path: Path, limits: Limits | None = None) -> Store:
    limits = limits or Limits.from_env()
    path = Path(path)
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed below; one fd = one consistent snapshot
    except OSError as exc:
        raise SoulgraphError(f"{path}: cannot read ({exc.strerror})") from None
    with fh:
        before = os.fstat(fh.fileno())
        raw = fh.read(KEEP_MAX + 1) if before.st_size <= KEEP_MAX else None
        if raw is not None and len(raw) > KEEP_MAX:  # (it grew since: read as a big file)
            fh.seek(0)
            raw = None
        digest = _digest(fh) if raw is None else None  # (kept bytes: hashed only if asked, see Store)
        zf = open_zip(io.BytesIO(raw) if raw is not None else fh, path)
        with zf:
            store = _read_archive(zf, path, limits, before.st_size)
        after = os.fstat(fh.fileno())
    if (before.st_size, before.st_mtime_ns) != (after.st_size, after.st_mtime_ns):
        raise SoulgraphError(f"{path}: changed while soulgraph was reading it; run again")
    store.raw = raw
    if digest is not None:
        store.fingerprint = digest
    return store


# A soul up to this size is read into memory whole and kept with the store (one read, and the
# writer's unchanged-checks compare bytes); a bigger file is streamed, and hashed again to check.
KEEP_MAX = 256 * 1024 * 1024


def _digest(fh: BinaryIO) -> str:
    h = hashlib.sha256()
    for block in iter(lambda: fh.read(1 << 18), b""):
        h.update(block)
    fh.seek(0)
    return h.hexdigest()


def open_zip(fh: BinaryIO, path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(fh)
    except zipfile.BadZipFile as exc:
        raise SoulgraphError(f"{path}: corrupt or truncated ZIP archive ({_reason(exc)})") from None
    except (OSError, EOFError, ValueError, NotImplementedError) as exc:
        raise SoulgraphError(f"{path}: unreadable ZIP archive ({type(exc).__name__})") from None


def _reason(exc: BaseException) -> str:
    msg = str(exc).split(":", 1)[0]
    return msg[:80] or type(exc).__name__


def _read_archive(zf: zipfile.ZipFile, path: Path, limits: Limits, file_size: int) -> Store:
    infos = check_archive(zf, path, limits, file_size)
    by_name = {i.filename: i for i in infos}
    names = list(by_name)
    manifest = by_name.get("manifest.json")
    manifest_raw = read_member(zf, manifest, path, limits) if manifest else None
    if any(n.endswith(".enc") for n in names) or sl.manifest_encrypted(manifest_raw, str(path)):
        raise SoulgraphError(f"{path}: {sl.ENCRYPTED_MSG}")
    if "soul.json" not in by_name:
        raise SoulgraphError(f"{path}: not a soul (the ZIP archive has no soul.json)")
    memories = []
    read_whole = {manifest.filename} if manifest else set()
    for member, layer, domain in sl.memory_members(names):
        raw = read_member(zf, by_name[member], path, limits)
        read_whole.add(member)
        memories.extend(sl.entries_to_memories(raw, member, layer, domain, str(path)))
        del raw
    graph = by_name.get(sl.GRAPH)
    graph_raw = read_member(zf, graph, path, limits) if graph else None
    return Store(kind="soul-zip", path=path, memories=sl.dedupe(memories), graph_raw=graph_raw,
                 read_whole=frozenset(read_whole))


def check_archive(zf: zipfile.ZipFile, path: Path, limits: Limits, file_size: int) -> list[zipfile.ZipInfo]:
    """Refuse hostile or broken archives from the central directory alone (nothing decompressed)."""
    infos = zf.infolist()
    if len(infos) > limits.max_members:
        raise SoulgraphError(f"{path}: too many ZIP members ({len(infos)} > {limits.max_members})"
                             + override("max_members"))
    seen: set[str] = set()
    total = 0
    for info in infos:
        name = info.filename
        safe_name(name, path)
        key = (name if name.isascii() else _nfc(name)).rstrip("/")  # (ASCII is its own NFC form)
        if key in seen:
            raise SoulgraphError(f"{path}: duplicate ZIP member name {_show(name)}")
        seen.add(key)
        if info.flag_bits & 0x1:
            raise SoulgraphError(f"{path}: {sl.ENCRYPTED_MSG}")
        if info.header_offset + info.compress_size > file_size:
            raise SoulgraphError(f"{path}: corrupt or truncated ZIP archive (member {_show(name)} "
                                 "extends past the end of the file)")
        if info.file_size > limits.max_member_bytes:
            raise SoulgraphError(f"{path}: ZIP member {_show(name)} is too large "
                                 f"({info.file_size} bytes > limit {limits.max_member_bytes}); "
                                 "refusing a possible ZIP bomb" + override("max_member_bytes"))
        total += info.file_size
        if total > limits.max_total_bytes:
            raise SoulgraphError(f"{path}: ZIP archive would expand to more than "
                                 f"{limits.max_total_bytes} bytes; refusing a possible ZIP bomb"
                                 + override("max_total_bytes"))
        if info.file_size >= limits.ratio_floor_bytes and info.file_size > 0:
            ratio = info.file_size / max(info.compress_size, 1)
            if ratio > limits.max_ratio:
                raise SoulgraphError(f"{path}: ZIP member {_show(name)} has compression ratio "
                                     f"{ratio:.0f}:1 (> {limits.max_ratio:.0f}); "
                                     "refusing a possible ZIP bomb" + override("max_ratio"))
    return infos


def _nfc(name: str) -> str:
    import unicodedata  # (loaded for a non-ASCII member name only: a C module to map in)

    return unicodedata.normalize("NFC", name)


def safe_name(name: str, path: Path) -> None:
    """Zip-slip and friends: a member name must be a plain relative path."""
    norm = name.replace("\\", "/")
    bad = (
        not name
        or "\x00" in name
        or norm.startswith("/")
        or (len(norm) > 1 and norm[1] == ":")  # C:...
        or ".." in norm.split("/")
        or posixpath.normpath(norm).startswith("..")
    )
    if bad:
        raise SoulgraphError(f"{path}: unsafe ZIP member name {_show(name)} (absolute or '..' path)")


def _show(name: str) -> str:
    """A member name, quoted, with control characters escaped (it is ours to print, not content)."""
    return repr(name[:120])


def read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, path: Path, limits: Limits) -> bytes:
    """Decompress one member, never more than its declared size (and the limits); reading
    on to its end, ``zipfile`` checks its CRC."""
    cap = min(info.file_size, limits.max_member_bytes)
    try:
        with zf.open(info) as f:
            data = f.read(cap + 1)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as exc:
        raise SoulgraphError(f"{path}: corrupt ZIP member {_show(info.filename)} ({_reason(exc)})") from None
    if len(data) > cap:
        raise SoulgraphError(f"{path}: ZIP member {_show(info.filename)} is larger than it declares; "
                             "refusing a possible ZIP bomb")
    return data
