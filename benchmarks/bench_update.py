"""Incremental update vs full rebuild: add 10 memories to an N-memory store, time both.

    .venv/bin/python benchmarks/bench_update.py [--n 10000] [--add 10] [--rounds 3]
        [--extractor spacy] [--verify]

Runs the real CLI in subprocesses (start-up and model load included on both sides, as a
user sees them): ``repair --rebuild-graph`` once on the N-memory store, then for each
round appends ``--add`` new memories and times ``update`` against a fresh
``repair --rebuild-graph`` of the same grown store. ``--verify`` also checks the updated
graph file is byte-identical to the rebuilt one. Writes benchmarks/out/update.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import OUT, fmt, machine, median, run_json, soulgraph_cmd, table, write_out  # noqa: E402
from gen_store import memories  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--add", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--extractor", default="spacy")
    ap.add_argument("--verify", action="store_true")
    ap.add_argument("--no-in-process", action="store_true",
                    help="Skip the in-process twin (update_memories vs pipeline.rebuild).")
    args = ap.parse_args(argv)

    work = OUT / "update"
    work.mkdir(parents=True, exist_ok=True)
    pool = list(memories(args.n + args.add * args.rounds, seed=11))
    store, graph, ref = work / "store.jsonl", work / "store.jsonl.graph.json", work / "ref.json"
    for p in (graph, ref, Path(str(graph) + ".cache")):
        p.unlink(missing_ok=True)
    _write(store, pool[: args.n])
    sg = [*soulgraph_cmd()]
    print(f"store: {args.n} memories; first rebuild ({args.extractor}) ...", file=sys.stderr)
    t_first, _ = run_json([*sg, "repair", "--rebuild-graph", str(store), "--extractor", args.extractor,
                           "--json"])
    rows, upd, reb = [], [], []
    for r in range(args.rounds):
        size = args.n + args.add * (r + 1)
        _write(store, pool[:size])
        t_upd, rep = run_json([*sg, "update", str(store), "--json"])
        t_reb, _ = run_json([*sg, "repair", "--rebuild-graph", str(store), "--extractor", args.extractor,
                             "--out", str(ref), "--json"])
        same = graph.read_bytes() == ref.read_bytes() if args.verify else None
        upd.append(t_upd)
        reb.append(t_reb)
        st = rep["stats"]
        rows.append([r + 1, size, st["extracted"], st["reused"], fmt(t_upd, 2), fmt(t_reb, 2),
                     fmt(t_upd / t_reb, 3), fmt(rep["seconds"], 2),
                     " ".join(f"{k} {v:.2f}" for k, v in st["timings"].items()), same])
        print(f"round {r + 1}: update {t_upd:.2f}s, rebuild {t_reb:.2f}s", file=sys.stderr)
    ratio = median(upd) / median(reb)
    headers = ["round", "memories", "extracted", "reused", "update s", "rebuild s", "ratio",
               "update in-process s", "update stages", "identical"]
    print(table(headers, rows))
    print(f"\nmedian update {median(upd):.2f}s / median rebuild {median(reb):.2f}s = {ratio:.1%} "
          f"(target < 5%); first rebuild {t_first:.2f}s")
    twin = None if args.no_in_process else in_process(pool, args.n, args.add, args.extractor)
    write_out("update", {"machine": machine(), "n": args.n, "add": args.add, "extractor": args.extractor,
                         "update_s": upd, "rebuild_s": reb, "ratio": ratio, "rows": rows,
                         "in_process": twin,
                         "command": "benchmarks/bench_update.py " + " ".join(argv or sys.argv[1:])})
    return 0


def in_process(pool: list[dict], n: int, add: int, extractor: str) -> dict:
    """The Python twin an agent calls on each save: graph and cache kept in memory, the model
    loaded once. Times ``update_memories`` after ``add`` new memories against
    ``pipeline.rebuild`` of the same grown store, in one process, and checks they are equal."""
    import time

    from soulgraph import pipeline, update
    from soulgraph.extract import analyze
    from soulgraph.models import Memory
    from soulgraph.readwrite import nodelink

    mems = [Memory(**m) for m in pool[: n + add]]
    analyze(mems[:1], extractor)  # load the model and lexicons once, as a long-lived agent has
    base = pipeline.rebuild(mems[:n], extractor=extractor)
    cache = update.cache_from_build(base, mems[:n])
    t0 = time.perf_counter()
    res = update.update_memories(mems, base.graph, cache, extractor=extractor)
    t_upd = time.perf_counter() - t0
    t0 = time.perf_counter()
    full = pipeline.rebuild(mems, extractor=extractor)
    t_reb = time.perf_counter() - t0
    same = nodelink.dumps(res.graph) == nodelink.dumps(full.graph)
    out = {"update_s": round(t_upd, 3), "rebuild_s": round(t_reb, 3), "ratio": round(t_upd / t_reb, 4),
           "identical": same, "stages": res.stats.timings}
    print(f"in process (update_memories, model loaded once): update {t_upd:.2f}s / rebuild "
          f"{t_reb:.2f}s = {t_upd / t_reb:.1%}; identical graph: {same}; stages {res.stats.timings}")
    return out


def _write(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
