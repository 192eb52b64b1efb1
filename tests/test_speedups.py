"""The optional compiled modules: same output as the source, and never run once stale."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import DEMO_SOUL, EVAL, ROOT, generated_rows, run_cli

from soulgraph import speedups

PURE = {speedups.PURE_ENV: "1"}
BUILT = speedups.read_manifest()
# CI sets SOULGRAPH_EXPECT_COMPILED=1 (.ci/run): there a missing build fails these tests
# instead of skipping them; on a machine without a C compiler they skip.
if os.environ.get("SOULGRAPH_EXPECT_COMPILED") == "1":
    needs_build = pytest.mark.skipif(False, reason="compiled build expected")
    assert len(BUILT) == len(speedups.MODULES), f"compiled build expected, found {len(BUILT)} modules"
else:
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
    for label, env, workers in (("compiled", None, "1"), ("pure", PURE, "1"), ("compiled-w2", None, "2")):
        out = tmp_path / f"{label}.json"
        done = run_cli("repair", "--rebuild-graph", corpus, "--out", out, "--extractor", "regex",
                       "--workers", workers, env=env)
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] == outs[2]  # 2,760 memories: two workers fork, each imports compiled


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


@needs_build
def test_compiled_tracebacks_show_the_source_lines(tmp_path):
    import soulgraph.shapes as shapes

    assert type(shapes.is_acronym).__name__ == "cython_function_or_method"
    code = ("import traceback, soulgraph.shapes as s\n"
            "try:\n    s.is_acronym(None)\nexcept TypeError:\n    print(traceback.format_exc())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=tmp_path).stdout  # away from src/: the lines come from the loader
    frame = re.search(r'File "soulgraph/shapes\.py", line (\d+), in soulgraph\.shapes\.is_acronym\n(.*)', out)
    assert frame, out
    line = speedups.source_of("soulgraph.shapes").read_text(encoding="utf-8").splitlines()[int(frame[1]) - 1]
    assert frame[2].strip() == line.strip() != ""


@needs_build
def test_compiled_and_pure_agree_with_forked_workers(tmp_path):
    store = tmp_path / "store.jsonl"
    rows = generated_rows(1200)  # 600 per worker: above the per-process minimum
    store.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    outs = []
    for label, env, workers in (("compiled-w2", None, "2"), ("pure-w1", PURE, "1")):
        out = tmp_path / f"{label}.json"
        done = run_cli("repair", "--rebuild-graph", store, "--out", out, "--extractor", "regex",
                       "--workers", workers, env=env)
        assert done.returncode == 0, done.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def _tree_copy(tmp_path: Path) -> Path:
    """What a build needs of this checkout: setup.py, pyproject.toml, README.md, src/."""
    if not (ROOT / "setup.py").is_file():
        pytest.skip("not a source checkout")
    copy = tmp_path / "tree"
    for name in ("setup.py", "pyproject.toml", "README.md"):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, copy / name)
    shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    return copy


def _build_in_place(tree: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=tree,
                          capture_output=True, text=True, env={**os.environ, **env}, timeout=600)


@needs_build
def test_a_failed_rebuild_never_serves_the_previous_build(tmp_path):
    pytest.importorskip("Cython")
    tree = _tree_copy(tmp_path)
    build = tree / "src" / "soulgraph" / "_speedups"
    old = speedups.built_path("soulgraph.shapes", build)
    assert old is not None and "soulgraph.shapes" in speedups.read_manifest(build)
    with open(tree / "src" / "soulgraph" / "shapes.py", "a", encoding="utf-8") as f:
        f.write("\nEDITED_AFTER_THE_BUILD = True\n")
    done = _build_in_place(tree, CC="false")  # every compile fails: nothing new is built
    assert done.returncode == 0, done.stderr
    assert speedups.read_manifest(build) == {}
    assert speedups.built_path("soulgraph.shapes", build) is None  # the old twin is gone
    assert _import_origin("soulgraph.shapes", path=tree / "src") == str(tree / "src/soulgraph/shapes.py")


@needs_build
def test_a_pure_install_retires_an_earlier_build(tmp_path):
    tree = _tree_copy(tmp_path)
    build = tree / "src" / "soulgraph" / "_speedups"
    assert speedups.read_manifest(build)
    done = _build_in_place(tree, **PURE)
    assert done.returncode == 0, done.stderr
    assert speedups.read_manifest(build) == {}
    assert not any(speedups.built_path(m, build) for m in speedups.MODULES)
    assert _import_origin("soulgraph.resolve", path=tree / "src").endswith("resolve.py")
