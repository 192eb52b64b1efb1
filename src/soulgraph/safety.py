"""Writing the user's files without ever leaving them half-written.

Every write goes to a temporary file in the destination's folder, is flushed
and fsynced, then renamed over the target (atomic on POSIX), and the folder is
fsynced so the rename survives a crash.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

TMP_PREFIX = ".soulgraph-tmp-"


def atomic_write_bytes(path: Path, data: bytes) -> None:
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
