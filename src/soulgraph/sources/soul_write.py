"""Write a rebuilt graph back into a soul, touching nothing else.

Only ``memory/graph.json`` changes. For a ``.soul`` ZIP every other member is
copied raw (see :mod:`soulgraph.sources.zip_rewrite`); for a folder only the
graph file is replaced. The sequence, under the store's lock:

1. remove temp files a killed earlier run left (our prefix only);
2. refuse if the soul changed since it was read (fingerprint);
3. back up (``X.soul.bak`` / ``memory/graph.json.bak``, numbered, never overwritten);
4. write a temp file in the same folder, fsync, verify it, check the
   fingerprint again, rename it over the original, fsync the folder.

A crash or SIGKILL at any point leaves either the original or the complete
repaired soul in place.
"""

from __future__ import annotations

import contextlib
import json
import os
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import orjson

from soulgraph import safety
from soulgraph.errors import SoulgraphError
from soulgraph.sources import Store
from soulgraph.sources.soul_layers import GRAPH

_OPTS = orjson.OPT_SORT_KEYS  # compact, like the graph files (smaller soul, faster load)


def serialize(soul_graph: dict) -> bytes:
    """graph.json bytes: deterministic (sorted keys), plain JSON soul-protocol's ``json.loads`` reads."""
    try:
        return orjson.dumps(soul_graph, option=_OPTS)
    except TypeError:  # non-str keys, huge ints: the slower stdlib path handles them
        return json.dumps(soul_graph, separators=(",", ":"), sort_keys=True, ensure_ascii=False,
                          default=str).encode()


class Written(NamedTuple):
    changed: bool  # False: the soul already held exactly these bytes; nothing was written
    backup: Path | None


def write_graph(store: Store, soul_graph: dict) -> Written:
    """Replace the soul's ``memory/graph.json`` unless it already holds the same bytes."""
    raw = serialize(soul_graph)
    if store.kind not in ("soul-zip", "soul-dir"):
        raise SoulgraphError(f"{store.path}: not a soul; write the graph with --out instead")
    try:
        return _write_zip(store, raw) if store.kind == "soul-zip" else _write_dir(store, raw)
    except OSError as exc:  # disk full, read-only folder, file too large ...: the soul is untouched
        what = exc.strerror or type(exc).__name__
        raise SoulgraphError(f"{store.path}: cannot write the repaired soul ({what}); "
                             "the soul was left untouched") from None


def _kept_read_only(path: Path, old: bytes | None, raw: bytes) -> bool:
    """A read-only ``path`` whose graph ``old`` is ``raw`` but for the memory texts its records
    keep (written before a soul's graph left them out: ``nodelink.without_texts``): up to date,
    as it was before, rather than refused (exit 2) for a change of form it cannot take. A
    writable soul is rewritten without them. Parsed only for such a file."""
    if not old or b'"text"' not in old or not safety.read_only(path):
        return False
    from soulgraph.readwrite.soulproto import strip_texts

    try:
        data = orjson.loads(old)
    except orjson.JSONDecodeError:
        return False
    return strip_texts(data) and serialize(data) == raw


def repair_lock(source: Path, *, enabled: bool = True):
    """The store's lock for a whole repair (read -> rebuild -> write), so a second
    repair of the same soul stops at once with :class:`LockedError`; a no-op for
    dry runs and for memory files (their graph goes to a separate file)."""
    import contextlib

    from soulgraph.sources import sniff

    if not enabled or sniff(Path(source)) not in ("soul-zip", "soul-dir"):
        return contextlib.nullcontext()
    return safety.store_lock(Path(source))


def current_fingerprint(store: Store) -> str:
    if store.kind == "soul-zip":
        return safety.file_digest(store.path)
    from soulgraph.sources import soul_dir

    return soul_dir.fingerprint(store.path)


def check_unchanged(store: Store) -> None:
    """Refuse to write over a soul that changed since we read it (another program wrote it).

    A soul ZIP whose bytes the store kept is compared with them (the same answer as equal
    fingerprints, without hashing the file again: the write checks it twice)."""
    if store.kind == "soul-zip" and store.raw is not None:
        same = safety.file_holds(store.path, store.raw)
    else:
        try:
            same = current_fingerprint(store) == store.fingerprint
        except (OSError, SoulgraphError):
            same = False
    if not same:
        raise SoulgraphError(f"{store.path}: changed since soulgraph read it (another program "
                             "wrote to it); nothing was written, run the repair again")


def _write_zip(store: Store, raw: bytes) -> Written:
    from soulgraph.sources.zip_rewrite import replace_member

    # a soul reached through a symlink is written where the link points (the link stays a
    # link; the rename would have put a regular file in its place, the target never updated)
    target = Path(os.path.realpath(store.path))
    with safety.store_lock(target):
        safety.clean_temps(target)
        check_unchanged(store)
        if store.graph_raw == raw or _kept_read_only(target, store.graph_raw, raw):
            return Written(False, None)
        safety.refuse_read_only(target)  # only now: an up-to-date read-only soul is no error

        crc = zlib.crc32(raw)  # (the new member's header and its verification share it)

        def fill(fh) -> None:
            with open(target, "rb") as src:
                replace_member(src, fh, GRAPH, raw, where=target, crc=crc)

        def verify(tmp: Path) -> None:
            try:
                verify_zip(tmp, target, raw, read_whole=store.read_whole, crc=crc)
            except SoulgraphError:
                check_unchanged(store)  # a soul rewritten meanwhile fails it too: say why
                raise
            check_unchanged(store)

        with _backup(target) as backup:
            safety.atomic_write(target, fill, before_replace=verify)
    return Written(True, backup)


def verify_zip(new: Path, original: Path, graph_raw: bytes, *,
               read_whole: frozenset[str] = frozenset(), crc: int | None = None) -> None:
    """The rewritten archive is whole, its graph is ours, every other member is unchanged.

    ``read_whole``: members of ``original`` already decompressed and CRC-checked when the soul
    was read (its fingerprint is checked again before the rename): for them, that their
    stored bytes are the original's is the same proof, without decompressing them again.
    ``crc``: ``zlib.crc32(graph_raw)`` when the caller has it (the writer computed it)."""
    try:
        with zipfile.ZipFile(original) as a, zipfile.ZipFile(new) as b:
            old = {i.filename: i for i in a.infolist()}
            done = b.getinfo(GRAPH)
            ok = _holds_member(b, done, graph_raw, zlib.crc32(graph_raw) if crc is None else crc) \
                and _members_intact(b, done, a, old, read_whole)
            seen = [i.filename for i in b.infolist() if i.filename != GRAPH]
            ok = ok and seen == [n for n in old if n != GRAPH]
            for info in b.infolist():
                if not ok or info.filename == GRAPH:
                    continue
                o = old[info.filename]
                ok = (info.CRC, info.file_size, info.compress_size, info.compress_type, info.date_time) == (
                    o.CRC, o.file_size, o.compress_size, o.compress_type, o.date_time)
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, KeyError, ValueError):
        ok = False  # (a corrupt deflate stream raises zlib.error, a cut one EOFError)
    if not ok:
        raise SoulgraphError(f"{original}: the rewritten archive failed verification; "
                             "the soul was left untouched")


def _holds_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, data: bytes, crc: int) -> bool:
    """``zf.read(info) == data``, the member's CRC checked too, without computing the CRC of
    what it inflates to: that is ``data``, whose CRC ``crc`` is, so its header must hold ``crc``."""
    if info.flag_bits & 0x1 or info.file_size != len(data) or info.CRC != crc & 0xFFFFFFFF:
        return False
    stored = _stored(zf, info)
    n, m = int.from_bytes(stored[26:28], "little"), int.from_bytes(stored[28:30], "little")
    if stored[30:30 + n].decode("utf-8" if info.flag_bits & 0x800 else "cp437") != info.orig_filename:
        return False  # (the local header names another member: zipfile refuses it too)
    payload = memoryview(stored)[30 + n + m:]
    if len(payload) != info.compress_size:
        return False
    if info.compress_type == zipfile.ZIP_STORED:
        return payload == data
    if info.compress_type != zipfile.ZIP_DEFLATED:
        return zf.read(info) == data
    inflate = zlib.decompressobj(-15)
    out = inflate.decompress(payload)
    return inflate.eof and not inflate.unused_data and out == data


def _members_intact(zf: zipfile.ZipFile, done: zipfile.ZipInfo, original: zipfile.ZipFile,
                    old: dict[str, zipfile.ZipInfo], read_whole: frozenset[str]) -> bool:
    """``zf.testzip() is None`` without reading ``done`` (just read and compared) again:
    every other member decompresses and matches its CRC (a bad one raises BadZipFile), or,
    for one in ``read_whole``, holds the original's stored bytes (checked when read)."""
    for info in zf.infolist():
        if info is done:
            continue
        was = old.get(info.filename) if info.filename in read_whole else None
        if was is not None:
            if _stored(zf, info) != _stored(original, was):
                return False
            continue
        with zf.open(info) as fh:
            while fh.read(1 << 20):
                pass
    return True


def _stored(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """A member's local header and compressed data, as stored."""
    fp = zf.fp
    fp.seek(info.header_offset)
    head = fp.read(30)
    if len(head) != 30 or head[:4] != b"PK\x03\x04":
        raise zipfile.BadZipFile("bad local header")
    n, m = int.from_bytes(head[26:28], "little"), int.from_bytes(head[28:30], "little")
    return head + fp.read(n + m + info.compress_size)


def _write_dir(store: Store, raw: bytes) -> Written:
    root = store.path
    mem_dir = root / "memory"
    graph = mem_dir / "graph.json"
    if mem_dir.is_symlink() or graph.is_symlink():
        raise SoulgraphError(f"{root}: memory/graph.json is a symlink; refusing to replace it")
    with safety.store_lock(root):
        safety.clean_temps(graph)
        check_unchanged(store)
        if (store.graph_raw == raw and graph.exists()) or _kept_read_only(graph, store.graph_raw, raw):
            return Written(False, None)
        safety.refuse_read_only(graph)
        mem_dir.mkdir(exist_ok=True)
        with _backup(graph) as backup:
            safety.atomic_write(graph, lambda fh: safety.write_chunks(fh, raw),
                                before_replace=lambda _tmp: check_unchanged(store))
    return Written(True, backup)


@contextlib.contextmanager
def _backup(original: Path) -> Iterator[Path | None]:
    """Back ``original`` up first; if the write then fails, drop a backup made just now
    (it equals the untouched original), so a failed repair leaves no new file behind."""
    if not original.exists():
        yield None
        return
    backup, created = safety.make_backup(original)
    safety.hook_pause()
    try:
        yield backup
    except BaseException:
        if created:
            with contextlib.suppress(OSError):
                os.unlink(backup)
        raise
