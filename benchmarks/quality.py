"""Quality: rebuild a graph for each labelled corpus and score it with ../shared/eval/score.py.

    .venv/bin/python benchmarks/quality.py [--corpora devlog-dev,convo-dev] [--extractors spacy,regex]

Each graph is built by the real CLI (``soulgraph repair --rebuild-graph MEMORIES --out G.json
--extractor X``) and scored by the eval's own scorer, so the table shows what users get.
LoCoMo recall comes from ``benchmarks/recall_locomo.py`` when that script exists.
Prints markdown tables; writes benchmarks/out/quality.json. Skips (exit 0) without the eval data.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import OUT, PY, ROOT, eval_dir, machine, run, run_json, soulgraph_cmd, table, write_out  # noqa: E402

CORPORA = ["devlog-dev", "convo-dev", "conll04-dev", "wnut17-dev"]
EXTRACTORS = ["spacy", "regex"]
METRICS = ["nodes", "edges", "entity_recall", "type_accuracy", "person_precision", "person_nodes",
           "junk_typed_wrong", "type_error_rate", "split_compounds", "nodes_with_provenance",
           "edges_with_provenance", "relation_pair_recall", "relation_precision"]
SHORT = {"entity_recall": "recall", "type_accuracy": "type acc", "person_precision": "person prec",
         "person_nodes": "person n", "junk_typed_wrong": "junk wrong", "type_error_rate": "type err",
         "split_compounds": "split", "nodes_with_provenance": "node prov",
         "edges_with_provenance": "edge prov", "relation_pair_recall": "rel recall",
         "relation_precision": "rel prec"}


def score(corpus: Path, extractor: str, work: Path) -> dict:
    """Build one graph with the CLI and score it; errors become a row with the message."""
    graph = work / f"{corpus.name}-{extractor}.json"
    cmd = [*soulgraph_cmd(), "repair", "--rebuild-graph", str(corpus / "memories.jsonl"),
           "--out", str(graph), "--extractor", extractor, "--json"]
    try:
        wall, report = run_json(cmd)
        _, scores = run_json([PY, str(corpus.parent / "score.py"), str(corpus), str(graph), "--json"])
    except Exception as exc:  # noqa: BLE001 - one failing corpus must not hide the others
        return {"error": str(exc)[:300]}
    return {**scores, "build_seconds": round(wall, 2), "graph": str(graph)}


def recall_locomo() -> dict | None:
    """Delegate to the recall engineer's script when present; keep its printed table."""
    script = ROOT / "benchmarks" / "recall_locomo.py"
    if not script.exists():
        return None
    wall, proc = run([PY, str(script)])
    return {"exit": proc.returncode, "seconds": round(wall, 1), "stdout": proc.stdout[-6000:],
            "stderr": proc.stderr[-1500:] if proc.returncode else ""}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Graph quality on the labelled corpora.")
    ap.add_argument("--corpora", default=",".join(CORPORA))
    ap.add_argument("--extractors", default=",".join(EXTRACTORS))
    ap.add_argument("--no-recall", action="store_true", help="Skip the LoCoMo recall script.")
    args = ap.parse_args(argv)
    ev = eval_dir()
    if not (ev / "score.py").exists():
        print(f"quality: skipped, no eval data at {ev} (set SOULGRAPH_EVAL to point elsewhere)")
        return 0
    work = OUT / "quality"
    work.mkdir(parents=True, exist_ok=True)
    results: dict[str, dict] = {}
    rows = []
    for name in args.corpora.split(","):
        corpus = ev / name
        if not (corpus / "gold.json").exists():
            print(f"quality: no corpus {name} in {ev}, skipped", file=sys.stderr)
            continue
        for ex in args.extractors.split(","):
            res = score(corpus, ex, work)
            results[f"{name}/{ex}"] = res
            if "error" in res:
                rows.append([name, ex, *["-"] * len(METRICS), "error: " + res["error"][:80]])
                continue
            rows.append([name, ex, *[res.get(m) for m in METRICS], f"{res['build_seconds']:.1f}s"])
    print("## Graph quality (score.py against gold)\n")
    print(table(["corpus", "extractor", *[SHORT.get(m, m) for m in METRICS], "build"], rows))
    print("\nWorst examples (spaCy): person false positives and junk typed wrong")
    for key, res in results.items():
        if key.endswith("/spacy") and "error" not in res:
            print(f"- {key}: persons {res.get('person_false_examples', [])[:6]}; "
                  f"junk {res.get('junk_wrong_examples', [])[:6]}")
    recall = None if args.no_recall else recall_locomo()
    if recall is not None:
        print("\n## LoCoMo recall (benchmarks/recall_locomo.py)\n")
        print(recall["stdout"].strip() or f"(no output; exit {recall['exit']}) {recall['stderr']}")
    elif args.no_recall:
        print("\nLoCoMo recall: skipped (--no-recall).")
    else:
        print("\nLoCoMo recall: benchmarks/recall_locomo.py not present yet (recall engineer's file).")
    path = write_out("quality", {"machine": machine(), "results": results, "recall_locomo": recall})
    print(f"\nwrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
