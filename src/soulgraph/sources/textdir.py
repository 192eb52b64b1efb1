"""A folder of ``.txt`` / ``.md`` files: each file is one memory.

id = the file's path relative to the folder (posix), created_at = its mtime as
an ISO time in UTC. Hidden files and folders (``.git``, editor swap files) are
skipped; a symlink pointing outside the folder is refused.
"""

from __future__ import annotations

import hashlib
import os
import stat
from datetime import UTC, datetime
from pathlib import Path

from soulgraph.errors import SoulgraphError
from soulgraph.sources import Store, shown
from soulgraph.sources.jsonl import to_memory
from soulgraph.sources.limits import Limits, override

EXTENSIONS = (".txt", ".md")


def read(path: Path, limits: Limits | None = None) -> Store:
    limits = limits or Limits.from_env()
    root = Path(path)
    real_root = os.path.realpath(root)
    h = hashlib.sha256()
    memories = []
    for rel in _files(root, real_root):
        p = root / rel
        try:
            st = p.stat()
            if not stat.S_ISREG(st.st_mode):
                raise SoulgraphError(f"{shown(p)}: not a regular file; refusing")
            if st.st_size > limits.max_member_bytes:
                raise SoulgraphError(f"{shown(p)}: too large "
                                     f"({st.st_size} bytes > limit {limits.max_member_bytes})"
                                     + override("max_member_bytes"))
            raw = p.read_bytes()
        except OSError as exc:
            raise SoulgraphError(f"{shown(p)}: cannot read ({exc.strerror})") from None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SoulgraphError(f"{shown(p)}: not valid UTF-8 text (byte {exc.start})") from None
        h.update(rel.encode() + b"\0" + len(raw).to_bytes(8, "big") + raw)
        created = datetime.fromtimestamp(st.st_mtime, tz=UTC).isoformat(timespec="seconds")
        memories.append(to_memory({"id": rel, "content": text, "created_at": created}, str(p)))
    if not memories:
        raise SoulgraphError(f"{root}: no memories found (not a soul folder: no soul.json; "
                             "and no .txt or .md files)")
    return Store(kind="textdir", path=root, memories=memories, fingerprint=h.hexdigest())


def _files(root: Path, real_root: str) -> list[str]:
    """Relative posix paths of the memory files, sorted, never leaving the folder."""
    out = []
    for folder, dirs, files in os.walk(root, followlinks=False, onerror=_raise):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        base = Path(folder)
        for d in list(dirs):  # a symlinked folder is not walked; refuse it if it escapes
            if (base / d).is_symlink():
                _inside(real_root, base / d, root)
        for name in sorted(files):
            if name.startswith(".") or not name.lower().endswith(EXTENSIONS):
                continue
            p = base / name
            _inside(real_root, p, root)
            out.append(p.relative_to(root).as_posix())
    return sorted(out)


def _inside(real_root: str, p: Path, root: Path) -> None:
    real = os.path.realpath(p)
    if os.path.commonpath([real_root, real]) != real_root:
        raise SoulgraphError(f"{root}: {shown(p.relative_to(root).as_posix())} is a symlink pointing outside "
                             "the folder; refusing")


def _raise(exc: OSError) -> None:
    raise SoulgraphError(f"{exc.filename}: cannot list ({exc.strerror})")
