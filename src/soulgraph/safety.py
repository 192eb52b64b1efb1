"""Writing the user's files without ever leaving them half-written.

Every write goes to a temporary file in the destination's folder (named
``.soulgraph-tmp-<target name>.<random>``), is flushed and fsynced, then renamed
over the target (atomic on POSIX), and the folder is fsynced so the rename
survives a crash. A killed run can leave only such a temporary file behind; the
next run on the same target removes it (:func:`clean_temps`, our prefix only,
under the target's lock).

Also here: the per-store lock (:func:`store_lock`), content fingerprints that
detect a store changing under us, and numbered backups.

``SOULGRAPH_TEST_SLOW_WRITE=<seconds>`` is a TEST-ONLY hook: writers sleep that
long between small chunks, so fault-injection tests can SIGKILL a run mid-write.
"""

from __future__ import annotations

import base64
import contextlib
import errno
import fcntl
import hashlib
import os
import re
import shutil
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

from soulgraph.errors import LockedError, SoulgraphError

TMP_PREFIX = ".soulgraph-tmp-"
LOCK_SUFFIX = ".soulgraph-lock"
CHUNK = 1 << 16
_SLOW_ENV = "SOULGRAPH_TEST_SLOW_WRITE"


# --------------------------------------------------------------------------- test hook


def slow_write_delay() -> float:
    """Seconds to sleep between chunks (test hook; 0 in normal use)."""
    raw = os.environ.get(_SLOW_ENV)
    if not raw:
        return 0.0
    try:
        return max(0.0, float(raw))
    except ValueError:
        return 0.0


def hook_pause() -> None:
    """Sleep at a step boundary when the test hook is on, so kills land everywhere."""
    delay = slow_write_delay()
    if delay:
        time.sleep(delay)


def write_chunks(fh: BinaryIO, data: bytes | memoryview) -> None:
    """Write ``data`` in chunks (small ones, with pauses, under the test hook)."""
    delay = slow_write_delay()
    size = 512 if delay else CHUNK
    view = memoryview(data)
    for i in range(0, len(view), size):
        fh.write(view[i:i + size])
        if delay:
            fh.flush()
            time.sleep(delay)


# --------------------------------------------------------------------------- atomic writes


def tmp_prefix(target: Path) -> str:
    return f"{TMP_PREFIX}{Path(target).name}."


def atomic_write(
    path: Path,
    fill: Callable[[BinaryIO], None],
    *,
    before_replace: Callable[[Path], None] | None = None,
    like: Path | None = None,
) -> None:
    """Write ``path`` atomically: ``fill`` writes the temp file, then fsync + rename.

    ``before_replace(tmp)`` runs on the complete, fsynced temp file; it may
    verify it or refuse (raise), in which case the target is left untouched.
    The new file takes the permissions and owner of ``like`` (default: the
    file it replaces), so a private (0600) soul never becomes world-readable.
    """
    path = Path(path)
    while True:
        tmp = path.with_name(tmp_prefix(path) + _temp_suffix())
        try:
            fd = os.open(tmp, _TEMP_FLAGS, 0o600)
        except FileExistsError:
            continue  # somebody else's name: never remove it
        except BaseException:
            # A Ctrl-C can land after the file is created and before ``fd`` is bound (with
            # ``mkstemp`` it left the temp file behind: its name was not known yet). The name
            # is ours, random and held under the store's lock: remove it if it exists.
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        break
    try:
        with os.fdopen(fd, "wb") as fh:
            fill(fh)
            fh.flush()
            os.fsync(fh.fileno())
        _copy_mode(tmp, like if like is not None else path)
        if before_replace is not None:
            before_replace(tmp)
        hook_pause()
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


# mkstemp's flags: a new file only, never through a symlink, not inherited by children
_TEMP_FLAGS = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
               | getattr(os, "O_CLOEXEC", 0))


def _temp_suffix() -> str:
    """Eight random characters of [a-z2-7] (``clean_temps`` knows temp names by them)."""
    return base64.b32encode(os.urandom(5)).decode("ascii").lower()


def _copy_mode(tmp: Path, model: Path) -> None:
    try:
        st = os.stat(model)
    except OSError:
        with contextlib.suppress(OSError):
            os.chmod(tmp, 0o644 & ~_umask())
        return
    with contextlib.suppress(OSError):
        os.chmod(tmp, stat.S_IMODE(st.st_mode))
    with contextlib.suppress(OSError):
        if (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
            os.chown(tmp, st.st_uid, st.st_gid)


def atomic_write_bytes(path: Path, data: bytes, *, like: Path | None = None) -> None:
    """Atomic write; a failure (disk full, no permission) is a one-line error, target untouched.

    ``like``: the file whose permissions the new file takes (a graph or cache holding
    memory text takes its store's, so a private store never spills world-readable text)."""
    try:
        atomic_write(path, lambda fh: write_chunks(fh, data), like=like)
    except OSError as exc:
        raise SoulgraphError(f"{path}: cannot write ({exc.strerror or type(exc).__name__}); "
                             "nothing was changed") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def clean_temps(target: Path) -> list[Path]:
    """Remove temp files a killed run left for ``target`` (our prefix only, regular files)."""
    target = Path(target)
    removed = []
    # exactly our names: the target's (or its backups') temp files, mkstemp's 8-char suffix
    ours = re.compile(re.escape(tmp_prefix(target)) + r"(?:bak\.(?:\d+\.)?)?[A-Za-z0-9_]{8}")
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return removed
    for entry in entries:
        if ours.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def read_only(path: Path) -> bool:
    """``path`` is a regular file its owner made read-only (no write permission bit at all,
    or none for us); False when nothing is there yet."""
    try:
        st = os.stat(path)
    except OSError:
        return False  # nothing there yet (or unreadable: the write itself says why)
    return stat.S_ISREG(st.st_mode) and (not st.st_mode & 0o222 or not os.access(path, os.W_OK))


def refuse_read_only(path: Path, other: str = "write the graph to a file with --out") -> None:
    """Refuse to replace a file its owner made read-only: the atomic rename would succeed
    anyway, since it needs only the folder's permission, and silently undo the user's
    ``chmod a-w``."""
    if read_only(path):
        raise SoulgraphError(f"{path}: the file is read-only; nothing was written (make it "
                             f"writable with chmod u+w, or {other})")


# --------------------------------------------------------------------------- fingerprints


def file_digest(path: Path) -> str:
    """sha256 of a file's bytes, streamed."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(CHUNK * 4), b""):
            h.update(block)
    return h.hexdigest()


def file_holds(path: Path, data: bytes) -> bool:
    """``path`` is a regular file holding exactly ``data`` (False when it cannot be read;
    opened without blocking, so a FIFO put in its place is no hang)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    with os.fdopen(fd, "rb") as fh:
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
                return False
            return fh.read(len(data) + 1) == data
        except OSError:
            return False


def stat_key(path: Path) -> tuple[int, int, int]:
    st = os.stat(path)
    return (st.st_ino, st.st_size, st.st_mtime_ns)


# --------------------------------------------------------------------------- backups


def next_backup_path(original: Path) -> Path:
    """``X.bak``, or ``X.bak.1``, ``X.bak.2`` ... when older backups exist (never overwritten)."""
    base = original.with_name(original.name + ".bak")
    if not base.exists() and not base.is_symlink():
        return base
    n = 1
    while True:
        cand = original.with_name(f"{original.name}.bak.{n}")
        if not cand.exists() and not cand.is_symlink():
            return cand
        n += 1


def latest_backup(original: Path) -> Path | None:
    base = original.with_name(original.name + ".bak")
    if not base.exists():
        return None
    best, n = base, 1
    while (cand := original.with_name(f"{original.name}.bak.{n}")).exists():
        best, n = cand, n + 1
    return best


def make_backup(original: Path) -> tuple[Path, bool]:
    """Copy ``original`` to its next backup path, atomically; reuse an identical latest backup.

    Returns the backup path and whether it was created now.

    Backups are never overwritten: the first is ``X.bak`` and later ones are
    numbered, so the oldest (the pre-soulgraph state) always survives. A repair
    of a file identical to its latest backup makes no new copy.
    """
    latest = latest_backup(original)
    if latest is not None and _same_bytes(latest, original):
        return latest, False
    dest = next_backup_path(original)

    def fill(fh: BinaryIO) -> None:
        with open(original, "rb") as src:
            delay = slow_write_delay()
            if delay:
                write_chunks(fh, src.read())
            else:
                shutil.copyfileobj(src, fh, CHUNK * 4)

    atomic_write(dest, fill, like=original)
    with contextlib.suppress(OSError):
        st = os.stat(original)
        os.utime(dest, ns=(st.st_atime_ns, st.st_mtime_ns))
    return dest, True


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        return file_digest(a) == file_digest(b)
    except OSError:
        return False


# --------------------------------------------------------------------------- locking


_HELD: set[str] = set()


def lock_path(target: Path) -> Path:
    """The lock file of a store: beside it, hidden, so a soul folder gains no file. A symlinked
    store's lock is beside the file it points to: one lock, whichever name reaches it."""
    target = Path(os.path.realpath(target))  # "." -> the folder's real name, lock beside it
    return target.parent / f".{target.name}{LOCK_SUFFIX}"


@contextlib.contextmanager
def store_lock(target: Path) -> Iterator[Path]:
    """Hold the exclusive lock of ``target``; a second holder gets :class:`LockedError` at once.

    ``flock`` dies with its process, so a killed run never leaves a stale lock
    that blocks the next one. The file is removed on release; the inode check
    after locking handles a racing remover.
    """
    path = lock_path(target)
    key = os.path.abspath(path)
    if key in _HELD:  # re-entrant within one process (repair holds it from read to write)
        yield path
        return
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError as exc:
            raise SoulgraphError(f"{target}: cannot create lock file {path.name} ({exc.strerror})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise LockedError(
                    f"{target}: another soulgraph process is writing this store "
                    f"(lock {path.name}); wait for it to finish and run again") from None
            raise SoulgraphError(f"{target}: cannot lock ({exc.strerror})") from None
        try:
            same = os.fstat(fd).st_ino == os.stat(path, follow_symlinks=False).st_ino
        except OSError:
            same = False
        if same and stat.S_ISREG(os.fstat(fd).st_mode):
            break
        os.close(fd)  # someone removed/replaced it between open and flock: retry
    _HELD.add(key)
    try:
        yield path
    finally:
        _HELD.discard(key)
        with contextlib.suppress(OSError):
            os.unlink(path)
        os.close(fd)
