"""Scale: stores of 1k, 10k and 100k synthetic memories (benchmarks/gen_store.py).

    .venv/bin/python benchmarks/scale.py [--sizes 1000,10000,100000] [--extractors regex,spacy]
                                         [--spacy-max 10000] [--questions 200]

For each size and extractor: ``soulgraph repair --rebuild-graph`` as a subprocess under
``/usr/bin/time -v`` (wall time, peak RSS), the graph file size, then in a fresh process graph
load time (median of 5, and the CPU time of the first), recall latency p50/p95 and ``health``
time (benchmarks/_scale_worker.py), and the ``soulgraph health --json`` CLI wall and CPU
time. Fits the growth exponent of build time over size (least squares on log-log). Prints
markdown; writes benchmarks/out/scale.json.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gen_store  # noqa: E402
from _common import OUT, PY, ROOT, fmt, machine, run, run_json, soulgraph_cmd, table, write_out  # noqa: E402

WORKER = str(Path(__file__).resolve().parent / "_scale_worker.py")
TIME = shutil.which("time", path="/usr/bin") or None


def store(n: int, work: Path) -> Path:
    path = work / f"store-{n}.jsonl"
    if not path.exists():
        tmp = path.with_suffix(".part")
        with tmp.open("w", encoding="utf-8") as fh:
            for m in gen_store.memories(n):
                fh.write(json.dumps(m, ensure_ascii=False) + "\n")
        tmp.replace(path)
    return path


def build(src: Path, graph: Path, extractor: str) -> dict:
    """One rebuild in a child process: wall, peak RSS (MB), the CLI's own report."""
    cmd = [*soulgraph_cmd(), "repair", "--rebuild-graph", str(src), "--out", str(graph),
           "--extractor", extractor, "--json"]
    if TIME:
        wall, proc = run([TIME, "-v", *cmd])
        rss = _time_v(proc.stderr, "Maximum resident set size (kbytes)")
        rss_mb = rss / 1024 if rss else None
        cpu = sum(_time_v(proc.stderr, k) or 0 for k in ("User time (seconds)", "System time (seconds)"))
    else:
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        wall, proc = run(cmd)
        after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        rss_mb = after / 1024 if after > before else None  # max over children so far
        cpu = proc.cpu
    if proc.returncode != 0:
        tail = [ln for ln in proc.stderr.splitlines() if ln.strip() and not ln.startswith("\t")][-1:]
        return {"error": f"exit {proc.returncode}: {' '.join(tail)[:200]}", "wall": wall}
    rep = json.loads(proc.stdout[proc.stdout.find("{"):])
    return {"wall": wall, "cpu": cpu, "rss_mb": rss_mb, "seconds": rep.get("seconds"),
            "timings": rep.get("timings"),
            "nodes": rep.get("after", {}).get("nodes"), "edges": rep.get("after", {}).get("edges"),
            "graph_bytes": graph.stat().st_size if graph.exists() else None}


def _time_v(stderr: str, key: str) -> float | None:
    for line in stderr.splitlines():
        if key in line:
            try:
                return float(line.rsplit(":", 1)[1])
            except ValueError:
                return None
    return None


def read_side(graph: Path, n: int, n_q: int) -> dict:
    try:
        _, res = run_json([PY, WORKER, str(graph), str(n), str(n_q)])
    except RuntimeError as exc:
        return {"error": str(exc)[:200]}
    wall, proc = run([*soulgraph_cmd(), "health", str(graph), "--json"])
    res["health_cli_wall"] = wall if proc.returncode in (0, 1) else None
    res["health_cli_cpu"] = proc.cpu if proc.returncode in (0, 1) else None
    return res


def exponent(points: list[tuple[int, float]]) -> float | None:
    """Slope of log(time) over log(size), least squares."""
    pts = [(math.log(n), math.log(t)) for n, t in points if t and t > 0]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    den = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / den if den else None


def targets(results: dict, fits: dict) -> list[list]:
    rows = []
    for ex in ("regex", "spacy"):
        done = {k: v for k, v in results.items() if k.startswith(ex + "/") and "read" in v}
        if not done:
            continue
        big = max(done, key=lambda k: int(k.split("/")[1]))
        fit = fits.get(ex, {})
        rows.append([f"{ex}: growth exponent (extract+build)", fit.get("extract_build"), "<= 1.1"])
        rows.append([f"{ex}: growth exponent (process wall)", fit.get("process_wall"), "<= 1.1"])
        rows.append([f"{ex}: growth exponent (process CPU)", fit.get("process_cpu"), "<= 1.1"])
        rows.append([f"{ex}: peak RSS at {big.split('/')[1]} memories, MB", done[big].get("rss_mb"),
                     "<= 2048"])
        near = min(done, key=lambda k: abs((done[k].get("nodes") or 0) - 10_000))
        r = done[near]["read"]
        tag = f"{ex}: {done[near].get('nodes')}-node graph ({near.split('/')[1]} memories)"
        rows.append([f"{tag}: load s (CPU s; first load CPU s)", f"{fmt(r.get('load'))} "
                     f"({fmt(r.get('load_cpu'))}; {fmt(r.get('load_first_cpu'))})", "<= 0.2"])
        rows.append([f"{tag}: recall p95 ms (CPU)", f"{fmt(r.get('recall_p95_ms'))} "
                     f"({fmt(r.get('recall_cpu_p95_ms'))})", "<= 20"])
        rows.append([f"{tag}: health s in process (CPU s)", f"{fmt(r.get('health'))} "
                     f"({fmt(r.get('health_cpu'))})", "<= 1"])
        rows.append([f"{tag}: health CLI wall s (CPU s)", f"{fmt(r.get('health_cli_wall'))} "
                     f"({fmt(r.get('health_cli_cpu'))})", "(incl. start-up)"])
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="soulgraph at 1k / 10k / 100k memories.")
    ap.add_argument("--sizes", default="1000,3000,10000,30000,100000")
    ap.add_argument("--extractors", default="regex,spacy")
    ap.add_argument("--spacy-max", type=int, default=10000, help="Largest store run with spaCy.")
    ap.add_argument("--questions", type=int, default=200)
    args = ap.parse_args(argv)
    work = OUT / "scale"
    work.mkdir(parents=True, exist_ok=True)
    before = machine()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows, results = [], {}
    for ex in args.extractors.split(","):
        for n in sizes:
            if ex == "spacy" and n > args.spacy_max:
                continue
            src = store(n, work)
            graph = work / f"graph-{n}-{ex}.json"
            res = build(src, graph, ex)
            if "error" not in res:
                res["read"] = read_side(graph, n, args.questions)
            results[f"{ex}/{n}"] = res
            print(f"scale {ex} {n}: {json.dumps(res, default=str)[:300]}", file=sys.stderr)
            r = res.get("read", {})
            rows.append([ex, n, res.get("nodes"), res.get("edges"), res.get("wall"), res.get("cpu"),
                         res.get("seconds"),
                         n / res["seconds"] if res.get("seconds") else None, res.get("rss_mb"),
                         (res.get("graph_bytes") or 0) / 1e6 or None, r.get("load"), r.get("load_cpu"),
                         r.get("recall_p50_ms"), r.get("recall_p95_ms"), r.get("recall_cpu_p95_ms"),
                         r.get("health"), r.get("health_cpu"),
                         r.get("health_cli_wall"), res.get("error") or r.get("error")
                         or r.get("recall_error") or r.get("health_error") or ""])
    fits = {}
    for ex in args.extractors.split(","):
        pts = [(n, results[f"{ex}/{n}"].get("seconds")) for n in sizes if f"{ex}/{n}" in results]
        wall = [(n, results[f"{ex}/{n}"].get("wall")) for n in sizes if f"{ex}/{n}" in results]
        cpu = [(n, results[f"{ex}/{n}"].get("cpu")) for n in sizes if f"{ex}/{n}" in results]
        core = [(n, sum((results[f"{ex}/{n}"].get("timings") or {}).values()) or None)
                for n in sizes if f"{ex}/{n}" in results]
        fits[ex] = {"extract_build": exponent(core), "in_process": exponent(pts),
                    "process_wall": exponent(wall), "process_cpu": exponent(cpu)}
    print("## Scale (synthetic stores, benchmarks/gen_store.py)\n")
    print(table(["extractor", "memories", "nodes", "edges", "wall s", "CPU s", "repair s", "mem/s",
                 "peak RSS MB", "graph MB", "load s", "load CPU s", "recall p50 ms", "recall p95 ms",
                 "recall CPU p95 ms", "health s", "health CPU s", "health CLI s", "note"], rows))
    print("\nGrowth exponent of build time (log-log least squares over the sizes run):\n")
    print(table(["extractor", "extract+build", "in-process repair", "process wall", "process CPU"],
                [[ex, f["extract_build"], f["in_process"], f["process_wall"], f["process_cpu"]]
                 for ex, f in fits.items()]))
    checks = targets(results, fits)
    print("\nTargets (the graph nearest 10,000 nodes for load / recall / health):\n")
    print(table(["check", "value", "target"], checks))
    path = write_out("scale", {"machine_before": before, "machine_after": machine(), "args": vars(args),
                               "peak_rss_tool": TIME or "resource.getrusage(RUSAGE_CHILDREN)",
                               "results": results, "exponents": fits, "targets": checks})
    print(f"\nmachine load before {before['loadavg']}, after {machine()['loadavg']}; "
          f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
