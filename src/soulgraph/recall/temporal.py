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


def order(records: list[dict]) -> list[int]:
    """Memory indexes oldest first; undated memories keep id order among themselves."""
    def key(i: int):
        t = parse_time(records[i].get("created_at"))
        return (t is None, t or 0.0, natural_key(records[i]["id"]))
    return sorted(range(len(records)), key=key)


def _consecutive_ids(a: str, b: str) -> bool:
    ma, mb = _TAIL.match(a), _TAIL.match(b)
    return bool(ma and mb and ma.group(1) == mb.group(1) and int(mb.group(2)) == int(ma.group(2)) + 1)


def same_session(a: dict, b: dict, gap_s: float = SESSION_GAP_S) -> bool:
    ta, tb = parse_time(a.get("created_at")), parse_time(b.get("created_at"))
    if ta is not None and tb is not None and abs(tb - ta) > gap_s:
        return False
    if ta is not None and tb is not None and ta != tb:
        return True
    return _consecutive_ids(a["id"], b["id"]) or (ta is not None and ta == tb and _prefix(a) == _prefix(b))


def _prefix(m: dict) -> str:
    hit = _TAIL.match(m["id"])
    return hit.group(1) if hit else m["id"]


def neighbours(records: list[dict],
               gap_s: float = SESSION_GAP_S) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``prev``, ``next`` (index or -1) and ``position`` (0..1, oldest to newest) per memory."""
    n = len(records)
    prev = np.full(n, -1, dtype=np.int64)
    nxt = np.full(n, -1, dtype=np.int64)
    position = np.zeros(n, dtype=np.float64)
    seq = order(records)
    for rank, i in enumerate(seq):
        position[i] = rank / (n - 1) if n > 1 else 1.0
    for a, b in zip(seq, seq[1:], strict=False):
        if same_session(records[a], records[b], gap_s):
            nxt[a], prev[b] = b, a
    return prev, nxt, position
