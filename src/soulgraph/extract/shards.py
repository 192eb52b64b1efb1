"""Forked shard workers that talk with the parent while they run.

The regex extractor is two passes over the whole store, so it cannot hand memories to a pool
up front the way ``spacy_np`` does: each shard scans its memories, the parent sums the counts
of every shard and decides the verdicts, then each shard writes its mentions. :func:`fork`
starts a child running ``target(channel, *args)``; the child inherits the parent's state as it
is at the fork (nothing pickled on the way in) and exchanges plain pickled messages with it
(:class:`Channel`), lockstep, over one socket pair.

Safety, because the child is a copy of a process that may hold the user's store lock, a
progress-bar thread and the host's signal handlers:

- the child keeps no descriptor but its socket (the store lock's stays with the parent), asks
  the kernel to kill it when the parent dies (Linux), ignores Ctrl-C (the parent stops it),
  dies on SIGTERM, and leaves with ``os._exit`` whatever happens: none of the parent's
  ``atexit`` handlers, ``finally`` blocks or lock releases run in it, and it writes nothing
  but its messages;
- signals are blocked from ``fork`` until both sides have set themselves up, so an interrupt
  cannot land in a half-made child or leave an unreaped one;
- writes never raise SIGPIPE (``MSG_NOSIGNAL``) and reads give up after a deadline, so a
  child that dies or hangs raises :class:`ShardFailed` in the parent, whose caller then
  computes everything in process (the same pure functions: the same result, or the same
  error raised where it can be seen). Where there is no ``fork`` the caller never forks.

``SOULGRAPH_SHARD_DEBUG=1`` prints a failing child's traceback to stderr (else a child's
failure only shows as the slower in-process rerun).
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

# A child that has said nothing for this long is taken for hung: killed, the work redone in
# process. Generous: a shard of a 100k-memory store takes well under a minute on a slow machine.
WAIT_SECONDS = 300.0
_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGPIPE}
_NOSIGNAL = getattr(socket, "MSG_NOSIGNAL", 0)


class ShardFailed(Exception):
    """A shard's child died, hung, or its message was cut short or unreadable."""


def can_fork() -> bool:
    """True where there is ``os.fork`` and sockets without SIGPIPE (Linux)."""
    return hasattr(os, "fork") and bool(_NOSIGNAL) and hasattr(signal, "pthread_sigmask")


def dumps(obj: Any) -> bytes:
    """One message, pickled."""
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
    """One end of a parent-child socket pair: length-prefixed pickles, in order."""

    def __init__(self, pid: int, sock: socket.socket) -> None:
        self.pid = pid  # the child's (parent side), 0 in the child
        self._sock = sock

    def send(self, obj: Any) -> None:
        self.send_bytes(dumps(obj))

    def send_bytes(self, data: bytes) -> None:
        """An already pickled message (the same one to several children: pickle once)."""
        try:
            self._sock.sendall(len(data).to_bytes(8, "little") + data, _NOSIGNAL)
        except OSError as exc:  # the other side is gone
            raise ShardFailed(f"shard {self.pid}: {exc}") from None

    def recv(self) -> Any:
        n = int.from_bytes(self._read(8), "little")
        data = self._read(n)
        try:
            return pickle.loads(data)
        except Exception as exc:  # noqa: BLE001 - a garbled message: the shard failed
            raise ShardFailed(f"shard {self.pid}: unreadable message ({exc!r})") from None

    def _read(self, n: int) -> bytes:
        """Exactly ``n`` bytes, or ShardFailed: the other side closed, or said nothing for
        ``WAIT_SECONDS`` (the child's side waits for the parent without a deadline: the
        kernel kills it when the parent dies)."""
        buf = bytearray(n)
        view, got = memoryview(buf), 0
        deadline = time.monotonic() + WAIT_SECONDS if self.pid else None
        try:
            while got < n:
                if deadline is not None:
                    left = deadline - time.monotonic()
                    if left <= 0 or not select.select([self._sock], [], [], left)[0]:
                        raise ShardFailed(f"shard {self.pid}: no answer in {WAIT_SECONDS:.0f} s")
                k = self._sock.recv_into(view[got:])
                if k == 0:
                    raise ShardFailed(f"shard {self.pid}: ended early")
                got += k
        except OSError as exc:
            raise ShardFailed(f"shard {self.pid}: {exc}") from None
        return bytes(buf)

    def close(self) -> None:
        """Close the socket; in the parent, also stop and reap the child. A child that sent
        its last message is already leaving; one still working (or hung) is killed: it holds
        nothing of the parent's (no files written, no locks) and its result is not wanted."""
        self._sock.close()
        pid, self.pid = self.pid, 0
        if not pid:
            return
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if not done:  # still ours and running (a reaped pid is never signalled: reuse)
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        except (ChildProcessError, ProcessLookupError):  # reaped by the host already
            pass


def fork(target: Callable[..., None], *args: Any) -> Channel | None:
    """A child running ``target(channel, *args)``, and the parent's channel to it; None when
    the system refuses a socket or a process (the caller then works in process)."""
    try:
        mine, theirs = socket.socketpair()
    except OSError:
        return None
    parent = os.getpid()
    prctl = _prctl()  # (loaded here: the child should not import anything)
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        pid = os.fork()
    except OSError:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
        mine.close()
        theirs.close()
        return None
    if pid == 0:  # the child: never returns
        _child(theirs, parent, prctl, old, target, args)
    theirs.close()
    channel = Channel(pid, mine)
    try:  # a signal that came while blocked is delivered here: the child must not be lost
        signal.pthread_sigmask(signal.SIG_SETMASK, old)
    except BaseException:
        channel.close()
        raise
    return channel


def _child(sock: socket.socket, parent: int, prctl: Callable[..., int] | None, mask: Any,
           target: Callable[..., None], args: tuple) -> None:
    code = 1
    try:
        if prctl is not None:  # the kernel kills this child when its parent dies
            prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        if os.getppid() != parent:  # it died between fork and here
            os._exit(1)
        keep = sock.fileno()
        os.closerange(3, keep)  # the store lock, the other children's sockets, the host's files
        os.closerange(keep + 1, _max_fd())
        try:
            signal.set_wakeup_fd(-1)  # (the host's, to a descriptor just closed)
        except ValueError:  # not the main thread
            pass
        for sig in signal.valid_signals():  # no handler of the host's runs in a copy of it
            if callable(signal.getsignal(sig)):
                signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the parent, which stops us
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        target(Channel(0, sock), *args)
        code = 0
    except BaseException:  # noqa: BLE001 - the parent sees EOF and works in process
        if os.environ.get("SOULGRAPH_SHARD_DEBUG", "").strip() not in ("", "0"):
            import traceback

            traceback.print_exc(file=sys.stderr)
    finally:
        os._exit(code)


_PR_SET_PDEATHSIG = 1


def _prctl() -> Callable[..., int] | None:
    """Linux's prctl(2), or None elsewhere (there a child outlives a killed parent until its
    next read finds the socket closed)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def _max_fd() -> int:
    try:
        return int(os.sysconf("SC_OPEN_MAX"))
    except (ValueError, OSError):
        return 65536
