"""Compatibility with the real soul-protocol 0.4.0: souls it made, repaired by our CLI, loaded by it again."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from soulkit import raw_records, snapshot

SOUL = Path(sys.executable).parent / "soul"
pytestmark = pytest.mark.skipif(not SOUL.exists(), reason="soul-protocol CLI not installed")
soul_protocol = pytest.importorskip("soul_protocol")

MEMORIES = [
    ("Arjun uses Python at Acme Corp", "episodic", None),
    ("Maya works at Acme Corp in Berlin", "episodic", None),
    ("Arjun uses PostgreSQL for the billing service", "semantic", "work"),
]
TYPES = {"person", "org", "place", "concept", "tool", "document", "event", "project"}


def soul(*args, cwd: Path) -> None:
    r = subprocess.run([str(SOUL), *map(str, args)], cwd=cwd, capture_output=True, text=True,
                       stdin=subprocess.DEVNULL, timeout=120, env={**os.environ, "HOME": str(cwd)})
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]


def remember_all(path: Path, cwd: Path) -> None:
    for text, kind, domain in MEMORIES:
        soul("remember", path, text, "--type", kind, *(["--domain", domain] if domain else []), cwd=cwd)


def awaken_graph(path: Path):
    from soul_protocol import Soul

    s = asyncio.run(Soul.awaken(str(path)))
    return s._memory._graph


def check_graph(graph) -> None:
    data = graph.to_dict()
    ents = data["entities"]
    assert {"Arjun", "Python", "Acme Corp"} <= set(ents), ents
    assert all(t in TYPES for t in ents.values()), ents
    assert "unknown" not in ents.values()
    for e in data["edges"]:  # edges are optional here; when present they are grounded
        assert e["source"] in ents and e["target"] in ents
        assert e["metadata"]["provenance"], e
    if data["edges"]:
        assert any("Arjun" in (e["source"], e["target"]) for e in data["edges"])
        assert graph.get_related("Arjun")  # soul-protocol's own API walks our edges


def test_zip_soul_repaired_by_cli_loads_in_soul_protocol(tmp_path, cli):
    soul("birth", "Aria", "-o", tmp_path / "aria.soul", cwd=tmp_path)
    p = tmp_path / "aria.soul"
    remember_all(p, tmp_path)
    original = p.read_bytes()
    before_raw = raw_records(p)
    assert awaken_graph(p).to_dict()["entities"] == {}

    r = cli("repair", "--rebuild-graph", p, "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["kind"] == "soul-zip" and report["memories"] == 3
    assert report["backup"] == str(tmp_path / "aria.soul.bak")

    check_graph(awaken_graph(p))
    after_raw = raw_records(p)
    assert list(after_raw) == list(before_raw)  # same members, same order
    for name in before_raw:
        if name != "memory/graph.json":
            assert after_raw[name] == before_raw[name], name
    with zipfile.ZipFile(p) as zf:
        graph = json.loads(zf.read("memory/graph.json"))
        assert "keys/private.key" in zf.namelist()
    blob = json.dumps(graph)
    # the full graph rides along in soulgraph's own layout: provenance as memory ids + columns
    nodes = graph["soulgraph"]["nodes"]
    assert nodes and all(n["provenance"] and all(isinstance(m, str) and m for m in n["provenance"])
                         for n in nodes)
    assert all(n["provenance_columns"] == "table" for n in nodes)
    assert graph["soulgraph"]["provenance_table"]["nodes"]["start"]
    assert "PRIVATE" not in blob

    restored = tmp_path / "restored.soul"
    shutil.copy2(tmp_path / "aria.soul.bak", restored)
    assert restored.read_bytes() == original
    assert awaken_graph(restored).to_dict()["entities"] == {}


def test_folder_soul_nested_layout_repaired_by_cli(tmp_path, cli):
    soul("init", "Bob", "--dir", "bob.soul", cwd=tmp_path)
    d = tmp_path / "bob.soul"
    remember_all(d, tmp_path)
    assert (d / "memory" / "_layout.json").exists()  # --domain made soul-protocol nest it
    before = snapshot(d)

    r = cli("repair", "--rebuild-graph", d, "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["kind"] == "soul-dir" and report["memories"] == 3

    check_graph(awaken_graph(d))
    after = snapshot(d)
    assert after.pop("memory/graph.json.bak") == before["memory/graph.json"]
    assert after.pop("memory/graph.json") != before.pop("memory/graph.json")
    assert after == before
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".soulgraph")]


def test_signed_trust_chain_still_verifies_after_repair(tmp_path, cli):
    """A soul with a signed trust chain (the demo soul): repair leaves it verifiable by soul-protocol."""
    from conftest import DEMO_SOUL

    if not DEMO_SOUL.exists():
        pytest.skip("fixtures/demo.soul not built")
    p = tmp_path / "demo.soul"
    shutil.copy2(DEMO_SOUL, p)
    assert "trust_chain/chain.json" in zipfile.ZipFile(p).namelist()
    r = cli("repair", "--rebuild-graph", p, "--extractor", "regex")
    assert r.returncode == 0, r.stderr
    v = subprocess.run([str(SOUL), "verify", str(p)], capture_output=True, text=True, timeout=120,
                       stdin=subprocess.DEVNULL)
    assert v.returncode == 0 and "verified" in v.stdout.lower(), v.stdout + v.stderr
    assert awaken_graph(p).to_dict()["entities"]
