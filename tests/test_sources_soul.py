"""Soul readers (.soul ZIP and soul folder): every layer, both layouts, and every bad input refused.

Bad inputs go through the real CLI (in-process via typer's runner for speed; a
few through a subprocess in test_safety_hostile.py): one line on stderr, exit
2, and the soul byte-for-byte untouched.
"""

from __future__ import annotations

import os
import zipfile

import pytest
from soulkit import (
    PRIVATE_KEY,
    entry,
    make_dir_soul,
    make_zip_soul,
    snapshot,
    soul_members,
    write_dir,
    write_zip,
)
from typer.testing import CliRunner

from soulgraph.cli import app
from soulgraph.errors import SoulgraphError
from soulgraph.sources import read_store, soul_zip
from soulgraph.sources.limits import Limits

SECRET = "Zanzibar-rendezvous-4471"  # memory text that must never reach an error message

LAYERS = {
    "episodic": [entry("e1", "User: Arjun uses Python at Acme Corp\nAgent: Got it.", "episodic"),
                 entry("e2", "User: old plan\nAgent: ok", "episodic", superseded=True),
                 entry("e3", "Low importance note", "episodic", significance=0.0, importance=1)],
    "semantic": [entry("s1", "User works at Acme Corp", "semantic", superseded_by="s9", domain="work")],
    "procedural": [entry("p1", "Run pytest before pushing", "procedural")],
    "social": [entry("o1", "Riley is Arjun's sister", "social")],
}
CUSTOM = {"dreams": [entry("c1", "Dreamt of Lisbon", "dreams")]}


def by_id(store):
    return {m.id: m for m in store.memories}


def run(*args):
    r = CliRunner().invoke(app, [str(a) for a in args])
    return r.exit_code, r.stdout, r.stderr


def assert_refused(path, *needles):
    before = snapshot(path)
    code, out, err = run("repair", "--rebuild-graph", path, "--extractor", "regex")
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and err.startswith("soulgraph: error: "), err
    for n in needles:
        assert n.lower() in err.lower(), err
    assert SECRET not in err and SECRET not in out
    assert snapshot(path) == before
    assert not [p for p in path.parent.iterdir() if ".soulgraph" in p.name]
    return err


# --------------------------------------------------------------------------- reading


def test_zip_reads_every_layer_superseded_and_custom(tmp_path):
    p = make_zip_soul(tmp_path / "a.soul", LAYERS, custom=CUSTOM)
    st = read_store(p)
    m = by_id(st)
    assert st.kind == "soul-zip" and st.is_soul
    assert set(m) == {"e1", "e2", "e3", "s1", "p1", "o1", "c1"}
    assert m["e2"].superseded and m["s1"].superseded and not m["e1"].superseded
    assert (m["s1"].layer, m["s1"].domain) == ("semantic", "work")
    assert m["c1"].layer == "dreams" and m["p1"].layer == "procedural"
    assert m["e1"].created_at == "2026-03-01T10:00:00"
    speakers = [(s.speaker, m["e1"].content[s.start:s.end]) for s in m["e1"].segments]
    assert speakers[0] == ("User", "Arjun uses Python at Acme Corp")
    assert speakers[1][0] == "Agent"
    assert st.graph_raw == soul_members(LAYERS)["memory/graph.json"]
    assert len(st.fingerprint) == 64


def test_zip_nested_layout(tmp_path):
    nested = {("episodic", "default"): [entry("n1", "Maya joined Acme Corp")],
              ("semantic", "finance"): [entry("n2", "Q3 revenue up", "semantic")],
              ("dreams", "night"): [entry("n3", "Flying over Oslo", "dreams")]}
    st = read_store(make_zip_soul(tmp_path / "n.soul", nested=nested))
    m = by_id(st)
    assert (m["n2"].layer, m["n2"].domain) == ("semantic", "finance")
    assert (m["n3"].layer, m["n3"].domain) == ("dreams", "night")
    assert m["n1"].domain == "default"


@pytest.mark.parametrize("marker", [True, False])
def test_dir_flat_and_nested(tmp_path, marker):
    flat = read_store(make_dir_soul(tmp_path / "flat.soul", LAYERS))
    assert flat.kind == "soul-dir" and set(by_id(flat)) == {"e1", "e2", "e3", "s1", "p1", "o1"}
    nested = {("episodic", "default"): [entry("n1", "Maya joined Acme Corp")],
              ("semantic", "finance"): [entry("n2", "Q3 revenue up", "semantic")]}
    d = make_dir_soul(tmp_path / "nested.soul", nested=nested)
    if not marker:  # soul-protocol's rule: a layer folder alone means nested
        (d / "memory" / "_layout.json").unlink()
    m = by_id(read_store(d))
    assert (m["n2"].layer, m["n2"].domain) == ("semantic", "finance")


def test_duplicate_ids_across_flat_and_nested_are_read_once(tmp_path):
    members = soul_members(LAYERS)
    members["memory/episodic/default/entries.json"] = members["memory/episodic.json"]
    st = read_store(write_zip(tmp_path / "d.soul", members))
    ids = [m.id for m in st.memories]
    assert len(ids) == len(set(ids)) == 6


def test_zip_reader_never_opens_keys(tmp_path, monkeypatch):
    p = make_zip_soul(tmp_path / "k.soul", LAYERS)
    opened = []
    real_open = zipfile.ZipFile.open

    def spy(self, name, *a, **kw):
        opened.append(name if isinstance(name, str) else name.filename)
        return real_open(self, name, *a, **kw)

    monkeypatch.setattr(zipfile.ZipFile, "open", spy)
    read_store(p)
    assert opened and not [n for n in opened if n.startswith("keys/")]
    assert set(opened) <= {"manifest.json", "memory/graph.json", "memory/episodic.json",
                           "memory/semantic.json", "memory/procedural.json", "memory/social.json"}


def test_dir_reader_never_opens_keys(tmp_path):
    d = make_dir_soul(tmp_path / "k.soul", LAYERS)
    key = d / "keys" / "private.key"
    os.unlink(key)
    os.mkfifo(key)  # opening a FIFO for reading would block: the reader must not touch it
    st = read_store(d)
    assert len(st.memories) == 6


# --------------------------------------------------------------------------- bad input


def test_missing_path(tmp_path):
    code, _, err = run("repair", "--rebuild-graph", tmp_path / "nope.soul")
    assert code == 2 and "no such file" in err and err.count("\n") == 1


def test_not_a_soul_file(tmp_path):
    p = tmp_path / "x.soul"
    p.write_bytes(b"hello, not a zip " + SECRET.encode())
    assert_refused(p, "not a soul")


def test_zip_without_soul_json(tmp_path):
    p = write_zip(tmp_path / "x.soul", {"readme.txt": SECRET.encode()})
    assert_refused(p, "no soul.json")


def test_folder_without_soul_json(tmp_path):
    d = tmp_path / "x.soul"
    (d / "memory").mkdir(parents=True)
    (d / "memory" / "episodic.json").write_text("[]")
    assert_refused(d, "no soul.json")


def test_corrupt_zip(tmp_path):
    p = make_zip_soul(tmp_path / "c.soul", LAYERS)
    data = bytearray(p.read_bytes())
    cd = data.rfind(b"PK\x01\x02")
    data[cd:cd + 4] = b"XXXX"  # break the central directory
    p.write_bytes(bytes(data))
    assert_refused(p, "corrupt")


def test_corrupt_member_crc(tmp_path):
    p = make_zip_soul(tmp_path / "c.soul", LAYERS)
    with zipfile.ZipFile(p) as zf:
        info = zf.getinfo("memory/episodic.json")
    data = bytearray(p.read_bytes())
    start = info.header_offset + 30 + len(info.filename) + 10
    data[start] ^= 0xFF
    p.write_bytes(bytes(data))
    assert_refused(p, "corrupt")


@pytest.mark.parametrize("keep", [0.3, 0.6, 0.95])
def test_truncated_zip(tmp_path, keep):
    p = make_zip_soul(tmp_path / "t.soul", LAYERS)
    data = p.read_bytes()
    p.write_bytes(data[: int(len(data) * keep)])
    assert_refused(p, "truncated")


def test_encrypted_soul_by_manifest_and_enc_members(tmp_path):
    members = {("soul.json.enc" if k == "soul.json" else k): v for k, v in soul_members(LAYERS).items()}
    p = write_zip(tmp_path / "e.soul", members)
    assert_refused(p, "encrypted")
    p2 = make_zip_soul(tmp_path / "e2.soul", LAYERS, manifest={"encrypted": True})
    assert_refused(p2, "encrypted")
    d = make_dir_soul(tmp_path / "e3.soul", LAYERS)
    (d / "memory" / "episodic.json.enc").write_bytes(b"\x00" * 16)
    assert_refused(d, "encrypted")


def test_malformed_layer_json_names_member(tmp_path):
    members = soul_members(LAYERS)
    members["memory/semantic.json"] = b'[{"id": "s1", "content": "' + SECRET.encode() + b'",}]'
    err = assert_refused(write_zip(tmp_path / "m.soul", members), "memory/semantic.json", "invalid JSON")
    assert SECRET not in err


@pytest.mark.parametrize("missing", ["id", "content"])
def test_memory_without_id_or_content(tmp_path, missing):
    bad = entry("x1", SECRET)
    del bad[missing]
    layers = {**LAYERS, "social": [bad]}
    assert_refused(make_zip_soul(tmp_path / "m.soul", layers), f"no '{missing}'", "memory/social.json")
    assert_refused(make_dir_soul(tmp_path / "m2.soul", layers), f"no '{missing}'")


def test_non_utf8_layer(tmp_path):
    members = soul_members(LAYERS)
    members["memory/episodic.json"] = b'[{"id": "x", "content": "caf\xe9 ' + SECRET.encode() + b'"}]'
    assert_refused(write_zip(tmp_path / "u.soul", members), "UTF-8", "memory/episodic.json")


def test_wrong_types(tmp_path):
    layers = {"episodic": [entry("x", "fine"), {"id": "y", "content": ["not", "text"]}]}
    assert_refused(make_zip_soul(tmp_path / "w.soul", layers), "'content' must be a string", "entry 2")
    members = soul_members(LAYERS)
    members["memory/episodic.json"] = b'{"not": "a list"}'
    assert_refused(write_zip(tmp_path / "w2.soul", members), "expected a list")


@pytest.mark.parametrize("name", ["../evil.json", "/etc/passwd", "memory/../../x.json", "C:/x.json",
                                  "memory\\..\\..\\x.json"])
def test_zip_slip_names_refused(tmp_path, name):
    members = list(soul_members(LAYERS).items()) + [(name, SECRET.encode())]
    assert_refused(write_zip(tmp_path / "s.soul", members), "unsafe ZIP member name")


def test_duplicate_member_names_refused(tmp_path):
    members = list(soul_members(LAYERS).items())
    members.insert(5, ("memory/episodic.json", b'[{"id": "evil", "content": "shadow"}]'))
    with pytest.warns(UserWarning):
        p = write_zip(tmp_path / "d.soul", members)
    assert_refused(p, "duplicate ZIP member")


def test_member_names_equal_once_normalised_refused(tmp_path):
    """Two spellings of one name (NFC "é" and "e" + combining accent) are one member to a
    reader that normalises names: refused as a duplicate, as an exact repeat is."""
    members = list(soul_members(LAYERS).items())
    members += [("memory/caf\u00e9/x/entries.json", b"[]"), ("memory/cafe\u0301/x/entries.json", b"[]")]
    assert_refused(write_zip(tmp_path / "n.soul", members), "duplicate ZIP member")
    assert read_store(write_zip(tmp_path / "ok.soul", members[:-1])).memories


def test_zip_bomb_ratio_refused_before_extracting(tmp_path, monkeypatch):
    members = soul_members(LAYERS)
    members["memory/episodic.json"] = b"[" + b" " * (20 * 1024 * 1024) + b"]"  # ~1000:1
    p = write_zip(tmp_path / "b.soul", members)
    decompressed = []
    real_open = zipfile.ZipFile.open
    monkeypatch.setattr(zipfile.ZipFile, "open",
                        lambda self, n, *a, **k: decompressed.append(n) or real_open(self, n, *a, **k))
    with pytest.raises(SoulgraphError, match="compression ratio .* ZIP bomb"):
        read_store(p)
    assert decompressed == []  # refused from the central directory alone
    monkeypatch.undo()
    assert_refused(p, "ZIP bomb")


def test_zip_bomb_total_size_limit_is_configurable(tmp_path, monkeypatch):
    p = make_zip_soul(tmp_path / "t.soul", LAYERS)
    total = sum(i.file_size for i in zipfile.ZipFile(p).infolist())
    with pytest.raises(SoulgraphError, match="expand to more than"):
        soul_zip.read(p, Limits(max_total_bytes=total - 1))
    assert soul_zip.read(p, Limits(max_total_bytes=total)).memories
    monkeypatch.setenv("SOULGRAPH_MAX_TOTAL_BYTES", str(total - 1))
    assert_refused(p, "ZIP bomb")


def _cd_record(data: bytes, name: str) -> int:
    pos = data.find(b"PK\x01\x02")
    while pos != -1:
        n = int.from_bytes(data[pos + 28:pos + 30], "little")
        if data[pos + 46:pos + 46 + n] == name.encode():
            return pos
        pos = data.find(b"PK\x01\x02", pos + 1)
    raise AssertionError(name)


def test_member_lying_about_its_size(tmp_path):
    p = make_zip_soul(tmp_path / "l.soul", LAYERS)
    with zipfile.ZipFile(p) as zf:
        info = zf.getinfo("memory/episodic.json")
    data = bytearray(p.read_bytes())
    small = (10).to_bytes(4, "little")
    data[info.header_offset + 22:info.header_offset + 26] = small  # local header: uncompressed size
    cd = _cd_record(bytes(data), "memory/episodic.json")
    data[cd + 24:cd + 28] = small  # central directory: uncompressed size
    p.write_bytes(bytes(data))
    assert_refused(p, "corrupt")


def test_symlink_escape_in_soul_folder(tmp_path):
    outside = tmp_path / "outside.json"
    outside.write_text('[{"id": "x", "content": "' + SECRET + '"}]')
    d = make_dir_soul(tmp_path / "s.soul", LAYERS)
    (d / "memory" / "episodic.json").unlink()
    (d / "memory" / "episodic.json").symlink_to(outside)
    assert_refused(d, "symlink pointing outside")
    d2 = make_dir_soul(tmp_path / "s2.soul", nested={("episodic", "default"): [entry("a", "x")]})
    (tmp_path / "elsewhere").mkdir()
    (d2 / "memory" / "semantic").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert_refused(d2, "symlink pointing outside")


def test_symlink_inside_soul_folder_is_fine(tmp_path):
    d = make_dir_soul(tmp_path / "s.soul", LAYERS)
    (d / "memory" / "semantic.json").unlink()
    (d / "memory" / "semantic.json").symlink_to(d / "memory" / "social.json")
    assert "o1" in by_id(read_store(d))


def test_member_names_with_control_and_rtl_characters_are_escaped(tmp_path):
    members = list(soul_members(LAYERS).items()) + [("../\u202eevil\x1b[31m.json", b"x")]
    p = write_zip(tmp_path / "r.soul", members)
    err = assert_refused(p, "unsafe")
    assert "\x1b" not in err and "\u202e" not in err


def test_empty_soul_reads_zero_memories(tmp_path):
    st = read_store(make_zip_soul(tmp_path / "e.soul", {}))
    assert st.memories == []


def test_write_dir_helper_has_no_manifest(tmp_path):
    d = write_dir(tmp_path / "w.soul", soul_members(LAYERS))
    assert not (d / "manifest.json").exists()
    assert (d / "keys" / "private.key").read_bytes() == PRIVATE_KEY
