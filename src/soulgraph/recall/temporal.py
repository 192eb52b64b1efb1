"""Memories in time: the turn before and after each memory within one session.

An answer often sits in the reply next to the turn that matches the question,
so recall lets a memory borrow part of its neighbours' score. Order comes from
``created_at`` (then a natural sort of ids, so "t9" precedes "t10"); two
consecutive memories belong to one session when their times are close, or,
when a time is missing, when their ids differ only by a consecutive counter.
"""

from __future__ import annotations

import re

import numpy as np

from soulgraph.query import natural_key, parse_time

SESSION_GAP_S = 3600.0
_TAIL = re.compile(r"^(.*?)(\d+)$")


def order(records: list[dict], times: list[float | None] | None = None) -> list[int]:
    """Memory indexes oldest first; undated memories keep id order among themselves."""
    times = times if times is not None else [parse_time(r.get("created_at")) for r in records]

    def key(i: int):
        t = times[i]
        return (t is None, t or 0.0, natural_key(records[i]["id"]))
    return sorted(range(len(records)), key=key)


def _tail(mid: str) -> tuple[str, int] | None:
    m = _TAIL.match(mid)
    return (m.group(1), int(m.group(2))) if m else None


def same_session(a: dict, b: dict, gap_s: float = SESSION_GAP_S,
                 ta: float | None = None, tb: float | None = None) -> bool:
    """Whether ``b`` directly follows ``a`` in one sitting (times close, or ids consecutive)."""
    if ta is None:
        ta = parse_time(a.get("created_at"))
    if tb is None:
        tb = parse_time(b.get("created_at"))
    if ta is not None and tb is not None:
        if abs(tb - ta) > gap_s:
            return False
        if ta != tb:
            return True
    pa, pb = _tail(a["id"]), _tail(b["id"])
    if pa is None or pb is None or pa[0] != pb[0]:
        return False
    # same id stem: consecutive counters, or (same time) the next one in id order
    return pb[1] == pa[1] + 1 or (ta is not None and ta == tb)


def neighbours(records: list[dict],
               gap_s: float = SESSION_GAP_S) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``prev``, ``next`` (index or -1) and ``position`` (0..1, oldest to newest) per memory."""
    n = len(records)
    prev = np.full(n, -1, dtype=np.int64)
    nxt = np.full(n, -1, dtype=np.int64)
    position = np.zeros(n, dtype=np.float64)
    times = [parse_time(r.get("created_at")) for r in records]
    seq = order(records, times)
    for rank, i in enumerate(seq):
        position[i] = rank / (n - 1) if n > 1 else 1.0
    for a, b in zip(seq, seq[1:], strict=False):
        if same_session(records[a], records[b], gap_s, times[a], times[b]):
            nxt[a], prev[b] = b, a
    return prev, nxt, position


def same_speaker_neighbours(speakers: list[str | None], prev: np.ndarray, nxt: np.ndarray,
                            reach: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """The same speaker's previous and next turn in the session, at most ``reach`` turns away.

    In a dialogue people alternate, so a speaker's story continues two turns later
    ("I went to X" ... "cool!" ... "it was about Y"). Memories without a speaker fall
    back to the turn two places away.
    """
    def walk(step: np.ndarray) -> np.ndarray:
        out = np.full(len(speakers), -1, dtype=np.int64)
        for i, who in enumerate(speakers):
            j = int(step[i])
            if who is None:
                out[i] = step[j] if j >= 0 else -1
                continue
            for _ in range(reach):
                if j < 0:
                    break
                if speakers[j] == who:
                    out[i] = j
                    break
                j = int(step[j])
        return out
    return walk(prev), walk(nxt)
