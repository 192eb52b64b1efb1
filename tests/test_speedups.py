"""The optional compiled modules: same output as the source, and never run once stale."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import DEMO_SOUL, EVAL, run_cli

from soulgraph import speedups

PURE = {speedups.PURE_ENV: "1"}
BUILT = speedups.read_manifest()
needs_build = pytest.mark.skipif(not BUILT, reason="this install built no compiled modules")


def _members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {name: z.read(name) for name in z.namelist()}


def _import_origin(module: str, env: dict | None = None, path: Path | None = None) -> str:
    """Where a fresh interpreter loads ``module`` from."""
    full_env = {**os.environ, **(env or {})}
    if path is not None:
        full_env["PYTHONPATH"] = str(path)
    out = subprocess.run([sys.executable, "-c", f"import {module} as m; print(m.__file__)"],
                         capture_output=True, text=True, env=full_env, check=True, cwd=path)
    return out.stdout.strip()


def test_every_listed_module_exists_as_source():
    for module in speedups.MODULES:
        assert speedups.source_of(module).is_file(), module


def test_version_reports_what_runs_compiled(cli):
    compiled = cli("--version")
    pure = cli("--version", env=PURE)
    assert compiled.returncode == 0 and pure.returncode == 0
    assert pure.stdout.strip() == f"soulgraph 0.1.0 (pure Python: {speedups.PURE_ENV} is set)"
    if BUILT:
        assert f"{len(BUILT)} of {len(speedups.MODULES)} hot modules compiled" in compiled.stdout
    else:
        assert "no compiled modules were built" in compiled.stdout


@needs_build
def test_compiled_and_pure_repair_the_demo_soul_to_the_same_bytes(tmp_path):
    results = {}
    for label, env in (("compiled", None), ("pure", PURE)):
        soul = tmp_path / label / "demo.soul"
        soul.parent.mkdir()
        shutil.copyfile(DEMO_SOUL, soul)
        graph = tmp_path / label / "graph.json"
        repaired = run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex", env=env)
        spacy = run_cli("repair", "--rebuild-graph", DEMO_SOUL, "--out", graph, env=env)
        assert repaired.returncode == 0, repaired.stderr
        assert spacy.returncode == 0, spacy.stderr
        results[label] = (_members(soul), graph.read_bytes())
    assert results["compiled"] == results["pure"]
    assert results["compiled"][0] != _members(DEMO_SOUL)  # the repair did change the graph


@needs_build
def test_compiled_and_pure_agree_on_an_eval_corpus(tmp_path):
    corpus = EVAL / "locomo-dev" / "memories.jsonl"
    if not corpus.exists():
        pytest.skip(f"{corpus} not available")
    outs = []
    for label, env in (("compiled", None), ("pure", PURE)):
        out = tmp_path / f"{label}.json"
        done = run_cli("repair", "--rebuild-graph", corpus, "--out", out, "--extractor", "regex", env=env)
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


@needs_build
def test_a_module_edited_after_the_build_runs_from_its_source(tmp_path):
    package = tmp_path / "soulgraph"
    shutil.copytree(speedups.source_of("soulgraph").parent, package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    assert _import_origin("soulgraph.shapes", path=tmp_path).endswith(".so")
    assert _import_origin("soulgraph.classify", path=tmp_path).endswith(".so")
    with open(package / "shapes.py", "a", encoding="utf-8") as f:
        f.write("\n# edited after the build\n")
    assert _import_origin("soulgraph.shapes", path=tmp_path) == str(package / "shapes.py")
    assert _import_origin("soulgraph.resolve", path=tmp_path).endswith(".so")  # others stay compiled
    assert _import_origin("soulgraph.resolve", env=PURE, path=tmp_path) == str(package / "resolve.py")


@needs_build
def test_finder_serves_only_listed_modules_whose_hash_matches():
    module = "soulgraph.resolve"
    right = speedups.CompiledFinder({module: speedups.digest(speedups.source_of(module))})
    spec = right.find_spec(module)
    assert spec is not None and spec.origin == str(speedups.built_path(module))
    assert right.find_spec("soulgraph.query") is None  # never compiled
    wrong = speedups.CompiledFinder({module: "0" * 64})
    assert wrong.find_spec(module) is None
    package = right.find_spec("soulgraph.classify")
    assert package is None  # not in this finder's manifest
    whole = speedups.CompiledFinder(BUILT)
    package = whole.find_spec("soulgraph.classify")
    assert package.submodule_search_locations == [str(speedups.source_of("soulgraph.classify").parent)]


def test_manifest_lines_name_only_listed_modules(tmp_path):
    (tmp_path / speedups.MANIFEST).write_text(
        "soulgraph.resolve abc\nsoulgraph.query def\nbroken line here\n\n", encoding="ascii")
    assert speedups.read_manifest(tmp_path) == {"soulgraph.resolve": "abc"}
    (tmp_path / speedups.MANIFEST).write_bytes(b"\xff\xfe")
    assert speedups.read_manifest(tmp_path) == {}
    assert speedups.read_manifest(tmp_path / "missing") == {}
