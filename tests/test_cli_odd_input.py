"""A user's-eye audit through the real CLI: read-only files, a soul rewritten while it is
being written, a damaged update cache, graph files with fields of the wrong type."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
import zipfile
import zlib

import pytest
from conftest import run_cli
from soulkit import entry, make_dir_soul, make_zip_soul, snapshot

LAYERS = {"episodic": [entry("e1", "User: Arjun uses Python at Acme Corp.\nAgent: Noted."),
                       entry("e2", "Maya moved to Lisbon with her brother Tomas.")],
          "semantic": [entry("s1", "Priya Raman leads the billing team at Globex.", "semantic")]}


def _one_error(r: subprocess.CompletedProcess, needle: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("soulgraph: error: "), r.stderr
    assert needle in r.stderr and "Traceback" not in r.stderr, r.stderr


# --------------------------------------------------------------------------- read-only files


@pytest.mark.parametrize("kind", ["zip", "dir"])
@pytest.mark.parametrize("command", ["repair", "update"])
def test_a_read_only_soul_is_refused_and_left_as_it_was(tmp_path, kind, command):
    """The rename that replaces a soul needs only the folder's permission, so a soul the user
    made read-only (chmod a-w) was silently replaced. Now: one line, exit 2, nothing written;
    a dry run and --out (which leave the soul alone) still work, and so does a writable soul."""
    soul = (make_zip_soul if kind == "zip" else make_dir_soul)(tmp_path / "me.soul", LAYERS)
    locked = soul if kind == "zip" else soul / "memory" / "graph.json"
    args = ["repair", "--rebuild-graph"] if command == "repair" else ["update"]
    locked.chmod(0o444)
    before = snapshot(tmp_path)
    r = run_cli(*args, soul, "--extractor", "regex")
    _one_error(r, "read-only")
    assert snapshot(tmp_path) == before and stat.S_IMODE(locked.stat().st_mode) == 0o444
    assert run_cli(*args, soul, "--extractor", "regex", "--dry-run").returncode == 0
    assert snapshot(tmp_path) == before
    out = tmp_path.parent / f"{tmp_path.name}-graph.json"
    assert run_cli(*args, soul, "--extractor", "regex", "--out", out).returncode == 0
    assert json.loads(out.read_bytes())["nodes"] and snapshot(tmp_path) == before
    locked.chmod(0o644)
    r = run_cli(*args, soul, "--extractor", "regex")
    assert r.returncode == 0, r.stderr
    assert snapshot(tmp_path) != before


def test_the_graph_of_a_read_only_memory_file_is_rebuilt_again_and_again(tmp_path):
    """The graph file takes its store's permissions (a private store stays private), so a
    read-only memory file has a read-only graph file: that one soulgraph replaces (it is its
    own output), with repair and update, while the memory file stays as it was."""
    mem = tmp_path / "m.jsonl"
    mem.write_text(json.dumps({"id": "a", "content": "Arjun uses Python at Acme Corp."}) + "\n")
    mem.chmod(0o444)
    graph = tmp_path / "m.jsonl.graph.json"
    for args in (["repair", "--rebuild-graph"], ["repair", "--rebuild-graph"], ["update"]):
        r = run_cli(*args, mem, "--extractor", "regex")
        assert r.returncode == 0, r.stderr
        assert stat.S_IMODE(graph.stat().st_mode) == 0o444 and json.loads(graph.read_bytes())["nodes"]
    mem.chmod(0o644)
    with mem.open("a") as fh:
        fh.write(json.dumps({"id": "b", "content": "Maya moved to Lisbon."}) + "\n")
    mem.chmod(0o444)
    assert run_cli("update", mem).returncode == 0
    assert "lisbon" in {n["id"] for n in json.loads(graph.read_bytes())["nodes"]}


# --------------------------------------------------------------------------- rewritten meanwhile


def test_a_soul_rewritten_while_soulgraph_writes_it_is_reported_as_changed(tmp_path):
    """Another program adds a member while the new archive is being written: the new archive
    then fails verification too, and the message said only that; it now says the soul
    changed (and the soul keeps the other program's bytes, no backup left behind)."""
    soul = make_zip_soul(tmp_path / "me.soul", LAYERS)
    proc = subprocess.Popen(
        [sys.executable, "-m", "soulgraph", "repair", "--rebuild-graph", str(soul), "--extractor", "regex"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "SOULGRAPH_TEST_SLOW_WRITE": "0.05"})
    backup = tmp_path / "me.soul.bak"

    def writing() -> bool:  # the new archive's temp file (not the backup's) is being filled
        return any(p.name.startswith(".soulgraph-tmp-me.soul.") and ".bak." not in p.name
                   for p in tmp_path.iterdir())

    deadline = time.monotonic() + 120
    while not writing() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    with zipfile.ZipFile(soul, "a") as zf:
        zf.writestr("notes/added-by-user.txt", "an edit made meanwhile")
    theirs = soul.read_bytes()
    out, err = proc.communicate(timeout=300)
    done = subprocess.CompletedProcess(proc.args, proc.returncode, out, err)
    _one_error(done, "changed since soulgraph read it")
    assert soul.read_bytes() == theirs and not backup.exists()


# --------------------------------------------------------------------------- the update cache


def _first_cached_row(cache: dict) -> list:
    return next(e for e in cache["entries"].values() if e[1])[1][0]


def _sealed(cache: dict) -> bytes:
    """``cache`` as a file whose closing CRC-32 matches (what only a forger would write)."""
    cache = {k: v for k, v in cache.items() if k != "check"}
    body = json.dumps(cache, separators=(",", ":")).encode()[:-1]
    return body + b',"check":"%08x"}' % zlib.crc32(body)


@pytest.mark.parametrize("damage", ["start as text", "short row"])
def test_update_never_reuses_or_crashes_on_a_damaged_cache(tmp_path, damage):
    """The analysis cache is valid JSON whose rows are not what soulgraph wrote (a start
    offset turned into text, a row cut short): update crashed with a traceback, or copied
    the text offset into the graph. Now a cache whose closing CRC-32 does not match is no
    usable cache (a cold update), and a forged row that matches it but breaks the build gets
    one warning and a cold update: the graph is the full rebuild's either way. An intact
    cache is reused without a warning."""
    soul = make_zip_soul(tmp_path / "me.soul", LAYERS)
    assert run_cli("repair", "--rebuild-graph", soul, "--extractor", "spacy").returncode == 0
    cache_file = tmp_path / "me.soul.graph-cache"
    good = cache_file.read_bytes()
    r = run_cli("update", soul, "--json")
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert json.loads(r.stdout)["stats"]["reused"] == 3
    rebuilt = tmp_path.parent / f"{tmp_path.name}-rebuilt.json"
    assert run_cli("repair", "--rebuild-graph", soul, "--out", rebuilt).returncode == 0
    full = json.loads(rebuilt.read_bytes())
    cache = json.loads(good)
    row = _first_cached_row(cache)
    if damage == "start as text":
        row[1] = str(row[1])
    else:
        del row[2:]
    tries = [(json.dumps(cache).encode(), False)]
    if damage == "short row":  # sealed anew, it reaches the build, which cannot use it
        tries.append((_sealed(cache), True))
    for raw, warned in tries:
        cache_file.write_bytes(raw)
        r = run_cli("update", soul, "--json")
        assert r.returncode == 0, r.stderr
        assert ("analysis cache is damaged" in r.stderr) == warned and r.stderr.count("\n") == warned
        assert json.loads(r.stdout)["stats"]["extracted"] == 3
        graph = json.loads(zipfile.ZipFile(soul).read("memory/graph.json"))["soulgraph"]
        assert (graph["nodes"], graph["edges"], graph.get("provenance_table")) == (
            full["nodes"], full["edges"], full.get("provenance_table"))
        assert run_cli("update", soul).stderr == ""  # the cache was written again, whole


# --------------------------------------------------------------------------- graph files


QUERIES = [("health", "{g}", "--json"), ("entities", "{g}", "--json"), ("neighbors", "{g}", "Arjun"),
           ("path", "{g}", "Arjun", "Python"), ("memories", "{g}", "Arjun"), ("timeline", "{g}", "Arjun"),
           ("recall", "{g}", "What does Arjun use?", "--json"), ("export", "{g}", "--format", "mermaid")]


def _damaged(data: dict, how: str) -> dict:
    data = json.loads(json.dumps(data))
    if how == "null node id":
        data["nodes"][0]["id"] = None
    elif how == "node name a number":
        data["nodes"][0]["name"] = 7
    elif how == "memories not a list":
        data["graph"]["memories"] = "m.jsonl"
    elif how == "memory text a number":
        data["graph"]["memories"][0]["text"] = 42
    elif how == "memory id a number":
        data["graph"]["memories"][0]["id"] = 0
    return data


def _graph_files(tmp_path):
    mem = tmp_path / "m.jsonl"
    mem.write_text("".join(json.dumps({"id": f"m{i}", "content": t}) + "\n" for i, t in enumerate(
        ["Arjun uses Python at Acme Corp.", "Arjun moved to Lisbon last spring."])))
    good = tmp_path / "good.json"
    assert run_cli("repair", "--rebuild-graph", mem, "--out", good, "--extractor", "regex").returncode == 0
    return good, tmp_path / "bad.json"


@pytest.mark.parametrize("how", ["null node id", "node name a number"])
def test_query_commands_on_a_graph_file_with_non_text_nodes_give_one_line(tmp_path, how):
    """A graph file edited by hand or written by another tool, with a number or null where
    a node's text belongs: every query command crashed with a traceback (exit 1). Now one
    line naming the file and the field, exit 2; the intact file answers every query. (Number
    ids, as networkx writes them, are read as their text: test_cli_own_files.py.)"""
    good, bad = _graph_files(tmp_path)
    bad.write_text(json.dumps(_damaged(json.loads(good.read_bytes()), how)))
    before = snapshot(tmp_path)
    for q in QUERIES:
        assert run_cli(*(a.format(g=good) for a in q)).returncode == 0, q
        r = run_cli(*(a.format(g=bad) for a in q))
        _one_error(r, f"{bad}: malformed node-link graph: a node's")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("how", ["memories not a list", "memory text a number", "memory id a number"])
def test_query_commands_skip_odd_memory_records_as_health_does(tmp_path, how):
    """Health skipped a hand-edited memory record; every other query command crashed on it
    (entities, neighbors, path, memories, timeline, recall: a traceback, exit 1). Now every
    reader skips it: the same answers as the intact file, less that record's text."""
    good, bad = _graph_files(tmp_path)
    bad.write_text(json.dumps(_damaged(json.loads(good.read_bytes()), how)))
    for q in QUERIES:
        r = run_cli(*(a.format(g=bad) for a in q))
        assert r.returncode == 0 and r.stderr == "", (q, r.stderr)
    kept = json.loads(run_cli("memories", bad, "Arjun", "--json").stdout)
    assert [m["id"] for m in kept] == ([] if how == "memories not a list" else ["m1"])
    assert len(json.loads(run_cli("memories", good, "Arjun", "--json").stdout)) == 2


# --------------------------------------------------------------------------- messages


def test_repair_without_rebuild_graph_says_error_like_every_other_bad_call(tmp_path):
    soul = make_zip_soul(tmp_path / "me.soul", LAYERS)
    before = snapshot(tmp_path)
    _one_error(run_cli("repair", soul), "nothing to do (pass --rebuild-graph)")
    assert snapshot(tmp_path) == before


def test_a_refused_big_member_names_the_setting_that_lets_a_trusted_soul_through(tmp_path):
    """A long, repetitive memory (a pasted log) can exceed the ZIP-bomb ratio: the error now
    says which SOULGRAPH_MAX_* variable raises the limit, and raising it lets the soul in."""
    log = entry("e9", "Build step ok. " * 120_000)  # 1.8 MB that deflates some 500:1
    soul = make_zip_soul(tmp_path / "me.soul", {"episodic": [log, *LAYERS["episodic"]]})
    before = snapshot(tmp_path)
    r = run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex")
    _one_error(r, "possible ZIP bomb (for a store you trust, set SOULGRAPH_MAX_RATIO higher)")
    assert snapshot(tmp_path) == before
    r = run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex", "--dry-run",
                env={"SOULGRAPH_MAX_RATIO": "100000"})
    assert r.returncode == 0, r.stderr


def test_a_soul_folder_whose_layer_file_is_a_folder_is_refused_not_skipped(tmp_path):
    """memory/episodic.json turned into a folder: its memories were silently left out and the
    graph rewritten without them. Now the member is refused like any non-regular file."""
    soul = make_dir_soul(tmp_path / "me", LAYERS)
    good = run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex", "--dry-run", "--json")
    assert good.returncode == 0 and json.loads(good.stdout)["memories"] == 3
    layer = soul / "memory" / "episodic.json"
    layer.unlink()
    (layer / "old").mkdir(parents=True)
    before = snapshot(tmp_path)
    _one_error(run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex"),
               "memory/episodic.json is not a regular file")
    assert snapshot(tmp_path) == before


def test_a_read_only_registry_is_not_replaced_by_a_correction(tmp_path):
    """pin/ignore/merge rewrote a registry the user had made read-only (the rename needs
    only the folder's permission). Now: one line, exit 2, the file as it was; a writable
    registry takes the correction."""
    soul = make_zip_soul(tmp_path / "me.soul", LAYERS)
    assert run_cli("pin", soul, "Arjun", "--type", "person").returncode == 0
    reg = tmp_path / "me.soul.soulgraph.json"
    reg.chmod(0o444)
    before = snapshot(tmp_path)
    for args in (["pin", soul, "Maya", "--type", "person"], ["ignore", soul, "Noted"],
                 ["merge", soul, "Priya", "Priya Raman"]):
        _one_error(run_cli(*args), "read-only")
    assert snapshot(tmp_path) == before
    reg.chmod(0o644)
    assert run_cli("ignore", soul, "Noted").returncode == 0
    assert json.loads(reg.read_bytes())["entities"]["Noted"] == {"ignore": True}


# --------------------------------------------------------------------------- export --out


@pytest.mark.parametrize("kind", ["zip", "dir", "jsonl"])
def test_export_out_never_replaces_the_store_or_its_sidecars(tmp_path, kind):
    """`soulgraph export me.soul --format dot --out me.soul` turned the soul into DOT text
    (and `--out me/memory/graph.json`, `--out m.jsonl`, `--out me.soul.bak` the same, with no
    backup). Now one line, exit 2, every file as it was; an export beside them still works."""
    if kind == "jsonl":
        store = tmp_path / "m.jsonl"
        store.write_text(json.dumps({"id": "a", "content": "Arjun uses Python at Acme Corp."}) + "\n")
    else:
        store = (make_zip_soul if kind == "zip" else make_dir_soul)(tmp_path / "me.soul", LAYERS)
    assert run_cli("repair", "--rebuild-graph", store, "--extractor", "regex").returncode == 0
    assert run_cli("pin", store, "Arjun", "--type", "person").returncode == 0
    own = [store, tmp_path / f"{store.name}.soulgraph.json"]
    own += [store / "memory" / "graph.json"] if kind == "dir" else [tmp_path / f"{store.name}.bak"]
    if kind == "jsonl":
        own += [tmp_path / "m.jsonl.graph.json"]
    before = snapshot(tmp_path)
    for out in own:
        _one_error(run_cli("export", store, "--format", "dot", "--out", out), "write the export elsewhere")
    if kind == "jsonl":  # the graph file as source: its memory file is no target either
        _one_error(run_cli("export", tmp_path / "m.jsonl.graph.json", "--format", "dot", "--out", store),
                   "write the export elsewhere")
    assert snapshot(tmp_path) == before
    side = tmp_path / f"{store.name}.dot"
    assert run_cli("export", store, "--format", "dot", "--out", side).returncode == 0
    assert side.read_text().startswith("digraph")


@pytest.mark.parametrize("command", ["repair", "update"])
def test_repair_out_never_replaces_the_registry_or_a_backup(tmp_path, command):
    """`repair --rebuild-graph me.soul --out me.soul.soulgraph.json` replaced the user's
    corrections with a graph file (every later command then failed on the registry). A
    backup, a cache or the registry beside the store is now refused; `--out me.soul.graph.json`
    and a memory file's own `m.jsonl.graph.json` still work."""
    soul = make_zip_soul(tmp_path / "me.soul", LAYERS)
    assert run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex").returncode == 0
    assert run_cli("pin", soul, "Arjun", "--type", "person").returncode == 0
    mem = tmp_path / "m.jsonl"
    mem.write_text(json.dumps({"id": "a", "content": "Arjun uses Python at Acme Corp."}) + "\n")
    assert run_cli("repair", "--rebuild-graph", mem, "--extractor", "regex").returncode == 0
    args = ["repair", "--rebuild-graph"] if command == "repair" else ["update"]
    before = snapshot(tmp_path)
    for store, out in ((soul, "me.soul.soulgraph.json"), (soul, "me.soul.bak"),
                       (mem, "m.jsonl.graph.json.cache")):
        _one_error(run_cli(*args, store, "--out", tmp_path / out, "--extractor", "regex"),
                   "is a file soulgraph keeps beside")
    assert snapshot(tmp_path) == before
    for store, out in ((soul, "me.soul.graph.json"), (mem, "m.jsonl.graph.json")):
        assert run_cli(*args, store, "--out", tmp_path / out, "--extractor", "regex").returncode == 0
        assert json.loads((tmp_path / out).read_bytes())["nodes"]
    assert run_cli("registry", soul, "--json").returncode == 0


def test_a_damaged_soul_graph_is_rebuilt_by_update_and_named_by_the_readers(tmp_path):
    """A soul whose memory/graph.json is not JSON: repair rebuilt it but update refused
    (exit 2), and the readers' error did not say what to do. Now update warns once and writes
    the graph repair writes (soul-protocol loads it); health and the query commands name the
    repair command in their one line."""
    from soulkit import soul_members, write_zip

    members = soul_members(LAYERS)
    members["memory/graph.json"] = b'{"entities": {"Arjun": "person"'  # cut short
    soul = write_zip(tmp_path / "me.soul", members)
    before = snapshot(tmp_path)
    for args in (["health", soul, "--json"], ["entities", soul], ["recall", soul, "Who uses Python?"]):
        _one_error(run_cli(*args), f"`soulgraph repair --rebuild-graph {soul}` rebuilds it")
    assert snapshot(tmp_path) == before
    full = tmp_path.parent / f"{tmp_path.name}-full.json"
    assert run_cli("repair", "--rebuild-graph", soul, "--out", full, "--extractor", "regex").returncode == 0
    r = run_cli("update", soul, "--extractor", "regex")
    assert r.returncode == 0 and r.stderr.count("\n") == 1 and "the update builds it anew" in r.stderr
    graph = json.loads(zipfile.ZipFile(soul).read("memory/graph.json"))
    want = json.loads(full.read_bytes())
    assert (graph["soulgraph"]["nodes"], graph["soulgraph"]["edges"]) == (want["nodes"], want["edges"])
    assert (tmp_path / "me.soul.bak").read_bytes() == before["me.soul"]
    assert run_cli("health", soul).returncode == 0
    import asyncio

    from soul_protocol import Soul

    awake = asyncio.run(Soul.awaken(soul))
    assert set(awake._memory._graph._entities) == set(graph["entities"]) and graph["edges"]
