"""Files soulgraph derives from a store (graph, cache) take the store's permissions, and
`update` takes the soul's lock like `repair` does."""

from __future__ import annotations

import json
import stat
import subprocess
import sys

from soulkit import entry, make_zip_soul, snapshot

LAYERS = {"episodic": [entry("e1", "User: Arjun uses Python at Acme Corp.\nAgent: Noted.", "episodic")]}


def _mode(p) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def test_graph_and_cache_of_a_private_memory_file_stay_private(tmp_path, cli):
    src = tmp_path / "m.jsonl"
    src.write_text(json.dumps({"id": "a", "content": "Arjun uses Python at Acme Corp."}) + "\n")
    src.chmod(0o600)
    r = cli("repair", "--rebuild-graph", src, "--extractor", "regex")
    assert r.returncode == 0, r.stderr
    graph, cache = tmp_path / "m.jsonl.graph.json", tmp_path / "m.jsonl.graph.json.cache"
    assert _mode(graph) == 0o600
    if cache.exists():
        assert _mode(cache) == 0o600


def test_cache_beside_a_private_soul_stays_private(tmp_path, cli):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    p.chmod(0o600)
    r = cli("repair", "--rebuild-graph", p, "--extractor", "spacy")  # regex mode keeps no cache
    assert r.returncode == 0, r.stderr
    cache = tmp_path / "a.soul.graph-cache"
    assert cache.exists() and _mode(cache) == 0o600


_HOLDER = (
    "import sys, time\n"
    "from soulgraph import safety\n"
    "held = safety.store_lock(sys.argv[1])\n"
    "held.__enter__()\n"
    "print('locked', flush=True)\n"
    "time.sleep(120)\n"
)


def test_update_refuses_while_another_process_writes_the_soul(tmp_path, cli):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    before = snapshot(p)
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(p)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        r = cli("update", p, "--extractor", "regex")
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
        assert "another soulgraph process" in r.stderr
        assert snapshot(p) == before
    finally:
        holder.kill()
        holder.wait()
