"""Forked shard workers that talk with the parent while they run.

The regex extractor is two passes over the whole store, so it cannot hand memories to a pool
up front the way ``spacy_np`` does: each shard scans its memories, the parent sums the counts
of every shard and decides the verdicts, then each shard writes its mentions. :func:`fork`
starts a child running ``target(channel, *args)``; the child inherits the parent's state as it
is at the fork (nothing pickled on the way in) and exchanges plain pickled messages with it
(:class:`Channel`), lockstep, over two pipes.

Safety: a child leaves with ``os._exit`` whatever happens, so it runs none of the parent's
``atexit`` handlers, ``finally`` blocks or lock releases, and writes nothing but its messages.
It closes its copies of the other children's pipes, so each child sees EOF (and exits) as soon
as the parent closes its channel or dies. A child that dies or sends something broken raises
:class:`ShardFailed` in the parent, whose caller then computes everything in process (the same
pure functions: the same result, or the same error raised where it can be seen). Where there is
no ``fork`` the caller never forks.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

_LIVE: set[int] = set()  # the parent's ends of its children's pipes (closed in every new child)


class ShardFailed(Exception):
    """A shard's child died, or its message was cut short or unreadable."""


def can_fork() -> bool:
    """True where there is ``os.fork`` (POSIX; not Windows)."""
    return hasattr(os, "fork")


def dumps(obj: Any) -> bytes:
    """One message, pickled (imported here: a run that never forks never loads pickle)."""
    import pickle

    return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


def bounds(n: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` contiguous [lo, hi) ranges covering range(n), sizes differing by at most one."""
    q, r = divmod(n, parts)
    out, lo = [], 0
    for k in range(parts):
        hi = lo + q + (k < r)
        out.append((lo, hi))
        lo = hi
    return out


class Channel:
    """One end of a parent-child pair of pipes: length-prefixed pickles, in order."""

    def __init__(self, pid: int, read_fd: int, write_fd: int) -> None:
        self.pid = pid  # the child's (parent side), 0 in the child
        self._fds = (read_fd, write_fd)
        self._r = os.fdopen(read_fd, "rb")
        self._w = os.fdopen(write_fd, "wb")

    def send(self, obj: Any) -> None:
        self.send_bytes(dumps(obj))

    def send_bytes(self, data: bytes) -> None:
        """An already pickled message (the same one to several children: pickle once)."""
        try:
            self._w.write(len(data).to_bytes(8, "little"))
            self._w.write(data)
            self._w.flush()
        except OSError as exc:  # the other side is gone
            raise ShardFailed(f"shard {self.pid}: {exc}") from None

    def recv(self) -> Any:
        try:
            head = self._r.read(8)
            n = int.from_bytes(head, "little") if len(head) == 8 else -1
            data = self._r.read(n) if n >= 0 else b""
        except OSError as exc:
            raise ShardFailed(f"shard {self.pid}: {exc}") from None
        if n < 0 or len(data) != n:
            raise ShardFailed(f"shard {self.pid}: ended early")
        import pickle

        try:
            return pickle.loads(data)
        except Exception as exc:  # noqa: BLE001 - a garbled message: the shard failed
            raise ShardFailed(f"shard {self.pid}: unreadable message ({exc!r})") from None

    def close(self) -> None:
        """Close both pipes; in the parent, also stop and reap the child. A child that sent
        its last message is already leaving; one still working is killed: it holds nothing
        of the parent's (no files written, no locks taken) and its result is not wanted."""
        for f in (self._w, self._r):
            try:
                f.close()
            except OSError:
                pass
        _LIVE.difference_update(self._fds)
        if self.pid:
            import signal

            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
            try:
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            self.pid = 0


def fork(target: Callable[..., None], *args: Any) -> Channel | None:
    """A child running ``target(channel, *args)``, and the parent's channel to it; None when
    the system refuses a pipe or a process (the caller then works in process)."""
    try:
        down_r, down_w = os.pipe()  # parent -> child
    except OSError:
        return None
    try:
        up_r, up_w = os.pipe()  # child -> parent
    except OSError:
        os.close(down_r)
        os.close(down_w)
        return None
    try:
        pid = os.fork()
    except OSError:
        for fd in (down_r, down_w, up_r, up_w):
            os.close(fd)
        return None
    if pid == 0:  # the child
        code = 1
        try:
            for fd in (down_w, up_r, *_LIVE):
                os.close(fd)
            _LIVE.clear()
            target(Channel(0, down_r, up_w), *args)
            code = 0
        except BaseException:  # noqa: BLE001, S110 - the parent sees EOF and works in process
            pass
        finally:
            os._exit(code)
    os.close(down_r)
    os.close(up_w)
    _LIVE.update((up_r, down_w))
    return Channel(pid, up_r, down_w)
