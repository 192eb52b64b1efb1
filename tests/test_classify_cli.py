"""Typing through the real CLI: explain, order independence, the demo soul, eval corpora."""

from __future__ import annotations

import json
import random
import shutil
import sys

import orjson
import pytest

from tests.conftest import DEMO_SOUL, needs_eval

_TEXTS = [
    "Riley said she moved to Lisbon last spring.",
    "I asked Riley about Zorbly. Riley laughed and said it was slow.",
    "We are building Zorbly with Python at Acme Corp.",
    "Priya Raman works at Acme Corp. She told Riley about PR #1628.",
    "Fixed a bug in miner.py; ran pip install ruff before merging PR #1628.",
    "MERGED. CI-green on v0.15.14.",
    "Wow, what a week. Thanks, Priya!",
    "Grace said she loved the Lakeside Music Festival in Porto.",
    "If you ever need help, ask. It may be slow.",
]


def _write(path, rows):
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")


def _types(cli, src, out):
    r = cli("repair", "--rebuild-graph", src, "--out", out, "--json")
    assert r.returncode == 0, r.stderr
    return {n["id"]: n["type"] for n in orjson.loads(out.read_bytes())["nodes"]}


def test_shuffled_memories_give_the_same_types(tmp_path, cli):
    rows = [{"id": f"m{i:02d}", "content": t, "created_at": f"2026-02-{i + 1:02d}T09:00:00"}
            for i, t in enumerate(_TEXTS)]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _write(a, rows)
    shuffled = rows[:]
    random.Random(7).shuffle(shuffled)
    assert shuffled != rows
    _write(b, shuffled)
    ta, tb = _types(cli, a, tmp_path / "a.json"), _types(cli, b, tmp_path / "b.json")
    assert ta == tb
    assert ta["riley"] == "person" and ta["lisbon"] == "place" and ta["acme corp"] == "org"
    assert ta["#1628"] == "document" and ta["python"] == "tool"
    assert "wow" not in ta and "merged" not in ta


def test_shuffled_eval_corpus_gives_the_same_types(tmp_path, cli):
    corpus = needs_eval("convo-dev")
    lines = (corpus / "memories.jsonl").read_text().splitlines()
    src_a, src_b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    src_a.write_text("\n".join(lines) + "\n")  # a private copy: eval files never enter the repo
    random.Random(3).shuffle(lines)
    src_b.write_text("\n".join(lines) + "\n")
    assert _types(cli, src_a, tmp_path / "a.json") == _types(cli, src_b, tmp_path / "b.json")


def test_explain_shows_type_reasons_and_sentences(tmp_path, cli):
    src = tmp_path / "m.jsonl"
    _write(src, [{"id": f"m{i}", "content": t} for i, t in enumerate(_TEXTS)])
    out = tmp_path / "g.json"
    assert cli("repair", "--rebuild-graph", src, "--out", out).returncode == 0
    r = cli("explain", out, "riley", "--json")
    assert r.returncode == 0, r.stderr
    e = json.loads(r.stdout)
    assert e["name"] == "Riley" and e["type"] == "person" and 0 < e["confidence"] <= 1
    assert e["mention_count"] >= 3 and e["reasons"]
    assert any("Riley" in s["sentence"] for s in e["sentences"])
    human = cli("explain", out, "Riley")
    assert human.returncode == 0 and "person" in human.stdout and "reasons:" in human.stdout
    missing = cli("explain", out, "Rilley")
    assert missing.returncode == 2 and "unknown entity 'Rilley' in this graph" in missing.stderr
    assert "did you mean 'Riley'" in missing.stderr


# Things the demo soul talks about that are not people (tools, projects, orgs, places, identifiers).
DEMO_NOT_PEOPLE = [
    "PocketPaw", "Soul Protocol", "Docker", "llama.cpp", "LM Studio", "Studio", "Claude Code", "pytest",
    "Python", "Node.js", "cmake", "TaskSpec", "CloudLifecycleHook", "RetryPolicy", "Acme Corp", "Globex",
    "Northwind Labs", "Lisbon", "Porto", "New York", "Portugal", "Brooklyn", "JFK", "Central Park",
    "PyCon Portugal", "MERGED", "CI", "PR", "API", "POCKETPAW_POCKET_REFRESH_SCHEDULER_ENABLED",
]


@pytest.mark.skipif(not DEMO_SOUL.exists(), reason="fixtures/demo.soul not built yet")
def test_demo_soul_people_are_people(tmp_path, cli):
    from soulgraph import shapes
    from soulgraph.classify import gazetteer
    from soulgraph.resolve import normalize

    soul = tmp_path / "demo.soul"
    shutil.copy(DEMO_SOUL, soul)
    r = cli("repair", "--rebuild-graph", soul, "--json")
    assert r.returncode == 0, r.stderr
    code = ("from soulgraph import api; import json, sys; g = api.load(sys.argv[1]); "
            "print(json.dumps([[d.get('name'), d.get('type'), d.get('aliases') or []] "
            "for _, d in g.nodes(data=True)]))")
    import subprocess

    nodes = json.loads(subprocess.run([sys.executable, "-c", code, str(soul)], capture_output=True,
                                      text=True, check=True).stdout)
    people = {normalize(n): (n, aliases) for n, t, aliases in nodes if t == "person"}
    banned = {normalize(x) for x in DEMO_NOT_PEOPLE}
    wrong = [n for k, (n, aliases) in people.items()
             if k in banned or any(normalize(a) in banned for a in aliases)
             or shapes.junk_reason(n) or gazetteer.key(n) in gazetteer.words("tools")
             or gazetteer.key(n) in gazetteer.words("orgs")]
    assert not wrong, wrong
    assert people, "the demo soul names people; some must be typed person"


@pytest.mark.parametrize("corpus,floors,ceilings", [
    ("devlog-dev", {"type_accuracy": 0.85, "person_precision": 0.90}, {"type_error_rate": 0.08}),
    ("convo-dev", {"type_accuracy": 0.85, "person_precision": 0.90}, {"type_error_rate": 0.10}),
])
def test_eval_corpus_quality_floor(tmp_path, cli, corpus, floors, ceilings):
    """Just under the issue's targets, so a regression in typing fails loudly."""
    path = needs_eval(corpus)
    src = tmp_path / "m.jsonl"
    shutil.copy(path / "memories.jsonl", src)
    out = tmp_path / "g.json"
    assert cli("repair", "--rebuild-graph", src, "--out", out).returncode == 0
    r = cli_score(path, out)
    for key, floor in floors.items():
        assert r[key] >= floor, (key, r[key], r["type_confusions"], r["person_false_examples"])
    for key, ceiling in ceilings.items():
        assert r[key] <= ceiling, (key, r[key], r["type_confusions"], r["junk_wrong_examples"])


def cli_score(corpus, graph) -> dict:
    import subprocess

    r = subprocess.run([sys.executable, str(corpus.parent / "score.py"), str(corpus), str(graph), "--json"],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


_REGEX_TEXTS = [
    "Riley said she moved to Lisbon last spring. Riley laughed about it.",
    "I asked Riley about Zorbly. Riley said Zorbly is slow, hey Riley.",
    "We are building Zorbly v2 with Python. Run pip install zorbly and import zorbly.",
    "Merged PR #1628 and edited src/app/main.py for Zorbly. MERGED.",
    "Caroline: Thanks, Riley! Zorbly 1.2 works now.",
    "Caroline: I also told Riley about Lisbon.",
]


def test_regex_fallback_cues_type_sensibly(tmp_path, cli):
    """With the model hidden, the regex extractor's cues still give every kind its type."""
    src = tmp_path / "m.jsonl"
    _write(src, [{"id": f"r{i}", "content": t} for i, t in enumerate(_REGEX_TEXTS)])
    out = tmp_path / "g.json"
    r = cli("repair", "--rebuild-graph", src, "--out", out, "--extractor", "regex", "--json",
            env={"SOULGRAPH_DISABLE_SPACY": "1"})
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["extractor"] == "regex"
    types = {n["id"]: n["type"] for n in orjson.loads(out.read_bytes())["nodes"]}
    assert types["riley"] == "person" and types["caroline"] == "person"
    assert types["zorbly"] in ("tool", "project") and types["python"] == "tool"
    assert types["#1628"] == "document" and types["src/app/main.py"] == "document"
    assert types.get("lisbon") == "place"
    assert types.get("merged") in (None, "concept")
    assert [k for k, t in types.items() if t == "person"] == ["caroline", "riley"]
