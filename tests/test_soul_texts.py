"""A graph written into a soul keeps no copy of the memories' texts (the soul holds them):
readers lend each record its memory's text back, only while it is the text the graph was
built from. A graph written to its own file (``--out``) keeps the texts: it stands alone."""

from __future__ import annotations

import copy
import json
import zipfile
from pathlib import Path

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st
from soulkit import entry, make_dir_soul, make_zip_soul, snapshot, soul_members, write_zip, zip_members

from soulgraph import api, locate, pipeline
from soulgraph.hashing import content_hash
from soulgraph.models import Memory
from soulgraph.readwrite import nodelink, soulproto
from soulgraph.sources import read_store

TEXTS = {
    "m1": "User: Priya Raman moved to Lisbon in April to work at Acme Corp.",
    "m2": "User: Priya Raman uses Grafana for the billing dashboards.",
    "m3": "User: Tomasz Wierzbicki plays chess with Priya Raman on Sundays in Porto.",
}
LAYERS = {"episodic": [entry(mid, text, created_at=f"2026-04-0{i}T09:00:00")
                       for i, (mid, text) in enumerate(TEXTS.items(), 1)]}
EDITED = "User: Priya Raman left Lisbon; she now builds Kestrel with Jonas at Globex in Oslo."


def _soul(tmp_path: Path, kind: str) -> Path:
    make = make_zip_soul if kind == "zip" else make_dir_soul
    return make(tmp_path / ("me.soul" if kind == "zip" else "me"), LAYERS)


def _graph_json(soul: Path) -> bytes:
    if soul.is_dir():
        return (soul / "memory" / "graph.json").read_bytes()
    with zipfile.ZipFile(soul) as zf:
        return zf.read("memory/graph.json")


def _records(raw: bytes) -> list[dict]:
    return orjson.loads(raw)["soulgraph"]["graph"]["memories"]


def _edit(soul: Path, layers: dict) -> None:
    """Rewrite the soul's episodic layer, as the agent saving memories would."""
    data = json.dumps(layers["episodic"], indent=2).encode()
    if soul.is_dir():
        (soul / "memory" / "episodic.json").write_bytes(data)
        return
    members = zip_members(soul)
    members["memory/episodic.json"] = data
    write_zip(soul, members)


def _explained(cli, source: Path, name: str) -> dict:
    r = cli("explain", source, name, "--json", "--sentences", "9")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_a_repaired_soul_keeps_records_but_no_memory_text(tmp_path, cli, kind):
    soul = _soul(tmp_path, kind)
    r = cli("repair", "--rebuild-graph", soul, "--extractor", "regex")
    assert r.returncode == 0, r.stderr
    raw = _graph_json(soul)
    for text in TEXTS.values():
        assert json.dumps(text)[1:-1].encode() not in raw
    recs = {r["id"]: r for r in _records(raw)}
    assert set(recs) == set(TEXTS)
    for mid, text in TEXTS.items():  # all that update and health read: id, hash, time, layer
        assert "text" not in recs[mid]
        assert recs[mid]["hash"] == content_hash(text) and recs[mid]["layer"] == "episodic"
        assert recs[mid]["created_at"].startswith("2026-04-0")
    # every reader gets the texts back: the records of the same graph written to its own file
    out = tmp_path / "g.json"
    assert cli("repair", "--rebuild-graph", soul, "--out", out, "--extractor", "regex").returncode == 0
    assert api.load(soul).graph["memories"] == _records_of_file(out)
    hit = json.loads(cli("recall", soul, "Who plays chess in Porto?", "-k", "1", "--json").stdout)
    assert hit["results"][0]["text"] == TEXTS["m3"]


def test_a_soul_folders_graph_file_opened_alone_gets_its_texts(tmp_path, cli):
    soul = _soul(tmp_path, "dir")
    assert cli("repair", "--rebuild-graph", soul, "--extractor", "regex").returncode == 0
    said = _explained(cli, soul, "Priya Raman")["sentences"]
    assert said and _explained(cli, soul / "memory" / "graph.json", "Priya Raman")["sentences"] == said
    link = tmp_path / "link.json"  # a link named otherwise reaches the soul's own graph.json
    link.symlink_to(soul / "memory" / "graph.json")
    assert _explained(cli, link, "Priya Raman")["sentences"] == said
    copy = tmp_path / "elsewhere.json"  # the same bytes outside its soul: nothing to lend them
    copy.write_bytes((soul / "memory" / "graph.json").read_bytes())
    assert {s["sentence"] for s in _explained(cli, copy, "Priya Raman")["sentences"]} <= {""}
    r = cli("recall", copy, "Who plays chess in Porto?", "-k", "1")
    assert r.returncode == 0 and "keeps no memory texts" in r.stderr and len(r.stderr.splitlines()) == 1
    assert "keeps no memory texts" not in cli("recall", link, "Who plays chess?", "-k", "1").stderr


def test_out_graphs_keep_their_texts_and_explain_the_same_as_the_soul(tmp_path, cli):
    soul = _soul(tmp_path, "zip")
    out = tmp_path / "g.json"
    jsonl = tmp_path / "m.jsonl"
    jsonl.write_text("".join(json.dumps({"id": k, "content": v}) + "\n" for k, v in TEXTS.items()))
    for args in (("repair", "--rebuild-graph", soul, "--out", out), ("repair", "--rebuild-graph", soul),
                 ("repair", "--rebuild-graph", jsonl)):
        r = cli(*args, "--extractor", "regex")
        assert r.returncode == 0, r.stderr
    for graph in (out, tmp_path / "m.jsonl.graph.json"):
        assert {r["id"]: r["text"] for r in _records_of_file(graph)} == TEXTS
    said = _explained(cli, soul, "Priya Raman")["sentences"]
    assert said and said == _explained(cli, out, "Priya Raman")["sentences"]


def _records_of_file(path: Path) -> list[dict]:
    return orjson.loads(path.read_bytes())["graph"]["memories"]


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_a_memory_edited_after_the_repair_lends_no_stale_sentence(tmp_path, cli, kind):
    soul = _soul(tmp_path, kind)
    assert cli("repair", "--rebuild-graph", soul, "--extractor", "regex").returncode == 0
    layers = {"episodic": [dict(e, content=EDITED) if e["id"] == "m1" else e for e in LAYERS["episodic"]]}
    _edit(soul, layers)
    texts = {r["id"]: r.get("text") for r in api.load(soul).graph["memories"]}
    assert texts == {"m1": None, "m2": TEXTS["m2"], "m3": TEXTS["m3"]}  # changed: nothing lent
    said = [s["sentence"] for s in _explained(cli, soul, "Priya Raman")["sentences"]]
    assert TEXTS["m3"].removeprefix("User: ") in said  # the unchanged memory still explains
    assert not any(word in s for s in said for word in ("Kestrel", "Globex", "Oslo", "left"))
    r = cli("update", soul, "--extractor", "regex", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["stats"]["changed"] == ["m1"]
    raw = _graph_json(soul)
    assert b"Kestrel" in raw and json.dumps(EDITED)[1:-1].encode() not in raw  # a name, no text
    assert {r["id"]: r.get("text") for r in api.load(soul).graph["memories"]}["m1"] == EDITED


def test_a_deleted_memory_leaves_no_text_in_the_soul(tmp_path, cli):
    soul = _soul(tmp_path, "zip")
    assert cli("repair", "--rebuild-graph", soul, "--extractor", "regex").returncode == 0
    _edit(soul, {"episodic": [e for e in LAYERS["episodic"] if e["id"] != "m3"]})
    assert b"chess" not in _graph_json(soul)  # (main kept it until the next rebuild)
    r = cli("health", soul, "--json")
    assert json.loads(r.stdout)["stale"]["deleted"] == ["m3"]
    assert cli("update", soul, "--extractor", "regex").returncode == 0
    assert b"m3" not in _graph_json(soul) and b"Tomasz" not in _graph_json(soul)


def test_an_older_soul_whose_graph_holds_texts_still_reads_them(tmp_path, cli):
    """Graphs written into souls before this change keep each text: read as they are (the
    graph's own texts, which its spans point into), edited memory or not."""
    memories = [Memory(id=k, content=v) for k, v in TEXTS.items()]
    g = pipeline.rebuild(memories, extractor="regex").graph
    old = {**soulproto.to_soul(g), "soulgraph": nodelink.to_data(g)}  # the texts kept, as before
    assert all(r["text"] for r in old["soulgraph"]["graph"]["memories"])
    soul = write_zip(tmp_path / "old.soul", soul_members(
        {"episodic": [dict(e, content=EDITED) if e["id"] == "m1" else e for e in LAYERS["episodic"]]},
        graph=old))
    assert {r["id"]: r["text"] for r in api.load(soul).graph["memories"]} == TEXTS
    said = [s["sentence"] for s in _explained(cli, soul, "Priya Raman")["sentences"]]
    assert TEXTS["m1"].removeprefix("User: ") in said


@pytest.mark.parametrize("kind", ["zip", "dir"])
def test_an_older_up_to_date_soul_read_only_stays_unchanged_writable_loses_its_texts(tmp_path, cli, kind):
    """A soul whose graph an earlier version wrote with the texts, and which is otherwise up to
    date: read-only, update and repair say "unchanged" (exit 0) as they did, its bytes alone;
    writable, its next write leaves the texts out."""
    g = pipeline.rebuild(read_store(_soul(tmp_path, kind)).memories, extractor="regex").graph
    old = {**soulproto.to_soul(g), "soulgraph": nodelink.to_data(g)}  # the texts kept, as before
    make = make_zip_soul if kind == "zip" else make_dir_soul
    for mode in ("ro", "rw"):
        soul = make(tmp_path / f"{mode}-{kind}", LAYERS, graph=old)
        locked = soul if kind == "zip" else soul / "memory" / "graph.json"
        if mode == "ro":
            locked.chmod(0o444)
        before = snapshot(soul)
        for args in (("update", soul), ("repair", "--rebuild-graph", soul)):
            r = cli(*args, "--extractor", "regex")
            assert r.returncode == 0, r.stderr
            assert "unchanged" in r.stdout or (mode, args[0]) == ("rw", "update"), r.stdout
        assert (snapshot(soul) == before) == (mode == "ro")
        assert (b'"text"' in _graph_json(soul)) == (mode == "ro")


def test_lend_texts_only_where_the_hash_matches():
    g = pipeline.rebuild([Memory(id=k, content=v) for k, v in TEXTS.items()], extractor="regex").graph
    g.graph["memories"] = nodelink.without_texts(g.graph["memories"]) + ["odd", {"id": "x"}]
    store = [Memory(id="m1", content=TEXTS["m1"]), Memory(id="m2", content=TEXTS["m2"] + " "),
             Memory(id="x", content="no hash recorded")]
    locate.lend_texts(g, store)
    recs = {r["id"]: r.get("text") for r in g.graph["memories"] if isinstance(r, dict)}
    assert recs == {"m1": TEXTS["m1"], "m2": None, "m3": None, "x": None}


_VALUES = st.one_of(st.none(), st.text(max_size=4), st.integers())
_RECORD = st.dictionaries(st.sampled_from(["id", "text", "hash", "layer", "te xt"]), _VALUES, max_size=5)


@given(st.one_of(st.lists(_RECORD, max_size=6), st.lists(st.one_of(_RECORD, _VALUES), max_size=6),
                 _VALUES))
def test_without_texts_equals_a_plain_reference(records):
    before = copy.deepcopy(records)
    want = [{k: v for k, v in r.items() if k != "text"} if type(r) is dict else r
            for r in records] if type(records) is list else records
    got = nodelink.without_texts(records)
    assert got == want
    if type(records) is list:  # (the same key order too: the soul's graph.json bytes)
        assert [list(r) if type(r) is dict else r for r in got] == [
            list(r) if type(r) is dict else r for r in want]
        assert all(g is not r for g, r in zip(got, records, strict=True) if type(r) is dict)
    assert records == before  # the graph's own records are left as they are
