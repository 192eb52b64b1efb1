"""Speed, side by side: soulgraph (spaCy, regex) vs soul-protocol 0.4.0's own graph rebuild.

    .venv/bin/python benchmarks/speed.py [--rounds 5] [--limit N] [--datasets locomo,demo]

Datasets: the LoCoMo dev turns (../shared/eval/locomo-dev, conversation turns) and the demo
soul (fixtures/demo.soul). Each is held both as a JSONL file and as a soul-protocol soul with the
same memories; every tool reads the soul (a fresh copy per run) so all do the same job.

In one run, alternating the order every round, each variant runs in a fresh process:
- soulgraph in process (``api.repair``; import, model load and work timed apart), spaCy and regex
  each with ``--workers 1`` and ``--workers 2`` (regex: both passes in forked shards);
- the real CLIs end to end: ``soulgraph repair --rebuild-graph`` (spaCy, regex, regex
  ``--workers 2``) and
  ``soul repair --rebuild-graph``, wall time including interpreter start-up;
- soul-protocol's rebuild in process (awaken, extract + graph update per memory, export);
- bare ``nlp.pipe`` over the same texts, same model and pipes, ``n_process`` 1 and 2.
Prints medians and ratios as markdown; writes benchmarks/out/speed.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (  # noqa: E402
    OUT,
    PY,
    ROOT,
    Bar,
    eval_dir,
    machine,
    median,
    run,
    run_json,
    soul_cmd,
    soulgraph_cmd,
    table,
    write_out,
)

WORKER = str(Path(__file__).resolve().parent / "_speed_worker.py")
LAYERS = ("episodic", "semantic", "procedural", "social")


def prepare(name: str, work: Path, limit: int | None) -> tuple[Path, Path] | None:
    """(jsonl, soul) holding the same memories, or None when the source data is missing."""
    jsonl, soul = work / f"{name}.jsonl", work / f"{name}.soul"
    if name == "locomo":
        src = eval_dir() / "locomo-dev" / "memories.jsonl"
        if not src.exists():
            return None
        lines = src.read_text(encoding="utf-8").splitlines()
        lines = lines[:limit] if limit else lines
        jsonl.write_text("\n".join(lines) + "\n", encoding="utf-8")
        run_json([PY, WORKER, "make-soul", str(jsonl), str(soul)])
    elif name == "demo":
        demo = ROOT / "fixtures" / "demo.soul"
        if not demo.exists():
            return None
        shutil.copyfile(demo, soul)
        rows = []
        with zipfile.ZipFile(demo) as zf:
            names = set(zf.namelist())
            for layer in LAYERS:
                if f"memory/{layer}.json" in names:
                    rows += json.loads(zf.read(f"memory/{layer}.json"))
            if "memory/custom_layers.json" in names:
                for entries in json.loads(zf.read("memory/custom_layers.json")).values():
                    rows += entries
        jsonl.write_text("".join(json.dumps({"id": r["id"], "content": r["content"],
                                             "created_at": r.get("created_at")}) + "\n" for r in rows),
                         encoding="utf-8")
    else:
        raise SystemExit(f"unknown dataset {name}")
    return jsonl, soul


def variants(jsonl: Path, soul: Path, work: Path, sg_input: str) -> dict[str, list[str] | tuple]:
    """name -> how to run it. In-process jobs print JSON; CLI jobs are timed from outside."""
    src = str(soul) if sg_input == "soul" else str(jsonl)
    out = [] if sg_input == "soul" else [str(work / "g.json")]
    v: dict = {
        "soulgraph spacy w1": ("job", [PY, WORKER, "soulgraph", src, "spacy", "1", *out]),
        "soulgraph spacy w2": ("job", [PY, WORKER, "soulgraph", src, "spacy", "2", *out]),
        "soulgraph regex": ("job", [PY, WORKER, "soulgraph", src, "regex", "1", *out]),
        "soulgraph regex w2": ("job", [PY, WORKER, "soulgraph", src, "regex", "2", *out]),
        "nlp.pipe n_process=1": ("job", [PY, WORKER, "pipe", str(jsonl), "1"]),
        "nlp.pipe n_process=2": ("job", [PY, WORKER, "pipe", str(jsonl), "2"]),
        "soul-protocol rebuild": ("job", [PY, WORKER, "soulproto", str(soul)]),
        "CLI soulgraph spacy": ("cli", [*soulgraph_cmd(), "repair", "--rebuild-graph", src,
                                        *(["--out", out[0]] if out else []), "--extractor", "spacy",
                                        "--json"]),
        "CLI soulgraph regex": ("cli", [*soulgraph_cmd(), "repair", "--rebuild-graph", src,
                                        *(["--out", out[0]] if out else []), "--extractor", "regex",
                                        "--json"]),
        "CLI soulgraph regex w2": ("cli", [*soulgraph_cmd(), "repair", "--rebuild-graph", src,
                                           *(["--out", out[0]] if out else []), "--extractor", "regex",
                                           "--workers", "2", "--json"]),
    }
    sp = soul_cmd()
    if sp:
        v["CLI soul repair"] = ("cli", [*sp, "repair", "--rebuild-graph", str(soul)])
    return v


def soulgraph_reads_souls(soul: Path, work: Path) -> bool:
    """Use the soul as soulgraph's input when its soul reader works; else the same JSONL."""
    probe = work / "probe.soul"
    shutil.copyfile(soul, probe)
    _, proc = run([*soulgraph_cmd(), "repair", "--rebuild-graph", str(probe), "--dry-run",
                   "--extractor", "regex", "--json"])
    return proc.returncode == 0


def bench_dataset(name: str, rounds: int, limit: int | None, work: Path,
                  only: list[str] | None = None) -> dict | None:
    prep = prepare(name, work, limit)
    if prep is None:
        print(f"speed: dataset {name} unavailable, skipped", file=sys.stderr)
        return None
    jsonl, soul = prep
    sg_input = "soul" if soulgraph_reads_souls(soul, work) else "jsonl"
    vs = variants(jsonl, soul, work, sg_input)
    if only:  # --variants: the rows whose name holds one of these words
        vs = {k: v for k, v in vs.items() if any(w in k for w in only)}
    names = list(vs)
    samples: dict[str, list[dict]] = {k: [] for k in names}
    errors: dict[str, str] = {}
    bar = Bar(rounds * len(names), f"speed {name}")
    for r in range(rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for vname in order:
            kind, cmd = vs[vname]
            fresh = work / "run.soul"
            for old in work.glob("run.soul*"):  # backups and caches of the previous run
                old.unlink()
            shutil.copyfile(soul, fresh)  # every run rewrites its own copy of the soul
            cmd = [str(fresh) if c == str(soul) else c for c in cmd]
            try:
                wall, res = run_json(cmd) if kind == "job" else _cli(cmd)
                res["wall"] = wall
                samples[vname].append(res)
            except Exception as exc:  # noqa: BLE001 - report, keep measuring the rest
                errors[vname] = str(exc)[:300]
            bar.step(vname)
    n = sum(1 for _ in jsonl.open(encoding="utf-8"))
    return {"memories": n, "soulgraph_input": sg_input, "rounds": rounds,
            "medians": {k: _medians(v) for k, v in samples.items() if v},
            "samples": samples, "errors": errors}


def _cli(cmd: list[str]) -> tuple[float, dict]:
    wall, proc = run(cmd)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:]
        raise RuntimeError(f"exit {proc.returncode}: {' '.join(tail)}")
    return wall, {"proc_cpu": proc.cpu}


def _medians(rows: list[dict]) -> dict:
    keys = {k for r in rows for k, v in r.items() if isinstance(v, (int, float))}
    return {k: median([r.get(k) for r in rows]) for k in sorted(keys)}


def report(name: str, res: dict) -> tuple[str, dict]:
    """Markdown for one dataset, and the target checks."""
    n, med = res["memories"], res["medians"]

    def g(v: str, k: str):
        return med.get(v, {}).get(k)

    def rate(t):
        return n / t if t else None

    rows = []
    for v in med:
        core = g(v, "extract")
        e2e = g(v, "e2e")
        start = (g(v, "import") or 0) + (g(v, "model") or 0) if g(v, "import") is not None else None
        rows.append([v, start, core, rate(core), e2e, rate(e2e), g(v, "wall"), rate(g(v, "wall"))])
    headers = ["variant", "start-up + model/lexicon s", "core s", "core mem/s", "in-process e2e s",
               "e2e mem/s", "process wall s", "wall mem/s"]
    cpu_rows = [[v, g(v, "e2e_cpu"), rate(g(v, "e2e_cpu")), g(v, "proc_cpu"), rate(g(v, "proc_cpu"))]
                for v in med]
    cpu_headers = ["variant", "in-process e2e CPU s", "mem per CPU-s", "whole process CPU s",
                   "mem per CPU-s (process)"]
    sp_e2e, sp_wall = g("soul-protocol rebuild", "e2e"), g("CLI soul repair", "wall")
    w2_cpu = g("soulgraph spacy w2", "e2e_cpu")
    if w2_cpu and (g("soulgraph spacy w2", "children_cpu") or 0) > 0.2 * w2_cpu:
        w2_cpu /= 2  # it ran on two processes: ideal split over two idle cores
    # regex --workers 2 on two idle cores: its wall is about the larger CPU time of the parent
    # (reading, the first shard, verdicts, graph, writing) and of the forked shard children
    rw2_cpu, rw2_kids = g("soulgraph regex w2", "e2e_cpu"), g("soulgraph regex w2", "children_cpu")
    rw2_ideal = max(rw2_cpu - (rw2_kids or 0), rw2_kids or 0) if rw2_cpu else None
    checks = {
        "spacy_e2e_vs_pipe_1proc": _ratio(g("nlp.pipe n_process=1", "e2e"), g("soulgraph spacy w1", "e2e")),
        "spacy_e2e_vs_pipe_2proc": _ratio(g("nlp.pipe n_process=2", "e2e"), g("soulgraph spacy w2", "e2e")),
        "spacy_best_e2e_mem_s": max(filter(None, [rate(g("soulgraph spacy w1", "e2e")),
                                                  rate(g("soulgraph spacy w2", "e2e"))]), default=None),
        "regex_e2e_mem_s": rate(g("soulgraph regex", "e2e")),
        "regex_core_mem_s": rate(g("soulgraph regex", "extract")),
        "regex_vs_soulprotocol_in_process": _ratio(sp_e2e, g("soulgraph regex", "e2e")),
        "regex_vs_soulprotocol_cli_wall": _ratio(sp_wall, g("CLI soulgraph regex", "wall")),
        "regex_w2_e2e_mem_s": rate(g("soulgraph regex w2", "e2e")),
        "regex_w2_vs_soulprotocol_in_process": _ratio(sp_e2e, g("soulgraph regex w2", "e2e")),
        "regex_w2_vs_soulprotocol_cli_wall": _ratio(sp_wall, g("CLI soulgraph regex w2", "wall")),
        "spacy_vs_soulprotocol_cli_wall": _ratio(sp_wall, g("CLI soulgraph spacy", "wall")),
        "cpu: spacy_e2e_vs_pipe_1proc": _ratio(g("nlp.pipe n_process=1", "e2e_cpu"),
                                               g("soulgraph spacy w1", "e2e_cpu")),
        "cpu: spacy_w1_mem_per_cpu_s": rate(g("soulgraph spacy w1", "e2e_cpu")),
        "cpu: spacy_w2_mem_s_on_2_idle_cores_ideal": rate(w2_cpu),
        "cpu: regex_mem_per_cpu_s": rate(g("soulgraph regex", "e2e_cpu")),
        "cpu: regex_vs_soulprotocol_in_process": _ratio(g("soul-protocol rebuild", "e2e_cpu"),
                                                        g("soulgraph regex", "e2e_cpu")),
        "cpu: regex_vs_soulprotocol_cli_process": _ratio(g("CLI soul repair", "proc_cpu"),
                                                         g("CLI soulgraph regex", "proc_cpu")),
        # parent + forked shard children: the CPU --workers 2 costs against --workers 1
        "cpu: regex_w2_over_w1_in_process": _ratio(g("soulgraph regex w2", "e2e_cpu"),
                                                   g("soulgraph regex", "e2e_cpu")),
        "cpu: regex_w2_mem_s_on_2_idle_cores_ideal": rate(rw2_ideal),
        "cpu: regex_w2_vs_soulprotocol_in_process_2_idle_cores_ideal": _ratio(
            g("soul-protocol rebuild", "e2e_cpu"), rw2_ideal),
    }
    md = [f"### {name}: {n} memories, {res['rounds']} rounds (soulgraph input: {res['soulgraph_input']})",
          "", "Wall time (as measured on the shared machine):", "", table(headers, rows), "",
          "CPU time (user+sys, moves much less with the load from other users):", "",
          table(cpu_headers, cpu_rows), "",
          table(["check", "value"], [[k, v] for k, v in checks.items()])]
    if res["errors"]:
        md += ["", "Errors: " + "; ".join(f"{k}: {v}" for k, v in res["errors"].items())]
    return "\n".join(md), checks


def _ratio(slow, fast):
    """Throughput ratio fast/slow from times (time_slow / time_fast)."""
    return slow / fast if slow and fast else None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="soulgraph vs soul-protocol rebuild vs bare nlp.pipe.")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--limit", type=int, default=None, help="Use only the first N LoCoMo turns.")
    ap.add_argument("--datasets", default="locomo,demo")
    ap.add_argument("--variants", default=None,
                    help="Run only the variants whose name holds one of these comma-separated words "
                         "(e.g. 'regex,soul' for the regex rows and soul-protocol's).")
    args = ap.parse_args(argv)
    work = OUT / "speed"
    work.mkdir(parents=True, exist_ok=True)
    before = machine()
    results, checks = {}, {}
    for name in args.datasets.split(","):
        res = bench_dataset(name, args.rounds, args.limit, work,
                            args.variants.split(",") if args.variants else None)
        if res is None:
            continue
        results[name] = res
        md, checks[name] = report(name, res)
        print(md + "\n")
    path = write_out("speed", {"machine_before": before, "machine_after": machine(),
                               "args": vars(args), "results": results, "checks": checks})
    print(f"machine: {before['cpus']} cpus, soulgraph {before['soulgraph_build']}, "
          f"load before {before['loadavg']}, "
          f"after {machine()['loadavg']}; wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
