"""Replace one member of a ZIP archive, copying every other member's raw bytes.

Python's ``zipfile`` can only re-compress members, which may change their
compressed bytes; a soul's other members must stay exactly as they were. So
this copies each member's local record (header, compressed data, descriptor)
byte for byte, in the original order, writes the one new member in its place,
and rebuilds the central directory from the original records with patched
offsets. Names, dates, attributes, extras, compression and the archive
comment are all kept. ZIP64 archives (members or offsets past 4 GiB) are
refused: souls never come near that.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path
from typing import BinaryIO

from soulgraph.errors import SoulgraphError
from soulgraph.safety import write_chunks

_CD_SIG = 0x02014B50
_LOCAL_SIG = b"PK\x03\x04"
_CD = struct.Struct("<IHHHHHHIIIHHHHHII")  # central directory record, 46 bytes
_LOCAL = struct.Struct("<IHHHHHIIIHH")  # local file header, 30 bytes
_EOCD = struct.Struct("<IHHHHIIH")
_MAX32 = 0xFFFFFFFF


class _Entry:
    """A member's place in the original archive (a plain slotted class: this module is loaded
    by the first write of a repair, and a dataclass is compiled when its module loads)."""

    __slots__ = ("name", "offset", "end", "cd")

    def __init__(self, name: str, offset: int, end: int, cd: bytes) -> None:
        self.name = name
        self.offset = offset  # local header offset
        self.end = end  # end of its local record (next record or central directory)
        self.cd = cd  # the original central directory record


def replace_member(src: BinaryIO, out: BinaryIO, name: str, data: bytes, *, where: Path,
                   insert_before: str = "manifest.json", crc: int | None = None) -> None:
    """Write to ``out`` the archive ``src`` with member ``name`` holding ``data``.

    If ``name`` is absent it is added before ``insert_before`` (soul-protocol
    writes the manifest last) or at the end. ``crc``: ``zlib.crc32(data)``, when the
    caller has it.
    """
    zf = zipfile.ZipFile(src)
    with zf:
        infos = zf.infolist()
        start_dir = zf.start_dir  # type: ignore[attr-defined]
        comment = zf.comment
    entries = _entries(src, infos, start_dir, where)
    old = next((e for e in entries if e.name == name), None)
    model = next((i for i in infos if i.filename == name), None)
    record, cd_template = _new_member(name, data, model, infos, crc)

    order = sorted(entries, key=lambda e: e.offset)
    prefix_end = order[0].offset if order else start_dir
    pos = 0

    def copy(a: int, b: int) -> None:
        nonlocal pos
        src.seek(a)
        left = b - a
        while left:
            block = src.read(min(left, 1 << 16))
            if not block:
                raise SoulgraphError(f"{where}: truncated ZIP archive")
            write_chunks(out, block)
            left -= len(block)
        pos += b - a

    copy(0, prefix_end)  # anything before the first member (rare, kept as is)
    new_offsets: dict[str, int] = {}
    new_pos: int | None = None
    anchor = next((e for e in order if e.name == insert_before), None) if old is None else None
    for e in order:
        if e is anchor:
            new_pos = pos
            write_chunks(out, record)
            pos += len(record)
        if e is old:
            new_pos = pos
            write_chunks(out, record)
            pos += len(record)
            continue
        new_offsets[e.name] = pos
        copy(e.offset, e.end)
    if new_pos is None:
        new_pos = pos
        write_chunks(out, record)
        pos += len(record)

    cd_start = pos
    cd_names = [e.name for e in entries]
    if old is None:
        at = cd_names.index(insert_before) if insert_before in cd_names else len(cd_names)
        cd_names.insert(at, name)
    by_name = {e.name: e for e in entries}
    count = 0
    for n in cd_names:
        if n == name:
            rec = cd_template(new_pos)
        else:
            rec = _patch_offset(by_name[n].cd, new_offsets[n])
        write_chunks(out, rec)
        pos += len(rec)
        count += 1
    cd_size = pos - cd_start
    if count > 0xFFFF or pos > _MAX32:
        raise SoulgraphError(f"{where}: archive too large to rewrite (ZIP64 is not supported)")
    write_chunks(out, _EOCD.pack(0x06054B50, 0, 0, count, count, cd_size, cd_start, len(comment)))
    write_chunks(out, comment)


def _entries(src: BinaryIO, infos: list[zipfile.ZipInfo], start_dir: int, where: Path) -> list[_Entry]:
    """Original central directory records, in directory order, with each member's byte extent."""
    src.seek(start_dir)
    out: list[_Entry] = []
    offsets = sorted({i.header_offset for i in infos})
    for info in infos:
        fixed = src.read(_CD.size)
        if len(fixed) != _CD.size or _CD.unpack(fixed)[0] != _CD_SIG:
            raise SoulgraphError(f"{where}: corrupt ZIP central directory")
        f = _CD.unpack(fixed)
        csize, usize, n, m, k, offset = f[8], f[9], f[10], f[11], f[12], f[16]
        if _MAX32 in (csize, usize, offset):
            raise SoulgraphError(f"{where}: ZIP64 archives cannot be rewritten safely; not supported")
        rest = src.read(n + m + k)
        if offset != info.header_offset:
            raise SoulgraphError(f"{where}: corrupt ZIP central directory (offsets disagree)")
        nxt = next((o for o in offsets if o > offset), start_dir)
        out.append(_Entry(info.filename, offset, nxt, fixed + rest))
    for e in out:
        src.seek(e.offset)
        if src.read(4) != _LOCAL_SIG:
            raise SoulgraphError(f"{where}: corrupt ZIP archive (bad local header for {e.name!r})")
    return out


def _patch_offset(cd: bytes, offset: int) -> bytes:
    return cd[:42] + struct.pack("<I", offset) + cd[46:]


def _new_member(name: str, data: bytes, model: zipfile.ZipInfo | None,
                infos: list[zipfile.ZipInfo], crc: int | None = None):
    """The local record of the new member and a function making its central record at an offset."""
    method = model.compress_type if model is not None else zipfile.ZIP_DEFLATED
    if method not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        method = zipfile.ZIP_DEFLATED
    if method == zipfile.ZIP_DEFLATED:
        # Fastest level: the graph is rewritten by every repair, and level 1 takes a third of
        # the default's time for a member ~15 % larger (LoCoMo's graph: 10 ms, 363 KB vs 31 ms,
        # 316 KB); any reader inflates it the same way.
        co = zlib.compressobj(zlib.Z_BEST_SPEED, zlib.DEFLATED, -15)
        payload = co.compress(data) + co.flush()
    else:
        payload = data
    crc = (zlib.crc32(data) if crc is None else crc) & _MAX32
    date_time = model.date_time if model is not None else _latest_date(infos)
    dostime = (date_time[3] << 11) | (date_time[4] << 5) | (date_time[5] // 2)
    dosdate = ((date_time[0] - 1980) << 9) | (date_time[1] << 5) | date_time[2]
    raw_name = name.encode("utf-8")
    flags = 0x800 if not name.isascii() else 0
    version = 20
    if len(payload) > _MAX32 or len(data) > _MAX32:
        raise SoulgraphError("graph too large to store without ZIP64")
    local = _LOCAL.pack(0x04034B50, version, flags, method, dostime, dosdate, crc,
                        len(payload), len(data), len(raw_name), 0) + raw_name + payload
    made_by = (model.create_system << 8 | model.create_version) if model is not None else (3 << 8 | 20)
    ext_attr = model.external_attr if model is not None else (0o100644 << 16)

    def central(offset: int) -> bytes:
        return _CD.pack(_CD_SIG, made_by, version, flags, method, dostime, dosdate, crc,
                        len(payload), len(data), len(raw_name), 0, 0, 0, 0, ext_attr, offset) + raw_name

    return local, central


def _latest_date(infos: list[zipfile.ZipInfo]) -> tuple[int, int, int, int, int, int]:
    return max((i.date_time for i in infos), default=(1980, 1, 1, 0, 0, 0))
