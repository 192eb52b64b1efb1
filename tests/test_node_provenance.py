"""A node's provenance: one entry per position, in (memory, start) order, with the memory's
time only where the memory has one (stores mix dated and undated memories)."""

from __future__ import annotations

import pytest

from soulgraph import pipeline
from soulgraph.models import Memory

TEXTS = ["Priya Raman moved to Lisbon with Marco.", "Marco met Priya Raman in Lisbon.",
         "Priya Raman and Marco visited Porto.", "Lisbon is where Marco lives now."]


@pytest.mark.parametrize("dated", [(True, True, True, True), (False, False, False, False),
                                   (True, False, True, False)])
def test_entries_carry_their_memory_time_only_when_it_has_one(dated):
    times = {f"m{i}": f"2025-0{i + 1}-02T10:00:00" if d else None for i, d in enumerate(dated)}
    mems = [Memory(id=f"m{i}", content=t, created_at=times[f"m{i}"]) for i, t in enumerate(TEXTS)]
    g = pipeline.rebuild(mems, extractor="regex").graph
    assert g.number_of_nodes() >= 3
    for _, d in g.nodes(data=True):
        prov = d["provenance"]
        at = [(p["memory_id"], p["start"]) for p in prov]
        assert at == sorted(set(at))
        for p in prov:
            keys = ["memory_id", "start", "end", "sentence_start", "sentence_end", "extractor"]
            assert list(p) == keys + (["time"] if times[p["memory_id"]] else [])
            assert p.get("time") == times[p["memory_id"]]
        seen = [times[p["memory_id"]] for p in prov if times[p["memory_id"]]]
        assert d.get("first_seen") == (min(seen) if seen else None)
        assert d.get("last_seen") == (max(seen) if seen else None)
        assert d["mention_count"] == len(prov)


def test_memory_records_sorted_by_time_then_id_as_the_key_function_sorts():
    """assemble orders the memory records at C level when their times are strings or absent;
    it must give the stable sort by (time or "", id) for any mix (nulls, empties, repeated ids)."""
    import random

    from soulgraph.graph import _by_time, _time_key

    rng = random.Random(2)
    for _ in range(3000):
        recs = []
        for i in range(rng.randint(0, 30)):
            r = {"id": rng.choice("abcde") + str(rng.randint(0, 3)), "n": i}
            t = rng.choice([None, "", "2024-01-01", "2024-01-02", "2023-12-31T10:00", "absent"])
            if t != "absent":
                r["created_at"] = t
            recs.append(r)
        assert list(map(id, _by_time(recs))) == list(map(id, sorted(recs, key=_time_key)))
