"""One timed job of benchmarks/speed.py, run in a fresh process; prints one JSON object.

    _speed_worker.py soulgraph SOURCE EXTRACTOR WORKERS [OUT]   in-process api.repair
    _speed_worker.py pipe JSONL N_PROCESS                         bare nlp.pipe, same model + pipes
    _speed_worker.py soulproto SOUL                               soul-protocol's own graph rebuild
    _speed_worker.py make-soul JSONL OUT.soul                     a soul-protocol soul of those memories

Each job reports import / model-load / work times apart, so start-up costs do not blur the
per-memory throughput.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def cpu() -> float:
    """CPU seconds of this process and its reaped children (spaCy's n_process workers): on a
    shared machine this moves far less with the load than wall time does."""
    import resource

    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + ch.ru_utime + ch.ru_stime


def child_cpu() -> float:
    import resource

    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ch.ru_utime + ch.ru_stime


def _read_jsonl(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


WARM = ("User: MERGED. I moved the Python service to Docker at Acme Corp in Lisbon, PR #1628 is CI-green "
        "with POCKETPAW_POCKET_REFRESH_SCHEDULER_ENABLED set.\nAgent: Noted, Priya Raman. TaskSpec v0.15.15.")


def warm_up(extractor: str) -> None:
    """One tiny extraction, so lazy one-time set-up (lexicons, first batch) counts as start-up."""
    from soulgraph import pipeline
    from soulgraph.models import Memory

    pipeline.rebuild([Memory(id="warm-up", content=WARM)], extractor=extractor)


def job_soulgraph(source: str, extractor: str, workers: str, out: str | None = None) -> dict:
    t0 = time.perf_counter()
    from soulgraph import api
    from soulgraph.extract import spacy_np

    t1 = time.perf_counter()
    if extractor == "spacy":
        spacy_np.load_nlp()
    warm_up(extractor)
    t2, c2, k2 = time.perf_counter(), cpu(), child_cpu()
    rep = api.repair(Path(source), out=Path(out) if out else None, extractor=extractor,
                     workers=int(workers))
    t3, c3, k3 = time.perf_counter(), cpu(), child_cpu()
    return {"import": t1 - t0, "model": t2 - t1, "e2e": t3 - t2, "e2e_cpu": c3 - c2,
            "children_cpu": k3 - k2, "memories": rep.memories,
            "extract": rep.timings.get("extract"), "build": rep.timings.get("build"),
            "nodes": rep.after.get("nodes"), "edges": rep.after.get("edges"), "extractor": rep.extractor}


def job_pipe(jsonl: str, n_process: str) -> dict:
    t0 = time.perf_counter()
    from soulgraph.extract import spacy_np

    t1 = time.perf_counter()
    nlp = spacy_np.load_nlp()  # exactly the model and pipes soulgraph uses
    list(nlp.pipe([WARM]))
    t2 = time.perf_counter()
    texts = [m["content"] for m in _read_jsonl(jsonl)]
    t3, c3, k3 = time.perf_counter(), cpu(), child_cpu()
    n = 0
    for doc in nlp.pipe(texts, batch_size=64, n_process=int(n_process)):
        n += len(doc.ents) >= 0
    t4, c4, k4 = time.perf_counter(), cpu(), child_cpu()
    return {"import": t1 - t0, "model": t2 - t1, "read": t3 - t2, "extract": t4 - t3, "e2e": t4 - t3,
            "e2e_cpu": c4 - c3, "children_cpu": k4 - k3,
            "memories": len(texts), "pipes": list(nlp.pipe_names)}


def job_soulproto(soul_path: str) -> dict:
    """soul-protocol 0.4.0's rebuild, timed in parts: the same calls its `repair --rebuild-graph`
    makes (awaken, extract_entities + update_graph per memory, export)."""
    import asyncio

    t0 = time.perf_counter()
    from soul_protocol.runtime.soul import Soul
    from soul_protocol.runtime.types import Interaction

    t1 = time.perf_counter()

    async def go() -> dict:
        a, ca = time.perf_counter(), cpu()
        soul = await Soul.awaken(soul_path)
        b = time.perf_counter()
        mm = soul._memory
        mm._graph._entities.clear()
        mm._graph._edges.clear()
        mems = list(mm._episodic.entries()) + list(mm._semantic.facts())
        for mem in mems:
            ents = mm.extract_entities(Interaction(user_input=mem.content, agent_output=""))
            if ents:
                await mm.update_graph([{"name": e["name"], "entity_type": e.get("type", "unknown")}
                                       for e in ents])
        c = time.perf_counter()
        await soul.export(soul_path, include_keys=True)
        d = time.perf_counter()
        return {"load": b - a, "extract": c - b, "save": d - c, "e2e": d - a, "e2e_cpu": cpu() - ca,
                "memories": len(mems),
                "nodes": len(mm._graph.entities())}

    res = asyncio.run(go())
    res["import"] = t1 - t0
    return res


def job_make_soul(jsonl: str, out: str) -> dict:
    """Put every memory in a soul's episodic layer, keeping text and time (ids become 12-hex)."""
    import asyncio
    import hashlib
    from datetime import datetime

    from soul_protocol.runtime.soul import Soul
    from soul_protocol.runtime.types import MemoryEntry, MemoryType

    rows = _read_jsonl(jsonl)

    async def go() -> None:
        soul = await Soul.birth("Bench", archetype="benchmark soul")
        store = soul._memory._episodic
        store._max_entries = max(store._max_entries, len(rows) + 1)
        for r in rows:
            ts = datetime.fromisoformat(r["created_at"]) if r.get("created_at") else datetime(2024, 1, 1)
            mid = hashlib.blake2b(str(r["id"]).encode(), digest_size=6).hexdigest()
            store._memories[mid] = MemoryEntry(id=mid, type=MemoryType.EPISODIC, content=r["content"],
                                               created_at=ts, layer="episodic")
        await soul.export(out, include_keys=True)

    asyncio.run(go())
    return {"memories": len(rows), "out": out}


JOBS = {"soulgraph": job_soulgraph, "pipe": job_pipe, "soulproto": job_soulproto,
        "make-soul": job_make_soul}

if __name__ == "__main__":
    res = JOBS[sys.argv[1]](*sys.argv[2:])
    print(json.dumps({k: (round(v, 5) if isinstance(v, float) else v) for k, v in res.items()}))
