"""Supersession: a fact stated only by superseded memories is history, not deleted.

An edge whose every supporting memory is superseded gets ``valid_to``: the time
its statement was replaced, i.e. the ``created_at`` of the superseding memory
(soul-protocol records it as ``superseded_by``), else the superseded memory's own
time (replaced at some unknown point after it was said). A pure function of the
store, so a rebuild and an incremental update agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from soulgraph.models import Memory


def ended_at(m: Memory, memories: Mapping[str, Memory]) -> str | None:
    """When memory ``m`` stopped being current (None: it still is)."""
    if not m.superseded:
        return None
    by = m.extra.get("superseded_by") if m.extra else None
    newer = memories.get(by) if isinstance(by, str) else None
    if newer is not None and newer.created_at:
        return newer.created_at
    return m.created_at


def valid_to(memory_ids: Iterable[str], memories: Mapping[str, Memory]) -> str | None:
    """``valid_to`` of an edge supported by ``memory_ids``: the latest end among them when
    all are superseded; None while any supporting memory is current."""
    ends = []
    for mid in set(memory_ids):
        m = memories.get(mid)
        if m is None:
            continue
        end = ended_at(m, memories)
        if end is None:
            return None
        ends.append(end)
    return max(ends) if ends else None
