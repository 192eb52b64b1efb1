"""Hostile input through the real entry point (subprocess), concurrent repairs, and privacy."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import subprocess
import sys
import zipfile

import pytest
from soulkit import PRIVATE_KEY, entry, make_dir_soul, make_zip_soul, snapshot, soul_members, write_zip

SECRET = "Zanzibar-rendezvous-4471"
LAYERS = {"episodic": [entry("e1", "User: Arjun uses Python at Acme Corp\nAgent: Got it."),
                       entry("e2", f"Maya met Riley in Lisbon. {SECRET}")],
          "semantic": [entry("s1", "User works at Acme Corp", "semantic")]}


def repair(*args, env=None):
    return subprocess.run([sys.executable, "-m", "soulgraph", "repair", "--rebuild-graph", *map(str, args)],
                          capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})})


def hostile_souls(tmp_path):
    slip = list(soul_members(LAYERS).items()) + [("../../evil.sh", b"#!/bin/sh\n")]
    bomb = soul_members(LAYERS)
    bomb["memory/social.json"] = b"[" + b" " * (8 * 1024 * 1024) + b"]"
    return {
        "unsafe ZIP member name": write_zip(tmp_path / "slip.soul", slip),
        "ZIP bomb": write_zip(tmp_path / "bomb.soul", bomb),
        "encrypted": make_zip_soul(tmp_path / "enc.soul", LAYERS, manifest={"encrypted": True}),
    }


def test_hostile_souls_through_the_real_cli(tmp_path):
    for needle, path in hostile_souls(tmp_path).items():
        before = snapshot(tmp_path)
        r = repair(path, "--extractor", "regex")
        assert r.returncode == 2, (needle, r.stderr)
        assert r.stderr.count("\n") == 1 and needle.lower() in r.stderr.lower(), r.stderr
        assert "Traceback" not in r.stderr and SECRET not in r.stderr + r.stdout
        assert snapshot(tmp_path) == before
        assert not (tmp_path.parent / "evil.sh").exists()


def test_two_repairs_at_once_do_not_interleave(tmp_path):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    env = {"SOULGRAPH_TEST_SLOW_WRITE": "0.005"}
    procs = [subprocess.Popen([sys.executable, "-m", "soulgraph", "repair", "--rebuild-graph", str(p),
                               "--extractor", "regex"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, **env}) for _ in range(2)]
    results = [(proc.wait(timeout=300), proc.stderr.read()) for proc in procs]
    codes = sorted(c for c, _ in results)
    assert codes in ([0, 0], [0, 2]), results
    for code, err in results:
        if code == 2:
            assert "another soulgraph process" in err and err.count("\n") == 1
    with zipfile.ZipFile(p) as zf:
        assert zf.testzip() is None
        graph = json.loads(zf.read("memory/graph.json"))
    assert graph["entities"] and "soulgraph" in graph
    assert (tmp_path / "a.soul.bak").exists() and not (tmp_path / "a.soul.bak.1").exists()
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".soulgraph")]


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_private_key_never_reaches_graph_output_or_sidecars(tmp_path, kind):
    p = (make_zip_soul if kind == "zip" else make_dir_soul)(tmp_path / "k.soul", LAYERS)
    r = repair(p, "--json", "--extractor", "regex")
    assert r.returncode == 0, r.stderr
    needles = [PRIVATE_KEY, PRIVATE_KEY.hex().encode(), base64.b64encode(PRIVATE_KEY),
               b"PRIVATE-KEY-MARKER"]
    produced = (r.stdout + r.stderr).encode()
    if kind == "zip":
        produced += zipfile.ZipFile(p).read("memory/graph.json")
    else:
        produced += (p / "memory" / "graph.json").read_bytes()
    for f in tmp_path.iterdir():  # sidecars (caches) and anything else soulgraph wrote beside the soul
        if f.is_file() and f.name not in ("k.soul", "k.soul.bak"):
            produced += f.read_bytes()
    assert not [n for n in needles if n in produced]


def test_error_messages_never_print_memory_text(tmp_path):
    members = soul_members(LAYERS)
    members["memory/semantic.json"] = b'[{"id": "s1", "content": "' + SECRET.encode() + b'" "oops"}]'
    p = write_zip(tmp_path / "m.soul", members)
    jl = tmp_path / "m.jsonl"
    jl.write_text(json.dumps({"id": "a", "content": SECRET}) + "\n" + '{"id": "b", "content": "' + SECRET)
    for target in (p, jl):
        r = repair(target, "--extractor", "regex", "--out", tmp_path / "g.json")
        assert r.returncode == 2 and SECRET not in r.stderr + r.stdout, r.stderr


def test_hostile_names_rtl_controls_and_normalisation_collisions(tmp_path):
    """Names that differ only by normalisation, carry RTL overrides or control characters:
    the repaired soul stays valid JSON that soul-protocol loads, with unique entity names."""
    texts = ["Zoë moved to Zürich with Arjun.", "Zoe\u0301 moved to Zu\u0308rich with Arjun.",
             "User: \u202eRiley\u202c met Maya at Acme\x07 Corp\nAgent: ok",
             "ＡＣＭＥ Corp hired Maya.", "Ma\u200dya and Arjun use Python."]
    layers = {"episodic": [entry(f"h{i}", t) for i, t in enumerate(texts)]}
    p = make_zip_soul(tmp_path / "h.soul", layers)
    r = repair(p, "--extractor", "regex", "--json")
    assert r.returncode == 0, r.stderr
    graph = json.loads(zipfile.ZipFile(p).read("memory/graph.json"))
    names = list(graph["entities"])
    assert len(names) == len(set(names))
    from soul_protocol import Soul

    soul = asyncio.run(Soul.awaken(str(p)))
    assert set(soul._memory._graph.to_dict()["entities"]) == set(names)
