"""What the I/O commands may and may not replace, through the real CLI on real files: a
command that worked keeps working (an up-to-date read-only soul, --out beside a soul or inside
a text folder, a networkx graph with number ids), and nothing the user owns is replaced (another
soul, store or registry as --out, the registry in use) or turned from a link into a copy."""

from __future__ import annotations

import hashlib
import json
import os
import stat
import subprocess
import zipfile
from pathlib import Path

import pytest
from conftest import run_cli
from soulkit import entry, make_dir_soul, make_zip_soul

LAYERS = {"episodic": [entry("e1", "User: Wiktor Lund uses Rust at Pellow Labs.\nAgent: Noted."),
                       entry("e2", "Odile Marsh moved to Antwerp with her cousin Bram.")],
          "semantic": [entry("s1", "Kenji Hale runs the payments team at Norvane.", "semantic")]}


def sha256s(root: Path) -> dict[str, str]:
    """Every file under ``root`` (links not followed) -> sha256 of its bytes; a link -> its target."""
    out = {}
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if p.is_symlink():
            out[rel] = "link:" + os.readlink(p)
        elif p.is_file():
            out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def _one_error(r: subprocess.CompletedProcess, needle: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("soulgraph: error: "), r.stderr
    assert needle in r.stderr and "Traceback" not in r.stderr, r.stderr


def _ok(r: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert r.returncode == 0, (r.stdout, r.stderr)
    return r


# --------------------------------------------------------------------------- read-only souls


@pytest.mark.parametrize("kind", ["zip", "dir"])
@pytest.mark.parametrize("command", ["repair", "update"])
def test_an_up_to_date_read_only_soul_is_no_error(tmp_path, kind, command):
    """`chmod a-w me.soul` after a repair: a second repair or update, with nothing to change,
    said "unchanged ... nothing written", exit 0, until the read-only refusal came before the
    rebuild and made it exit 2. Now it is exit 0 again and no file changes; a read-only soul
    whose graph would change (a pin since) is still refused, every byte as it was."""
    soul = (make_zip_soul if kind == "zip" else make_dir_soul)(tmp_path / "me.soul", LAYERS)
    locked = soul if kind == "zip" else soul / "memory" / "graph.json"
    args = ["repair", "--rebuild-graph"] if command == "repair" else ["update"]
    _ok(run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex"))
    locked.chmod(0o444)
    before = sha256s(tmp_path)
    r = _ok(run_cli(*args, soul, "--extractor", "regex"))
    assert "unchanged: it already holds this graph, nothing written" in r.stdout, r.stdout
    assert sha256s(tmp_path) == before and stat.S_IMODE(locked.stat().st_mode) == 0o444
    _ok(run_cli("pin", soul, "Odile Marsh", "--type", "org"))  # same memories, another graph
    before = sha256s(tmp_path)
    _one_error(run_cli(*args, soul, "--extractor", "regex"), "read-only")
    assert sha256s(tmp_path) == before


# --------------------------------------------------------------------------- --out that is allowed


def test_export_beside_a_soul_as_its_graph_json_name_works(tmp_path):
    """A soul keeps no X.graph.json beside it (`repair --out me.soul.graph.json` is allowed), so
    `export me.soul --format node-link --out me.soul.graph.json` must work too; a memory file's
    X.graph.json is its graph, and exporting over it is still refused."""
    soul = make_zip_soul(tmp_path / "me.soul", LAYERS)
    _ok(run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex"))
    before = sha256s(tmp_path)
    out = tmp_path / "me.soul.graph.json"
    _ok(run_cli("export", soul, "--format", "node-link", "--out", out))
    assert json.loads(out.read_bytes())["nodes"]
    assert {k: v for k, v in sha256s(tmp_path).items() if k != out.name} == before
    mem = tmp_path / "m.jsonl"
    mem.write_text(json.dumps({"id": "a", "content": "Wiktor Lund uses Rust at Pellow Labs."}) + "\n")
    _ok(run_cli("repair", "--rebuild-graph", mem, "--extractor", "regex"))
    before = sha256s(tmp_path)
    _one_error(run_cli("export", mem, "--format", "dot", "--out", tmp_path / "m.jsonl.graph.json"),
               "write the export elsewhere")
    assert sha256s(tmp_path) == before


def test_out_inside_a_text_folder_works_but_never_over_a_note(tmp_path):
    """A text folder store reads only its .txt/.md files, so `repair notes --out notes/graph.json`
    and `export notes --format dot --out notes/graph.dot` must work (they were refused, with a
    message about backups and caches); a note itself is still refused, naming it a memory file."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "monday.txt").write_text("Wiktor Lund uses Rust at Pellow Labs.\n")
    (notes / "tuesday.md").write_text("Odile Marsh moved to Antwerp.\n")
    _ok(run_cli("repair", "--rebuild-graph", notes, "--extractor", "regex"))
    _ok(run_cli("repair", "--rebuild-graph", notes, "--out", notes / "graph.json", "--extractor", "regex"))
    assert json.loads((notes / "graph.json").read_bytes())["nodes"]
    _ok(run_cli("export", notes, "--format", "dot", "--out", notes / "graph.dot"))
    assert (notes / "graph.dot").read_text().startswith("digraph")
    assert _ok(run_cli("health", notes, "--graph", notes / "graph.json", "--json"))
    before = sha256s(tmp_path)
    for note in ("monday.txt", "tuesday.md"):
        _one_error(run_cli("repair", "--rebuild-graph", notes, "--out", notes / note, "--extractor", "regex"),
                   "is a memory file of the text folder")
        _one_error(run_cli("export", notes, "--format", "dot", "--out", notes / note),
                   "write the export elsewhere")
    assert sha256s(tmp_path) == before


def test_a_networkx_graph_with_number_ids_is_read(tmp_path):
    """`nx.node_link_data(g)` of a graph whose nodes are 1, 2, ...: health and export read it
    (exit 0, as before the audit made every non-text id an error), the ids as their text;
    a null id is still one clear error."""
    import networkx as nx

    g = nx.MultiDiGraph()
    g.add_node(1, name="Wiktor Lund", type="person")
    g.add_node(2, name="Pellow Labs", type="org")
    g.add_edge(1, 2, key="works_at", relation="works_at")
    data = nx.node_link_data(g, edges="edges")
    path = tmp_path / "nx.json"
    path.write_text(json.dumps(data))
    before = sha256s(tmp_path)
    _ok(run_cli("health", path, "--json"))
    dot = _ok(run_cli("export", path, "--format", "dot")).stdout
    assert '"1" -> "2" [label="works_at"]' in dot and 'label="Wiktor Lund"' in dot
    assert "Pellow Labs" in _ok(run_cli("neighbors", path, "Wiktor Lund")).stdout
    data["nodes"][0]["id"] = None
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    before[bad.name] = hashlib.sha256(bad.read_bytes()).hexdigest()
    _one_error(run_cli("health", bad, "--json"), "a node's 'id' is not a string")
    assert sha256s(tmp_path) == before


# --------------------------------------------------------------------------- --out that is refused


def _stores(tmp_path: Path) -> tuple[Path, list[Path]]:
    """A soul to read, and the user's other data an --out could name."""
    soul = make_zip_soul(tmp_path / "me.soul", LAYERS)
    _ok(run_cli("repair", "--rebuild-graph", soul, "--extractor", "regex"))
    other = make_zip_soul(tmp_path / "other.soul", LAYERS)
    folder = make_dir_soul(tmp_path / "folder.soul", LAYERS)
    mem = tmp_path / "m.jsonl"
    mem.write_text(json.dumps({"id": "a", "content": "Kenji Hale runs payments at Norvane."}) + "\n")
    listed = tmp_path / "mem.json"
    listed.write_text(json.dumps([{"id": "a", "content": "Kenji Hale runs payments at Norvane."}]))
    _ok(run_cli("pin", other, "Kenji Hale", "--type", "person"))
    return soul, [other, folder, mem, listed, tmp_path / "other.soul.soulgraph.json"]


def test_export_and_repair_out_never_replace_another_soul_store_or_registry(tmp_path):
    """`export me.soul --format dot --out other.soul` replaced another soul with DOT text, no
    backup (and a memory file or a registry the same). Now one line, exit 2, every file as it
    was; an earlier export or graph file at --out is still replaced."""
    soul, theirs = _stores(tmp_path)
    before = sha256s(tmp_path)
    for out in theirs:
        _one_error(run_cli("export", soul, "--format", "dot", "--out", out), "write the export elsewhere")
        _one_error(run_cli("repair", "--rebuild-graph", soul, "--out", out, "--extractor", "regex"),
                   "--out")
        _one_error(run_cli("update", soul, "--out", out, "--extractor", "regex"), "--out")
    assert sha256s(tmp_path) == before
    for fmt, name in (("dot", "g.dot"), ("node-link", "g.json")):
        _ok(run_cli("export", soul, "--format", fmt, "--out", tmp_path / name))
        _ok(run_cli("export", soul, "--format", fmt, "--out", tmp_path / name))  # its own output again
    _ok(run_cli("repair", "--rebuild-graph", soul, "--out", tmp_path / "g.json", "--extractor", "regex"))
    assert json.loads((tmp_path / "g.json").read_bytes())["nodes"]


@pytest.mark.parametrize("command", ["repair", "update"])
def test_the_registry_in_use_is_never_the_graph_out(tmp_path, command):
    """`repair --rebuild-graph mem.jsonl --registry my-reg.json --out my-reg.json` replaced the
    user's pins with graph JSON (only the default registry name was guarded). Now refused,
    whether the file exists yet or not; the same registry with another --out is read."""
    mem = tmp_path / "mem.jsonl"
    mem.write_text(json.dumps({"id": "a", "content": "Wiktor Lund uses Rust at Pellow Labs."}) + "\n")
    reg = tmp_path / "my-reg.json"
    args = ["repair", "--rebuild-graph"] if command == "repair" else ["update"]
    _one_error(run_cli(*args, mem, "--registry", reg, "--out", reg, "--extractor", "regex"),
               "is the registry this run reads")
    assert not reg.exists()
    _ok(run_cli("pin", mem, "Pellow Labs", "--type", "project", "--registry", reg))
    before = sha256s(tmp_path)
    _one_error(run_cli(*args, mem, "--registry", reg, "--out", reg, "--extractor", "regex"),
               "is the registry this run reads")
    assert sha256s(tmp_path) == before
    out = tmp_path / "g.json"
    _ok(run_cli(*args, mem, "--registry", reg, "--out", out, "--extractor", "regex"))
    types = {n["name"]: n["type"] for n in json.loads(out.read_bytes())["nodes"]}
    assert types["Pellow Labs"] == "project"


# --------------------------------------------------------------------------- symlinked soul


@pytest.mark.parametrize("command", ["repair", "update"])
def test_a_symlinked_soul_is_written_through_to_its_target(tmp_path, command):
    """`me.soul -> real/me.soul`: repair put a regular file in the link's place and never
    updated real/me.soul. Now the target is rewritten (its backup beside it), the link stays
    the same link; a read-only target is still refused, the link and the target as they were."""
    (tmp_path / "real").mkdir()
    real = make_zip_soul(tmp_path / "real" / "me.soul", LAYERS)
    link = tmp_path / "me.soul"
    link.symlink_to(Path("real") / "me.soul")
    args = ["repair", "--rebuild-graph"] if command == "repair" else ["update"]
    original = real.read_bytes()
    real.chmod(0o444)
    before = sha256s(tmp_path)
    _one_error(run_cli(*args, link, "--extractor", "regex"), "read-only")
    assert sha256s(tmp_path) == before
    real.chmod(0o644)
    _ok(run_cli(*args, link, "--extractor", "regex"))
    assert link.is_symlink() and os.readlink(link) == str(Path("real") / "me.soul")
    graph = json.loads(zipfile.ZipFile(real).read("memory/graph.json"))
    assert graph["soulgraph"]["nodes"]
    assert (tmp_path / "real" / "me.soul.bak").read_bytes() == original
    assert not (tmp_path / "me.soul.bak").exists()
    assert not list(tmp_path.rglob(".*soulgraph-lock"))
