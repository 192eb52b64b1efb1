"""Read-side timings for one graph of benchmarks/scale.py, in a fresh process; prints JSON.

    _scale_worker.py GRAPH.json N_MEMORIES [N_QUESTIONS]

Graph load (median of 5 loads, and the CPU time of the first: a CLI's only one), recall
latency p50/p95 after one index build (through the recall API that exists:
``GraphView.open(...).recall`` or ``soulgraph.recall``), and ``soulgraph.health`` in process.
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gen_store  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def main(graph: str, n: str, n_q: str = "200") -> dict:
    t0 = time.perf_counter()
    import soulgraph
    from soulgraph import api

    out: dict = {"import": time.perf_counter() - t0}
    loads, loads_cpu = [], []
    g = None
    for _ in range(5):
        g = None  # the previous load is freed here, outside the timing: freeing is not loading
        gc.collect()
        a, ac = time.perf_counter(), time.process_time()
        g = api.load(Path(graph))
        loads.append(time.perf_counter() - a)
        loads_cpu.append(time.process_time() - ac)
    out["load_first_cpu"] = loads_cpu[0]  # fresh process: every page touched for the first time
    out["load"] = statistics.median(loads)
    out["load_cpu"] = statistics.median(loads_cpu)
    out["nodes"] = g.number_of_nodes()
    out["edges"] = g.number_of_edges()
    qs = gen_store.questions(int(n_q), int(n))
    recall = None
    try:
        from soulgraph.query import GraphView

        a = time.perf_counter()
        view = GraphView(g)
        recall = view.recall
        view.recall(qs[0], k=10)  # first call builds the lazy indexes
        out["recall_index"] = time.perf_counter() - a
        out["recall_api"] = "soulgraph.query.GraphView.recall"
    except (ImportError, AttributeError) as exc:
        if hasattr(soulgraph, "recall"):
            recall = lambda q, k=10: soulgraph.recall(g, q, k=k)  # noqa: E731
            out["recall_api"] = "soulgraph.recall"
        else:
            out["recall_error"] = f"no recall API: {exc}"
    if recall is not None:
        lat, lat_cpu = [], []
        for q in qs:
            a, ac = time.perf_counter(), time.process_time()
            recall(q, k=10)
            lat.append(time.perf_counter() - a)
            lat_cpu.append(time.process_time() - ac)
        out["recall_p50_ms"] = pct(lat, 0.5) * 1000
        out["recall_p95_ms"] = pct(lat, 0.95) * 1000
        out["recall_cpu_p95_ms"] = pct(lat_cpu, 0.95) * 1000
        out["questions"] = len(qs)
    try:
        from soulgraph import health

        a, ac = time.perf_counter(), time.process_time()
        health.health(Path(graph))
        out["health"] = time.perf_counter() - a
        out["health_cpu"] = time.process_time() - ac
    except Exception as exc:  # noqa: BLE001 - report, do not hide the other figures
        out["health_error"] = str(exc)[:200]
    return out


if __name__ == "__main__":
    res = main(*sys.argv[1:])
    print(json.dumps({k: (round(v, 5) if isinstance(v, float) else v) for k, v in res.items()}))
