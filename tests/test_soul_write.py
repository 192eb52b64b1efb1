"""Graph write-back: only memory/graph.json changes; backups, locks, fingerprints, temp cleanup."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import networkx as nx
import orjson
import pytest
from soulkit import entry, make_dir_soul, make_zip_soul, raw_records, snapshot, soul_members, write_zip
from typer.testing import CliRunner

from soulgraph import safety
from soulgraph.cli import app
from soulgraph.errors import LockedError, SoulgraphError
from soulgraph.readwrite import soulproto
from soulgraph.sources import read_store, soul_write

LAYERS = {"episodic": [entry("e1", "User: Arjun uses Python\nAgent: Nice.")],
          "semantic": [entry("s1", "User works at Acme Corp", "semantic")]}


def small_graph(mid: str = "e1", time: str | None = "2026-03-01T10:00:00") -> dict:
    g = nx.MultiDiGraph()
    g.add_node("arjun", name="Arjun", type="person", aliases=[],
               provenance=[{"memory_id": mid, "start": 6, "end": 11, "time": time}])
    g.add_node("python", name="Python", type="tool", aliases=[],
               provenance=[{"memory_id": mid, "start": 17, "end": 23}])
    g.add_edge("arjun", "python", key="uses", relation="uses", confidence=0.9,
               provenance=[{"memory_id": mid, "time": time}])
    return soulproto.to_soul(g)


def test_zip_only_graph_changes_raw_members_identical(tmp_path):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    original = p.read_bytes()
    before = raw_records(p)
    order = [i.filename for i in zipfile.ZipFile(p).infolist()]
    changed, backup = soul_write.write_graph(read_store(p), small_graph())
    assert changed and backup == tmp_path / "a.soul.bak" and backup.read_bytes() == original
    after = raw_records(p)
    assert [i.filename for i in zipfile.ZipFile(p).infolist()] == order
    for name in order:
        if name != "memory/graph.json":
            assert after[name] == before[name], name  # same compressed bytes, CRC, date, method, attrs
    assert after["memory/graph.json"][2] == before["memory/graph.json"][2]  # date kept
    assert zipfile.ZipFile(p).testzip() is None
    data = json.loads(zipfile.ZipFile(p).read("memory/graph.json"))
    assert data["entities"] == {"Arjun": "person", "Python": "tool"}
    assert data["edges"][0]["valid_from"] == "2026-03-01T10:00:00"
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".")]  # no temp, no lock left


def test_zip_without_graph_member_gets_one_before_manifest(tmp_path):
    members = soul_members(LAYERS)
    del members["memory/graph.json"]
    p = write_zip(tmp_path / "a.soul", members)
    soul_write.write_graph(read_store(p), small_graph())
    names = [i.filename for i in zipfile.ZipFile(p).infolist()]
    assert names[-2:] == ["memory/graph.json", "manifest.json"]
    assert names[:-2] == [n for n in members if n != "manifest.json"]


def test_zip_stored_members_and_comment_kept(tmp_path):
    p = tmp_path / "s.soul"
    with zipfile.ZipFile(p, "w") as zf:
        zf.comment = b"archive comment"
        for i, (name, data) in enumerate(soul_members(LAYERS).items()):
            zf.writestr(name, data, compress_type=zipfile.ZIP_STORED if i % 2 else zipfile.ZIP_DEFLATED)
    before = raw_records(p)
    soul_write.write_graph(read_store(p), small_graph())
    after = raw_records(p)
    assert {k: v for k, v in after.items() if k != "memory/graph.json"} == \
        {k: v for k, v in before.items() if k != "memory/graph.json"}
    assert after["memory/graph.json"][3] == before["memory/graph.json"][3]  # compression kept
    assert zipfile.ZipFile(p).comment == b"archive comment"


def test_second_identical_repair_writes_nothing(tmp_path):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    soul_write.write_graph(read_store(p), small_graph())
    repaired = p.read_bytes()
    assert soul_write.write_graph(read_store(p), small_graph()) == (False, None)
    assert p.read_bytes() == repaired and not (tmp_path / "a.soul.bak.1").exists()


@pytest.mark.parametrize("kind", ["zip", "dir", "out"])
def test_repair_and_update_with_nothing_new_say_unchanged_and_touch_nothing(tmp_path, cli, kind):
    """A second repair, then an update, of an unchanged store: the user is told the graph was
    already this one, and no byte, time stamp or backup changes (the first run said "wrote")."""
    p = (make_zip_soul if kind != "dir" else make_dir_soul)(tmp_path / "a.soul", LAYERS)
    out = ["--out", str(tmp_path / "g.json")] if kind == "out" else []
    target = tmp_path / "g.json" if kind == "out" else p
    r = cli("repair", "--rebuild-graph", p, "--extractor", "regex", *out)
    assert r.returncode == 0 and f"wrote {target}" in r.stdout
    before = {f: (f.stat().st_mtime_ns, f.read_bytes() if f.is_file() else None)
              for f in tmp_path.rglob("*") if not f.name.endswith("cache")}
    for args in (["repair", "--rebuild-graph", p, "--extractor", "regex", *out, "--json"],
                 ["update", p, *out, "--json"]):
        r = cli(*args)
        assert r.returncode == 0, r.stderr
        report = json.loads(r.stdout)
        assert report["written"] is False and report["backup"] is None
    r = cli("update", p, *out)
    assert r.returncode == 0
    assert f"{target} unchanged: it already holds this graph, nothing written" in r.stdout
    assert "wrote" not in r.stdout
    after = {f: (f.stat().st_mtime_ns, f.read_bytes() if f.is_file() else None)
             for f in tmp_path.rglob("*") if not f.name.endswith("cache")}
    assert after == before


def test_backups_are_numbered_never_overwritten(tmp_path):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    original = p.read_bytes()
    soul_write.write_graph(read_store(p), small_graph())
    first = p.read_bytes()
    b2 = soul_write.write_graph(read_store(p), small_graph(time="2026-04-01T00:00:00")).backup
    assert b2 == tmp_path / "a.soul.bak.1" and b2.read_bytes() == first
    assert (tmp_path / "a.soul.bak").read_bytes() == original


def test_folder_only_graph_json_changes(tmp_path):
    d = make_dir_soul(tmp_path / "a.soul", LAYERS)
    before = snapshot(d)
    backup = soul_write.write_graph(read_store(d), small_graph()).backup
    after = snapshot(d)
    assert backup == d / "memory" / "graph.json.bak"
    assert after.pop("memory/graph.json.bak") == before["memory/graph.json"]
    assert after.pop("memory/graph.json") != before.pop("memory/graph.json")
    assert after == before
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".")]


def test_folder_without_graph_json(tmp_path):
    d = make_dir_soul(tmp_path / "a.soul", LAYERS)
    (d / "memory" / "graph.json").unlink()
    assert soul_write.write_graph(read_store(d), small_graph()) == (True, None)  # nothing to back up
    assert orjson.loads((d / "memory" / "graph.json").read_bytes())["entities"]["Arjun"] == "person"


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_soul_changed_since_read_is_refused(tmp_path, kind):
    make = make_zip_soul if kind == "zip" else make_dir_soul
    p = make(tmp_path / "a.soul", LAYERS)
    store = read_store(p)
    layers = {**LAYERS, "social": [entry("o1", "new memory written meanwhile", "social")]}
    changed = snapshot(make(tmp_path / "a.soul", layers))
    with pytest.raises(SoulgraphError, match="changed since soulgraph read it"):
        soul_write.write_graph(store, small_graph())
    assert snapshot(p) == changed
    assert not (tmp_path / "a.soul.bak").exists()


_HOLDER = (
    "import sys, time\n"
    "from soulgraph import safety\n"
    "held = safety.store_lock(sys.argv[1])\n"
    "held.__enter__()\n"
    "print('locked', flush=True)\n"
    "time.sleep(120)\n"
)


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_second_repair_gets_locked_error_and_a_killed_holder_leaves_no_stale_lock(tmp_path, kind, cli):
    p = (make_zip_soul if kind == "zip" else make_dir_soul)(tmp_path / "a.soul", LAYERS)
    before = snapshot(p)
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(p)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(LockedError, match="another soulgraph process"):
            soul_write.write_graph(read_store(p), small_graph())
        r = cli("repair", "--rebuild-graph", p, "--extractor", "regex")
        assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
        assert "another soulgraph process is writing this store" in r.stderr
        assert snapshot(p) == before
    finally:
        holder.kill()  # SIGKILL: flock dies with the process
        holder.wait()
    assert safety.lock_path(p).exists()  # the killed holder's file is left ...
    assert soul_write.write_graph(read_store(p), small_graph()).changed  # ... and does not block
    assert not safety.lock_path(p).exists()


def test_leftover_temp_files_cleaned_only_ours(tmp_path):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    ours = [tmp_path / ".soulgraph-tmp-a.soul.abcd1234", tmp_path / ".soulgraph-tmp-a.soul.bak.zz_x9y8w"]
    others = [tmp_path / ".soulgraph-tmp-b.soul.abcd1234", tmp_path / "a.soul.tmp",
              tmp_path / ".soulgraph-tmp-a.soul.x.soul.abcd1234"]
    for f in ours + others:
        f.write_bytes(b"partial")
    soul_write.write_graph(read_store(p), small_graph())
    assert not any(f.exists() for f in ours)
    assert all(f.exists() for f in others)


def test_dry_run_writes_nothing(tmp_path):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    d = make_dir_soul(tmp_path / "d.soul", LAYERS)
    before = snapshot(tmp_path)
    for target in (p, d):
        r = CliRunner().invoke(app, ["repair", "--rebuild-graph", str(target), "--dry-run",
                                     "--extractor", "regex", "--json"])
        assert r.exit_code == 0, r.stderr
        assert json.loads(r.stdout)["dry_run"] is True
    assert snapshot(tmp_path) == before
    assert sorted(os.listdir(tmp_path)) == ["a.soul", "d.soul"]


def test_graph_json_symlink_refused(tmp_path):
    d = make_dir_soul(tmp_path / "a.soul", LAYERS)
    target = tmp_path / "elsewhere.json"
    target.write_text("{}")
    (d / "memory" / "graph.json").unlink()
    (d / "memory" / "graph.json").symlink_to(target)
    with pytest.raises(SoulgraphError, match="symlink"):
        soul_write.write_graph(read_store(d), small_graph())
    assert target.read_text() == "{}"


def test_serialize_is_deterministic_and_plain_json():
    a = soul_write.serialize(small_graph())
    assert a == soul_write.serialize(small_graph())
    assert json.loads(a)["provenance"] == {"Arjun": ["e1"], "Python": ["e1"]}


def test_to_soul_times_soul_protocol_can_parse():
    from datetime import datetime

    g = nx.MultiDiGraph()
    for n in ("a", "b", "c", "d"):
        g.add_node(n, name=n.upper(), type="concept", provenance=[], aliases=[])
    g.add_edge("a", "b", key="r", relation="r", valid_from="2026-01-02T03:04:05+02:00", provenance=[])
    g.add_edge("b", "c", key="r", relation="r", valid_from="yesterday", provenance=[])
    g.add_edge("c", "d", key="r", relation="r", valid_from=None,
               provenance=[{"memory_id": "m", "time": "2026-05-01T00:00:00Z"}], valid_to="2026-06-01")
    edges = {(e["source"], e["target"]): e for e in soulproto.to_soul(g)["edges"]}
    assert edges[("A", "B")]["valid_from"] == "2026-01-02T01:04:05"
    assert "valid_from" not in edges[("B", "C")]
    assert edges[("C", "D")]["valid_from"] == "2026-05-01T00:00:00"
    assert edges[("C", "D")]["valid_to"] == "2026-06-01T00:00:00"
    for e in edges.values():
        for k in ("valid_from", "valid_to"):
            if k in e:
                assert datetime.fromisoformat(e[k]).tzinfo is None


def test_to_soul_disambiguates_same_display_name():
    g = nx.MultiDiGraph()
    g.add_node("apple-org", name="Apple", type="org", provenance=[], aliases=[])
    g.add_node("apple-fruit", name="Apple", type="concept", provenance=[], aliases=[])
    g.add_edge("apple-org", "apple-fruit", key="related", relation="related", provenance=[])
    data = soulproto.to_soul(g)
    assert len(data["entities"]) == 2
    e = data["edges"][0]
    assert {e["source"], e["target"]} == set(data["entities"])


class _Unseekable:
    """A write-only stream: zipfile then writes data descriptors (flag bit 3) after each member."""

    def __init__(self):
        self.buf = bytearray()

    def write(self, b):
        self.buf += b
        return len(b)

    def flush(self):
        pass


def test_members_with_data_descriptors_are_copied_raw(tmp_path):
    stream = _Unseekable()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in soul_members(LAYERS).items():
            with zf.open(name, "w") as fh:
                fh.write(data)
    p = tmp_path / "dd.soul"
    p.write_bytes(bytes(stream.buf))
    assert all(i.flag_bits & 0x08 for i in zipfile.ZipFile(p).infolist())
    before = raw_records(p)
    soul_write.write_graph(read_store(p), small_graph())
    after = raw_records(p)
    assert zipfile.ZipFile(p).testzip() is None
    assert {k: v for k, v in after.items() if k != "memory/graph.json"} == \
        {k: v for k, v in before.items() if k != "memory/graph.json"}


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_private_permissions_kept_on_soul_and_backup(tmp_path, kind):
    p = (make_zip_soul if kind == "zip" else make_dir_soul)(tmp_path / "a.soul", LAYERS)
    target = p if kind == "zip" else p / "memory" / "graph.json"
    os.chmod(target, 0o600)
    backup = soul_write.write_graph(read_store(p), small_graph()).backup
    assert os.stat(target).st_mode & 0o777 == 0o600
    assert os.stat(backup).st_mode & 0o777 == 0o600


def test_fifo_layer_file_refused(tmp_path):
    d = make_dir_soul(tmp_path / "f.soul", LAYERS)
    (d / "memory" / "social.json").unlink()
    os.mkfifo(d / "memory" / "social.json")
    with pytest.raises(SoulgraphError, match="not a regular file"):
        read_store(d)


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_disk_full_mid_write_leaves_soul_untouched(tmp_path, kind):
    """Real fault injection: a child whose file-size limit makes big writes fail (EFBIG)."""
    import resource
    import signal

    p = (make_zip_soul if kind == "zip" else make_dir_soul)(tmp_path / "a.soul", LAYERS)
    if kind == "dir":  # make the graph write itself the one that fails
        (p / "memory" / "graph.json").write_bytes(b"{}")
    before = snapshot(p)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        msg = b"no error"
        try:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            limit = 2048 if kind == "zip" else 512  # the backup (zip) / new graph.json (dir) is bigger
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
            soul_write.write_graph(read_store(p), small_graph())
        except SoulgraphError as exc:
            msg = str(exc).encode()
        finally:
            os.write(w, msg)
            os._exit(0)
    os.close(w)
    msg = os.read(r, 4096).decode()
    os.waitpid(pid, 0)
    assert "cannot write the repaired soul" in msg and "\n" not in msg, msg
    assert snapshot(p) == before
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".soulgraph")]
    if kind == "dir":
        assert not [f for f in os.listdir(p / "memory") if f.startswith(".soulgraph")]


@pytest.mark.parametrize("damage", [b"\xff\x00 not json", b'{"soulgraph": {"nodes": [{"x": 1}]}}',
                                    b'{"entities": [1, 2], "edges": {"a": 1}}', b"[]"])
def test_damaged_existing_graph_is_repaired(tmp_path, damage):
    members = soul_members(LAYERS)
    members["memory/graph.json"] = damage
    p = write_zip(tmp_path / "g.soul", members)
    original = p.read_bytes()
    r = CliRunner().invoke(app, ["repair", "--rebuild-graph", str(p), "--extractor", "regex", "--json"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(zipfile.ZipFile(p).read("memory/graph.json"))["entities"]
    assert (tmp_path / "g.soul.bak").read_bytes() == original


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_out_given_leaves_the_soul_untouched_and_the_graph_file_works(tmp_path, cli, kind):
    """`--out G.json` on a soul is a request for a file: the soul stays byte-for-byte as it was
    (no backup, no graph write-back, no sidecar beside it), and update/health/query use G.json."""
    make = make_zip_soul if kind == "zip" else make_dir_soul
    p = make(tmp_path / "s.soul", LAYERS)
    g = tmp_path / "out" / "g.json"
    g.parent.mkdir()
    before, listing = snapshot(p), sorted(os.listdir(tmp_path))
    r = cli("repair", "--rebuild-graph", p, "--out", g, "--extractor", "regex", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["out"] == str(g) and json.loads(r.stdout)["backup"] is None
    assert snapshot(p) == before and sorted(os.listdir(tmp_path)) == listing
    names = {n["name"]: n["type"] for n in json.loads(g.read_text())["nodes"]}
    assert names.get("Acme Corp") == "org" and names.get("Python") == "tool"
    r = cli("update", p, "--out", g, "--json")
    assert r.returncode == 0, r.stderr
    assert snapshot(p) == before and sorted(os.listdir(tmp_path)) == listing
    r = cli("health", p, "--graph", g, "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["nodes"] == len(names)
    r = cli("memories", g, "Acme Corp", "--json")
    assert r.returncode == 0 and "s1" in r.stdout, r.stderr


@pytest.mark.parametrize("inside", ["memory/graph.json", "g.json", "."])
def test_out_inside_a_soul_folder_is_refused_and_the_soul_untouched(tmp_path, cli, inside):
    p = make_dir_soul(tmp_path / "d.soul", LAYERS)
    before = snapshot(p)
    r = cli("repair", "--rebuild-graph", p, "--out", p / inside, "--extractor", "regex")
    assert r.returncode != 0 and "inside the soul" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert snapshot(p) == before


def test_out_on_a_locked_soul_still_writes_the_graph_file(tmp_path, cli):
    """--out leaves the soul alone, so another process repairing it does not block it."""
    p = make_zip_soul(tmp_path / "s.soul", LAYERS)
    with safety.store_lock(p):
        r = cli("repair", "--rebuild-graph", p, "--out", tmp_path / "g.json", "--extractor", "regex")
        assert r.returncode == 0, r.stderr
        r2 = cli("repair", "--rebuild-graph", p, "--extractor", "regex")
        assert r2.returncode != 0
    assert (tmp_path / "g.json").exists()


@pytest.mark.parametrize("extractor", ["regex", "auto"])
def test_repair_gives_the_collector_back_even_when_it_fails(tmp_path, extractor):
    """A regex repair runs with the cyclic collector paused; the caller gets it back enabled,
    after a repair and after a refused one."""
    import gc

    from soulgraph import api

    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    assert gc.isenabled()
    rep = api.repair(p, extractor=extractor)
    assert rep.written and rep.after["nodes"] >= 2 and gc.isenabled()
    bad = tmp_path / "bad.soul"
    bad.write_bytes(b"PK\x03\x04 not a zip")
    with pytest.raises(SoulgraphError):
        api.repair(bad, extractor=extractor)
    assert gc.isenabled()


def test_verify_compares_members_read_whole_raw_and_decompresses_the_rest(tmp_path):
    """Members the reader decompressed whole (CRC checked) are verified by their stored bytes;
    a rewritten archive whose copy of one differs, or whose other member is corrupt, is refused."""
    from soulgraph.sources.zip_rewrite import replace_member

    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    store = read_store(p)
    assert {"memory/episodic.json", "memory/semantic.json", "manifest.json"} <= store.read_whole
    assert "soul.json" not in store.read_whole and "memory/graph.json" not in store.read_whole
    raw = soul_write.serialize(small_graph())
    new = tmp_path / "new.soul"
    with open(p, "rb") as src, open(new, "wb") as out:
        replace_member(src, out, "memory/graph.json", raw, where=p)
    soul_write.verify_zip(new, p, raw, read_whole=store.read_whole)
    good = new.read_bytes()
    for name in ("memory/episodic.json", "soul.json"):  # one read whole, one never read
        info = zipfile.ZipFile(new).getinfo(name)
        at = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
        bad = bytearray(good)
        bad[at] ^= 0xFF  # first byte of its compressed data
        new.write_bytes(bytes(bad))
        with pytest.raises(SoulgraphError, match="failed verification"):
            soul_write.verify_zip(new, p, raw, read_whole=store.read_whole)


@pytest.mark.parametrize("keep", [True, False])
def test_changed_since_read_is_told_by_the_kept_bytes_or_by_hashing_a_big_soul(tmp_path, monkeypatch, keep):
    """A soul ZIP up to soul_zip.KEEP_MAX is kept in memory when read, and the writer compares
    the file with those bytes; a bigger one is streamed and hashed again. Both refuse a soul
    rewritten since it was read (same size included) and write one left alone."""
    import hashlib

    from soulgraph.sources import soul_zip

    if not keep:
        monkeypatch.setattr(soul_zip, "KEEP_MAX", 64)
    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    store = read_store(p)
    assert store.fingerprint == hashlib.sha256(p.read_bytes()).hexdigest()
    assert (store.raw == p.read_bytes()) if keep else store.raw is None
    data = bytearray(p.read_bytes())
    data[-1] ^= 0x01  # same size, one byte of the archive comment's length field changed
    good = p.read_bytes()
    p.write_bytes(bytes(data))
    with pytest.raises(SoulgraphError, match="changed since soulgraph read it"):
        soul_write.write_graph(store, small_graph())
    p.write_bytes(good)
    assert soul_write.write_graph(store, small_graph()).changed
    assert orjson.loads(zipfile.ZipFile(p).read("memory/graph.json"))["entities"]["Arjun"] == "person"


def test_verify_refuses_a_graph_member_that_is_not_the_one_written(tmp_path):
    """The new graph member is read back and inflated: damaged compressed bytes, a wrong CRC in
    the central directory, or other content (stored or deflated) fail verification; the graph
    as written passes, stored or deflated, given its CRC or not."""
    import zlib

    from soulgraph.sources.zip_rewrite import replace_member

    p = make_zip_soul(tmp_path / "a.soul", LAYERS)
    store = read_store(p)
    raw = soul_write.serialize(small_graph())
    new = tmp_path / "new.soul"
    with open(p, "rb") as src, open(new, "wb") as out:
        replace_member(src, out, "memory/graph.json", raw, where=p)
    soul_write.verify_zip(new, p, raw, read_whole=store.read_whole)
    soul_write.verify_zip(new, p, raw, read_whole=store.read_whole, crc=zlib.crc32(raw))
    with pytest.raises(SoulgraphError, match="failed verification"):
        soul_write.verify_zip(new, p, raw + b" ", read_whole=store.read_whole)
    with pytest.raises(SoulgraphError, match="failed verification"):
        soul_write.verify_zip(new, p, raw, read_whole=store.read_whole, crc=zlib.crc32(raw) ^ 1)
    good = new.read_bytes()
    info = zipfile.ZipFile(new).getinfo("memory/graph.json")
    at = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for where in (at, at + info.compress_size - 1):  # first and last byte of its deflate stream
        bad = bytearray(good)
        bad[where] ^= 0xFF
        new.write_bytes(bytes(bad))
        with pytest.raises(SoulgraphError, match="failed verification"):
            soul_write.verify_zip(new, p, raw, read_whole=store.read_whole)
    # a graph member stored uncompressed: its bytes are compared as they are
    members = soul_members(LAYERS)
    members["memory/graph.json"] = raw
    stored = tmp_path / "stored.soul"
    with zipfile.ZipFile(stored, "w", zipfile.ZIP_STORED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    st = read_store(stored)
    with open(stored, "rb") as src, open(new, "wb") as out:
        replace_member(src, out, "memory/graph.json", raw, where=stored)
    assert zipfile.ZipFile(new).getinfo("memory/graph.json").compress_type == zipfile.ZIP_STORED
    soul_write.verify_zip(new, stored, raw, read_whole=st.read_whole)
    with pytest.raises(SoulgraphError, match="failed verification"):
        soul_write.verify_zip(new, stored, raw.replace(b"Arjun", b"Arjan"), read_whole=st.read_whole)


def test_soul_protocol_provenance_ids_are_each_nodes_sorted_distinct_memory_ids():
    """to_soul's per-node memory ids (read straight from a built node's entries) are
    sorted(set(provenance_ids)) for entries in any order, repeated, without an id, or not dicts."""
    import random

    from soulgraph.readwrite.columns import provenance_ids

    rng = random.Random(8)
    pool = ["m1", "m2", "m10", "a", "Z", "m2"]
    for _ in range(2000):
        prov = [rng.choice([{"memory_id": rng.choice(pool)}, {"memory_id": rng.choice(pool), "start": 1},
                            {"start": 3}, {"memory_id": None}]) for _ in range(rng.randint(0, 8))]
        if rng.random() < 0.1:
            prov.append(rng.choice(pool))  # a bare id: the general path
        d = {"name": "x", "provenance": prov}
        assert soulproto._memory_ids(d) == sorted(set(provenance_ids(d)))
