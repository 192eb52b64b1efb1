"""merge / unmerge through the real CLI: recorded in the registry, applied by rebuilds."""

from __future__ import annotations

import json

import pytest

from soulgraph.extract.spacy_np import load_nlp

TEXTS = [
    "Sarah Chen joined Acme Corp as a designer.",
    "Later Sarah moved to Lisbon with her family.",
    "Bobby wrote the Acme Corp newsletter.",
]
MEMS = [{"id": f"a{i}", "content": t, "created_at": f"2026-01-0{i}T10:00:00"}
        for i, t in enumerate(TEXTS, 1)]


@pytest.fixture
def store(tmp_path):
    p = tmp_path / "mem.jsonl"
    p.write_text("".join(json.dumps(m) + "\n" for m in MEMS), encoding="utf-8")
    return p


def _nodes(cli, store, tmp_path):
    out = tmp_path / "g.json"
    r = cli("repair", "--rebuild-graph", store, "--out", out)
    assert r.returncode == 0, r.stderr
    g = json.loads(out.read_text())
    return {n["id"]: n for n in g["nodes"]}


def test_merge_then_unmerge_recorded_and_applied(cli, store, tmp_path):
    if load_nlp() is None:
        pytest.skip("spaCy model not installed")
    before = store.read_bytes()
    r = cli("merge", store, "Bobby", "Sarah Chen", "--json")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert rep["changed"] and rep["merges"] == 1
    reg = json.loads((tmp_path / "mem.jsonl.soulgraph.json").read_text())
    assert reg["merges"] == [["Bobby", "Sarah Chen"]]
    assert store.read_bytes() == before  # memories untouched
    nodes = _nodes(cli, store, tmp_path)
    assert "bobby" not in nodes
    assert "Bobby" in nodes["sarah chen"]["aliases"] and "bobby" in nodes["sarah chen"]["merged_from"]

    r = cli("unmerge", store, "Bobby", "Sarah Chen")
    assert r.returncode == 0, r.stderr
    reg = json.loads((tmp_path / "mem.jsonl.soulgraph.json").read_text())
    assert reg["merges"] == [] and reg["unmerges"] == [["Bobby", "Sarah Chen"]]
    nodes = _nodes(cli, store, tmp_path)
    assert "bobby" in nodes and "bobby" not in nodes["sarah chen"].get("merged_from", [])


def test_unmerge_vetoes_the_automatic_short_form(cli, store, tmp_path):
    if load_nlp() is None:
        pytest.skip("spaCy model not installed")
    reg = {"version": 1, "entities": {"Sarah": {"type": "person"}, "Sarah Chen": {"type": "person"}}}
    (tmp_path / "mem.jsonl.soulgraph.json").write_text(json.dumps(reg), encoding="utf-8")
    nodes = _nodes(cli, store, tmp_path)
    assert "sarah" not in nodes and "Sarah" in nodes["sarah chen"]["aliases"]
    assert cli("unmerge", store, "Sarah", "Sarah Chen").returncode == 0
    nodes = _nodes(cli, store, tmp_path)
    assert "sarah" in nodes and "Sarah" not in nodes["sarah chen"]["aliases"]


def test_bad_input_one_line_error(cli, store, tmp_path):
    r = cli("merge", store, "Sarah", "sarah")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "same normalised name" in r.stderr
    r = cli("merge", tmp_path / "missing.jsonl", "A", "B")
    assert r.returncode == 2 and "no such file" in r.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    r = cli("unmerge", store, "A", "B", "--registry", bad)
    assert r.returncode == 2 and "registry is not valid JSON" in r.stderr
    assert bad.read_text() == "{not json"
