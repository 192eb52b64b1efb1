"""JSONL / JSON-array files and text folders: hardening, huge memories, streaming."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from datetime import datetime

import orjson
import pytest
from typer.testing import CliRunner

from soulgraph.cli import app
from soulgraph.errors import SoulgraphError
from soulgraph.models import Memory
from soulgraph.sources import jsonl, read_store
from soulgraph.sources.limits import Limits

SECRET = "Zanzibar-rendezvous-4471"


def run(*args):
    r = CliRunner().invoke(app, [str(a) for a in args])
    return r.exit_code, r.stdout, r.stderr


def assert_refused(path, *needles):
    before = path.read_bytes() if path.is_file() else None
    code, out, err = run("repair", "--rebuild-graph", path, "--extractor", "regex",
                         "--out", path.parent / "g.json")
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and err.startswith("soulgraph: error: "), err
    for n in needles:
        assert n.lower() in err.lower(), err
    assert SECRET not in err and SECRET not in out
    if before is not None:
        assert path.read_bytes() == before
    assert not (path.parent / "g.json").exists()
    return err


def lines(*rows) -> bytes:
    return b"".join((r if isinstance(r, bytes) else orjson.dumps(r)) + b"\n" for r in rows)


# --------------------------------------------------------------------------- JSONL / JSON


def test_jsonl_fields_extras_and_envelopes(tmp_path):
    p = tmp_path / "m.jsonl"
    p.write_bytes(b"\xef\xbb\xbf" + lines(
        {"id": 7, "content": "User: I moved to Oslo\nAgent: Nice!", "created_at": "2026-01-02T10:00:00",
         "mood": "happy"},
        b"",
        {"id": "b", "content": "tab\there \u0001 bell \u202eRTL", "speaker": "Riley", "superseded_by": "c"},
    ))
    st = read_store(p)
    a, b = st.memories
    assert (a.id, a.created_at, a.extra) == ("7", "2026-01-02T10:00:00", {"mood": "happy"})
    assert [s.speaker for s in a.segments] == ["User", "Agent"]
    assert b.content == "tab\there \u0001 bell \u202eRTL" and b.superseded and b.speaker == "Riley"
    assert st.kind == "jsonl" and len(st.fingerprint) == 64


def test_json_array(tmp_path):
    p = tmp_path / "m.json"
    p.write_text(json.dumps([{"id": "a", "content": "x"}, {"id": "b", "content": "y"}]))
    assert [m.id for m in read_store(p).memories] == ["a", "b"]
    p.write_text(json.dumps({"id": "a", "content": SECRET}))
    assert_refused(p, "expected a JSON array")


@pytest.mark.parametrize("n", [1, 3, 17])
def test_invalid_json_on_line_n_names_the_line(tmp_path, n):
    rows = [{"id": f"m{i}", "content": f"fine {i}"} for i in range(20)]
    raw = lines(*rows).split(b"\n")
    raw[n - 1] = b'{"id": "bad", "content": "' + SECRET.encode() + b'",}'
    p = tmp_path / "m.jsonl"
    p.write_bytes(b"\n".join(raw))
    err = assert_refused(p, f"line {n}:", "invalid JSON")
    assert f"line {n}: invalid" in err


@pytest.mark.parametrize("row,needle", [
    ({"content": SECRET}, "no 'id'"),
    ({"id": "a"}, "no 'content'"),
    ({"id": "a", "content": None}, "no 'content'"),
    ({"id": "a", "content": 42}, "'content' must be a string, got a number"),
    ({"id": ["a"], "content": SECRET}, "'id' must be a string"),
    ({"id": True, "content": SECRET}, "'id' must be a string"),
    ({"id": "a", "content": SECRET, "created_at": {"t": 1}}, "'created_at' must be"),
    ({"id": "a", "content": SECRET, "speaker": 5}, "field speaker"),
    ({"id": "", "content": SECRET}, "field id"),
    (["id", SECRET], "expected an object, got an array"),
])
def test_wrong_types_one_line(tmp_path, row, needle):
    p = tmp_path / "m.jsonl"
    p.write_bytes(lines({"id": "ok", "content": "fine"}, row))
    assert_refused(p, needle, "line 2")


def test_non_utf8_jsonl_and_raw_control_chars(tmp_path):
    p = tmp_path / "m.jsonl"
    p.write_bytes(lines({"id": "ok", "content": "fine"}) + b'{"id": "x", "content": "caf\xe9"}\n')
    assert_refused(p, "line 2", "UTF-8")
    p.write_bytes(b'{"id": "x", "content": "raw\x01ctl ' + SECRET.encode() + b'"}\n')
    assert_refused(p, "line 1", "invalid JSON")
    p.write_bytes(b'{"id": "x", "content": "lone \\ud800 surrogate"}\n')
    assert_refused(p, "line 1")


def test_duplicate_ids_refused(tmp_path):
    p = tmp_path / "m.jsonl"
    p.write_bytes(lines({"id": "a", "content": "x"}, {"id": "a", "content": SECRET}))
    assert_refused(p, "duplicate memory id")


def test_line_limit(tmp_path):
    p = tmp_path / "m.jsonl"
    p.write_bytes(lines({"id": "a", "content": "x" * 5000}))
    with pytest.raises(SoulgraphError, match="line 1: longer than the limit"):
        jsonl.read(p, Limits(max_line_bytes=1000))
    assert jsonl.read(p, Limits(max_line_bytes=6000)).memories[0].content == "x" * 5000


def test_50mb_single_memory(tmp_path):
    text = ("Arjun uses Python at Acme Corp. " * (50 * 1024 * 1024 // 32 + 1))[: 50 * 1024 * 1024]
    p = tmp_path / "big.jsonl"
    p.write_bytes(lines({"id": "big", "content": text}, {"id": "small", "content": "ok"}))
    st = read_store(p)
    assert len(st.memories[0].content) == 50 * 1024 * 1024 and st.memories[1].id == "small"


_STREAM = textwrap.dedent("""
    import sys
    from pathlib import Path
    from soulgraph.sources.jsonl import iter_jsonl
    n = 0
    for m in iter_jsonl(Path(sys.argv[1])):
        n += 1
    # VmHWM: this process's peak RSS (ru_maxrss would include the forking parent's peak)
    hwm = next(l for l in open("/proc/self/status") if l.startswith("VmHWM"))
    print(n, int(hwm.split()[1]) // 1024)
""")


@pytest.mark.parametrize("count", [
    40_000,
    pytest.param(2_000_000, marks=pytest.mark.skipif(not os.environ.get("SOULGRAPH_SOAK"),
                                                     reason="soak: SOULGRAPH_SOAK=1")),
])
def test_many_memories_streamed_with_bounded_memory(tmp_path, count):
    """A file far bigger than the reader's footprint streams through: memory does not grow with it."""
    p = tmp_path / "many.jsonl"
    pad = "x" * (1600 if count < 100_000 else 100)  # soak: 2M lines, ~250 MB
    with p.open("wb") as fh:
        for i in range(0, count, 10_000):
            fh.write(b"".join(b'{"id":"m%d","content":"note %d %s"}\n' % (j, j, pad.encode())
                              for j in range(i, min(i + 10_000, count))))
    size_mb = p.stat().st_size // 2**20
    r = subprocess.run([sys.executable, "-c", _STREAM, str(p)], capture_output=True, text=True, check=True)
    n, rss_mb = map(int, r.stdout.split())
    assert n == count
    assert size_mb > 60 and rss_mb < size_mb, (size_mb, rss_mb)  # peak memory below the file size


# --------------------------------------------------------------------------- text folders


def test_textdir_reads_txt_and_md(tmp_path):
    d = tmp_path / "notes"
    (d / "sub").mkdir(parents=True)
    (d / "a.txt").write_text("Maya works at Acme Corp.")
    (d / "sub" / "b.md").write_text("# Trip\nRiley flew to Lisbon.")
    (d / "ignored.json").write_text("{}")
    (d / ".hidden.txt").write_text("no")
    (d / ".git").mkdir()
    (d / ".git" / "c.txt").write_text("no")
    os.utime(d / "a.txt", (1_700_000_000, 1_700_000_000))
    st = read_store(d)
    assert st.kind == "textdir"
    assert [m.id for m in st.memories] == ["a.txt", "sub/b.md"]
    a = st.memories[0]
    assert a.content == "Maya works at Acme Corp."
    assert datetime.fromisoformat(a.created_at).timestamp() == 1_700_000_000
    assert a.created_at.endswith("+00:00")


def test_textdir_non_utf8_names_the_file(tmp_path):
    d = tmp_path / "notes"
    d.mkdir()
    (d / "good.txt").write_text("fine")
    (d / "bad.md").write_bytes(b"caf\xe9 " + SECRET.encode())
    err = assert_refused(d, "bad.md", "not valid UTF-8")
    assert "good.txt" not in err


def test_textdir_symlink_escape_refused(tmp_path):
    d = tmp_path / "notes"
    d.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET)
    (d / "link.txt").symlink_to(secret)
    assert_refused(d, "symlink pointing outside")


def test_empty_folder_is_not_a_store(tmp_path):
    d = tmp_path / "empty"
    d.mkdir()
    assert_refused(d, "no memories found")


def test_hostile_file_names_are_escaped_in_errors(tmp_path):
    d = tmp_path / "notes"
    d.mkdir()
    (d / "ok.txt").write_text("fine")
    (d / "\u202eevil\x1b[2J.txt").write_bytes(b"\xff\xfe binary")
    err = assert_refused(d, "not valid UTF-8", "\\u202eevil\\x1b[2J.txt")
    assert "\x1b" not in err and "\u202e" not in err


def _state(m):
    return (m.__dict__, m.__pydantic_fields_set__, m.__pydantic_extra__, m.__pydantic_private__)


@pytest.mark.parametrize("row", [
    {"id": 7, "content": "User: I moved to Oslo\nAgent: Nice!", "created_at": "2026-01-02T10:00:00",
     "mood": "happy", "layer": None},
    {"id": "b", "content": "no turns here", "speaker": "Riley", "superseded_by": "c", "domain": "work"},
    {"id": "c", "content": "Riley: hi", "speaker": "Riley", "layer": "semantic", "created_at": 1700000000},
    {"id": "d", "content": "", "superseded": True, "segments": "kept as an extra"},
    {"id": "e", "content": "Ana: hi\nBo: yo", "created_at": 1.5, "speaker": None, "domain": None,
     "superseded": 0, "superseded_by": None, "extra": {"nested": [1]}},
])
@pytest.mark.parametrize("place", [(None, None), ("episodic", None), ("procedural", "coding")])
def test_to_memory_builds_what_validation_builds(row, place):
    """The reader's checked construction leaves the same instance as pydantic's validation
    followed by the soul's layer and domain: values, fields set, speaker segments."""
    layer, domain = place
    fields = {k: row[k] for k in jsonl._KNOWN if k in row and row[k] is not None}
    fields["id"] = str(row["id"])
    if "created_at" in fields:
        fields["created_at"] = str(fields["created_at"])
    fields["superseded"] = bool(row.get("superseded") or row.get("superseded_by"))
    fields["extra"] = {k: v for k, v in row.items() if k not in jsonl._KNOWN}
    want = Memory(**fields)
    if layer is not None:
        want.layer = layer
    if domain is not None:
        want.domain = domain
    got = jsonl.to_memory(dict(row), "test", layer, domain)
    assert _state(got) == _state(want)
    assert _state(jsonl.checked_memory(dict(row), layer, domain)) == _state(want)
    assert got == want and got.model_dump() == want.model_dump()


def test_soul_layer_replaces_only_a_valid_entry_layer():
    """An entry's own invalid field is refused even where the soul's layer file would replace it."""
    with pytest.raises(SoulgraphError, match="field layer"):
        jsonl.to_memory({"id": "a", "content": "x", "layer": 5}, "test", "episodic")
    m = jsonl.to_memory({"id": "a", "content": "x", "layer": "old"}, "test", "episodic")
    assert m.layer == "episodic"


def test_checked_memories_build_what_checked_memory_builds():
    """A soul layer's entries checked column by column give each entry's checked_memory, in the
    same instance state; any entry the one-by-one path must convert or refuse sends the
    whole list there (None)."""
    rows = [
        {"id": "a", "content": "User: I moved to Oslo\nAgent: Nice!", "created_at": "2026-01-02T10:00:00",
         "mood": "happy", "layer": None, "entities": [], "superseded_by": None},
        {"id": "b", "content": "no turns here", "speaker": "Riley", "superseded_by": "c", "domain": "work"},
        {"id": "c", "content": "Riley: hi", "speaker": "Riley", "layer": "semantic", "superseded": False},
        {"id": "d", "content": "", "superseded": True, "segments": "kept as an extra"},
        {"content": "Ana: hi", "id": "e", "created_at": None, "speaker": None, "domain": None,
         "superseded": 0, "extra": {"nested": [1]}},
        {"id": "f", "content": "[Bo] yo\r", "superseded": 1},
    ]
    for place in [(None, None), ("episodic", None), ("procedural", "coding")]:
        got = jsonl.checked_memories([dict(r) for r in rows], *place)
        want = [jsonl.checked_memory(dict(r), *place) for r in rows]
        assert [_state(m) for m in got] == [_state(m) for m in want]
        assert got == want
    assert jsonl.checked_memories([]) == []
    # every entry holding the same optional fields (a soul's layer file), or not: the fields set
    # of each is its own copy, as checked_memory makes it
    import random

    rng = random.Random(5)
    opts = {"created_at": "2026-01-02T10:00:00", "layer": "semantic", "domain": "work", "speaker": "Bo"}
    texts = ["Bo: hi", "plain words", "Ana: a\nBo: b", "", "[Bo] yo"]
    for _ in range(300):
        held = {k: rng.random() < 0.5 for k in opts}
        mixed = rng.random() < 0.3
        batch = [{"id": f"m{i}", "content": rng.choice(texts),
                  **{k: v for k, v in opts.items() if held[k] != (mixed and rng.random() < 0.5)}}
                 for i in range(rng.randint(1, 6))]
        place = rng.choice([(None, None), ("episodic", None), ("procedural", "coding")])
        got = jsonl.checked_memories([dict(r) for r in batch], *place)
        want = [jsonl.checked_memory(dict(r), *place) for r in batch]
        assert [_state(m) for m in got] == [_state(m) for m in want]
        assert len({id(m.__pydantic_fields_set__) for m in got}) == len(got)
        # parsed by orjson, as a soul's layer file is (rows sharing their key objects, keys in
        # any order, the first row without some): the same memories, extras in their order
        text = json.dumps([{"mood": i, **r, "tags": []} if i % 2 else {**r, "mood": i}
                           for i, r in enumerate(batch[::-1] if mixed else batch)])
        got = jsonl.checked_memories(orjson.loads(text), *place)
        want = [jsonl.checked_memory(r, *place) for r in orjson.loads(text)]
        assert [_state(m) for m in got] == [_state(m) for m in want]
        assert [list(m.extra) for m in got] == [list(m.extra) for m in want]
    for bad in ({"id": 7, "content": "x"}, {"id": "", "content": "x"}, {"id": "x", "content": 3},
                {"id": "x", "content": "y", "created_at": 1700000000},
                {"id": "x", "content": "y", "layer": 5},
                {"id": "x", "content": "y", "speaker": ["a"]}, {"content": "y"}, ["x"], None):
        assert jsonl.checked_memories([dict(rows[0]), bad]) is None
