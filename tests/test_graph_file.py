"""The graph file (soulgraph/3): provenance as memory ids plus columns (one table for most
nodes, one for most edges, whole numbers packed), dicts again on load, built only when read;
soulgraph/2 (a JSON number per row) and soulgraph/1 files (a dict per entry) still load."""

from __future__ import annotations

import copy
import json
import pickle

import networkx as nx
import orjson
import pytest

from soulgraph import health, pipeline
from soulgraph.errors import SoulgraphError
from soulgraph.models import Memory
from soulgraph.query import GraphView
from soulgraph.readwrite import columns, nodelink

TEXTS = [
    "Maya is building Soul Protocol with Claude Code at Acme Corp.",
    "Riley said she moved to Lisbon last spring. Riley loves Lisbon.",
    "User: I reviewed PR #1628 for Soul Protocol today, Maya asked for a migration note.",
    "Acme Corp hired Riley; Maya and Riley use Python and Docker.",
]


@pytest.fixture(scope="module")
def built() -> nx.MultiDiGraph:
    mems = [Memory(id=f"m{i}", content=t, created_at=f"2026-01-0{i + 1}T10:00:00")
            for i, t in enumerate(TEXTS)]
    mems.append(Memory(id="m9", content="Maya met Riley in Lisbon."))  # no time
    return pipeline.rebuild(mems, extractor="regex").graph


def _types(prov: list) -> list:
    return [sorted((k, type(v).__name__) for k, v in p.items()) for p in prov if isinstance(p, dict)]


def _unbuilt(d) -> bool:
    return type(d) is columns.LazyAttrs and d.pending() is not None


def test_file_keeps_memory_ids_as_provenance_and_the_rest_as_columns(built):
    data = orjson.loads(nodelink.dumps(built))
    assert data["graph"]["format"] == "soulgraph/3"
    nodes = {n["id"]: n for n in data["nodes"]}
    for n in data["nodes"] + data["edges"]:
        assert n["provenance"] and all(isinstance(i, str) for i in n["provenance"])
        assert n["provenance_columns"] == "table"  # every entity here fits its kind's table
    table = data["provenance_table"]["nodes"]
    # one extractor for every entry is written once; the memory's time is never repeated
    assert "time" not in table and "memory_id" not in table
    rows = sum(len(n["provenance"]) for n in data["nodes"])
    # few distinct strings (extractors) are coded: each written once, a byte per row as hex
    extractors = table["extractor"]
    assert extractors["levels"] == ["regex", "speaker"] and len(extractors["codes"]) == 2 * rows
    # character offsets: little-endian unsigned ints of the smallest size, as hex
    starts = [p["start"] for n in data["nodes"] for p in built.nodes[n["id"]]["provenance"]]
    assert table["start"]["uint"] == 8 and max(starts) < 256
    assert list(bytes.fromhex(table["start"]["hex"])) == starts
    assert nodes["lisbon"]["provenance"] == [p["memory_id"] for p in built.nodes["lisbon"]["provenance"]]


def test_load_gives_the_same_graph_and_saving_it_again_the_same_bytes(built):
    raw = nodelink.dumps(built)
    g = nodelink.loads(raw)
    assert nodelink.dumps(g) == raw  # provenance never read: columns written back as read
    assert nx.utils.graphs_equal(g, built)
    assert g.nodes["lisbon"]["provenance"] == built.nodes["lisbon"]["provenance"]
    assert nodelink.dumps(g) == raw  # and once read, encoded again to the same bytes
    no_time = [p for p in g.nodes["lisbon"]["provenance"] if p["memory_id"] == "m9"]
    assert no_time and all("time" not in p for p in no_time)  # its memory has no time


def test_a_soulgraph_1_file_loads_to_the_same_graph(tmp_path, built):
    old = nodelink.to_data(built, columns=False)
    old["graph"]["format"] = "soulgraph/1"
    assert isinstance(old["nodes"][0]["provenance"][0], dict)  # one dict per entry, as before
    path = tmp_path / "old.json"
    path.write_bytes(orjson.dumps(old, option=orjson.OPT_SORT_KEYS))
    g = nodelink.load(path)
    assert g.adj == built.adj and g.nodes == built.nodes
    assert nodelink.dumps(g) == nodelink.dumps(built)  # saved again: the new layout


def _as_soulgraph_2(data: dict) -> dict:
    """The same graph as the previous writer laid it out: a JSON number per table row."""
    data = copy.deepcopy(data)
    data["graph"]["format"] = "soulgraph/2"
    for table in data["provenance_table"].values():
        for k, v in table.items():
            if isinstance(v, dict) and "hex" in v:
                size = v["uint"] // 8
                raw = bytes.fromhex(v["hex"])
                table[k] = [int.from_bytes(raw[i:i + size], "little") for i in range(0, len(raw), size)]
            elif isinstance(v, dict):
                table[k] = {"levels": v["levels"], "codes": list(bytes.fromhex(v["codes"]))}
    return data


def test_a_soulgraph_2_file_loads_to_the_same_graph_and_saves_as_soulgraph_3(tmp_path, built):
    new = orjson.loads(nodelink.dumps(built))
    old = _as_soulgraph_2(new)
    assert isinstance(old["provenance_table"]["nodes"]["start"], list)
    path = tmp_path / "old.json"
    path.write_bytes(orjson.dumps(old, option=orjson.OPT_SORT_KEYS))
    g = nodelink.load(path)
    assert nodelink.dumps(g) == nodelink.dumps(built)  # unread: its columns packed as written
    assert g.adj == built.adj and g.nodes == built.nodes
    assert nodelink.dumps(g) == nodelink.dumps(built)  # and once read


@pytest.mark.parametrize(("values", "packed"), [
    (list(range(250, 270)), 16), (list(range(70_000, 70_020)), 32),
    (list(range(-1, 19)), None), (list(range(2**32 - 10, 2**32 + 10)), None),
    ([True, False] * 10, None), ([1, 1.0] * 10, None)])
def test_whole_number_columns_pack_to_the_smallest_size_that_holds_them(values, packed):
    g = nx.MultiDiGraph(format="soulgraph/3", memories=[{"id": "a", "text": "x"}])
    for i, v in enumerate(values):
        g.add_node(f"n{i}", provenance=[{"memory_id": "a", "start": v}])
    data = orjson.loads(nodelink.dumps(g))
    column = data["provenance_table"]["nodes"]["start"]
    assert (column.get("uint") if isinstance(column, dict) else None) == packed
    back = nodelink.loads(nodelink.dumps(g))
    for i, v in enumerate(values):
        got = back.nodes[f"n{i}"]["provenance"][0]["start"]
        assert got == v and type(got) is type(v)
    assert nodelink.dumps(back) == nodelink.dumps(g)


@pytest.mark.parametrize(("values", "coded"), [
    ([0.6, 0.2, 0.85] * 6, True), ([0.6, 0.0] * 9, False), ([0.6, 0.0, -0.0] * 6, False)])
def test_columns_of_few_floats_are_coded_unless_a_zero_could_lose_its_sign(values, coded):
    g = nx.MultiDiGraph(format="soulgraph/3", memories=[{"id": "a", "text": "x"}])
    for i, v in enumerate(values):
        g.add_edge("x", "y", key=f"r{i}", provenance=[{"memory_id": "a", "confidence": v}])
    data = orjson.loads(nodelink.dumps(g))
    assert isinstance(data["provenance_table"]["edges"]["confidence"], dict) == coded
    back = nodelink.loads(nodelink.dumps(g))
    got = [d["provenance"][0]["confidence"] for *_, d in back.edges(data=True)]
    assert [repr(v) for v in got] == [repr(v) for v in values]


def test_entries_that_do_not_fit_columns_round_trip_as_dicts():
    g = nx.MultiDiGraph(format="soulgraph/2", memories=[
        {"id": "a", "created_at": "2026-01-01T00:00:00", "text": "x"}, {"id": "b", "text": "y"}])
    odd = {
        "mixed": [{"memory_id": "a", "start": 0}, {"memory_id": "b"}],  # different fields
        "no_time": [{"memory_id": "a", "start": 0}],  # its memory has a time
        "bare": ["a", "b"],  # bare memory ids (other tools)
        "int_id": [{"memory_id": 7, "start": 0}],
    }
    fit = {
        "other_time": [{"memory_id": "a", "start": 0, "time": "2020-01-01"},
                       {"memory_id": "b", "start": 1, "time": "2020-01-02"}],
        "typed": [{"memory_id": "b", "confidence": 1}, {"memory_id": "b", "confidence": 1.0}],
        "nested": [{"memory_id": "b", "extra": [1, 2]}, {"memory_id": "b", "extra": [1, 2]}],
        "undated_too": [{"memory_id": "a", "time": "2026-01-01T00:00:00"}, {"memory_id": "b"}],
        "none": [{"memory_id": "b", "start": None}],
        "empty": [],
    }
    for n, prov in {**odd, **fit}.items():
        g.add_node(n, name=n, provenance=prov)
    data = orjson.loads(nodelink.dumps(g))
    by_id = {n["id"]: n for n in data["nodes"]}
    assert all(columns.COLUMNS not in by_id[n] for n in odd)
    assert all(columns.COLUMNS in by_id[n] for n in fit if fit[n])
    assert by_id["other_time"][columns.COLUMNS]["time"] == ["2020-01-01", "2020-01-02"]
    # the commonest fields with derived times make the table; the other entities keep theirs
    assert [n for n in fit if by_id[n].get(columns.COLUMNS) == "table"] == ["undated_too"]
    back = nodelink.loads(nodelink.dumps(g))
    for n, prov in {**odd, **fit}.items():
        got = back.nodes[n]["provenance"]
        assert got == prov and _types(got) == _types(prov), n  # 1 stays an int, 1.0 a float
    assert nodelink.dumps(back) == nodelink.dumps(g)


def test_provenance_is_built_only_when_read(built):
    g = nodelink.loads(nodelink.dumps(built))
    d = g.nodes["lisbon"]
    assert _unbuilt(d) and "provenance" in d and len(d) == len(built.nodes["lisbon"])
    assert columns.provenance_ids(d) == [p["memory_id"] for p in built.nodes["lisbon"]["provenance"]]
    GraphView(g)  # indexes read memory ids only
    assert _unbuilt(d)
    assert d.get("type") == "place" and _unbuilt(d)
    assert d["provenance"] == built.nodes["lisbon"]["provenance"] and not _unbuilt(d)


@pytest.mark.parametrize("read", [
    lambda d: d.get("provenance") and d, lambda d: d["provenance"] and d, dict, lambda d: {**d},
    lambda d: d.copy(), lambda d: copy.deepcopy(d), lambda d: pickle.loads(pickle.dumps(d)),
    lambda d: json.loads(json.dumps(d)), lambda d: dict(d.items()), lambda d: {k: d[k] for k in d},
])
def test_every_way_of_reading_attributes_sees_the_provenance(built, read):
    g = nodelink.loads(nodelink.dumps(built))
    got = read(g.nodes["lisbon"])
    assert got == built.nodes["lisbon"] and got["provenance"] == built.nodes["lisbon"]["provenance"]


def test_replacing_or_deleting_unread_provenance(built):
    g = nodelink.loads(nodelink.dumps(built))
    d = g.nodes["lisbon"]
    d["provenance"] = [{"memory_id": "m1"}]
    assert d["provenance"] == [{"memory_id": "m1"}] and columns.provenance_ids(d) == ["m1"]
    e = g.nodes["riley"]
    del e["provenance"]
    assert "provenance" not in e and e.get("provenance") is None
    assert g.nodes["riley"] == {k: v for k, v in built.nodes["riley"].items() if k != "provenance"}
    h = nodelink.loads(nodelink.dumps(g))
    assert h.nodes["lisbon"]["provenance"] == [{"memory_id": "m1"}]


def test_health_reads_ids_without_building_and_reports_as_before(built):
    raw = nodelink.dumps(built)
    g = nodelink.loads(raw)
    assert health.check(g).model_dump() == health.check(built).model_dump()
    # memory ids and person-evidence sentences are read from the columns
    assert all(_unbuilt(d) for _, d in g.nodes(data=True))
    assert all(_unbuilt(d) for *_, d in g.edges(data=True))
    rows = list(columns.provenance_rows(g.nodes["riley"], ("extractor", "sentence_start")))
    assert rows == [(p["memory_id"], p["extractor"], p["sentence_start"])
                    for p in built.nodes["riley"]["provenance"]]


@pytest.mark.parametrize(("bad", "table"), [
    ({"provenance": ["a"], "provenance_columns": {"start": [1, 2]}}, None),
    ({"provenance": "a", "provenance_columns": {}}, None),
    ({"provenance": ["a"], "provenance_columns": ["start"]}, None),
    ({"provenance": ["a"], "provenance_columns": {"memory_id": "b"}}, None),
    ({"provenance": ["a"], "provenance_columns": "table"}, None),  # no table
    ({"provenance": ["a"], "provenance_columns": "table"}, {"start": [1, 2]}),  # 2 rows for 1
    ({"provenance": "a", "provenance_columns": "table"}, {"start": 1}),
    ({"provenance": ["a"], "provenance_columns": "table"}, {"time": ["t"]}),  # time is derived
    ({"provenance": ["a"], "provenance_columns": "table"}, {"extractor": {"levels": ["x"], "codes": [1]}}),
    ({"provenance": ["a"], "provenance_columns": "table"}, {"extractor": {"levels": ["x"], "codes": ["0"]}}),
    ({"provenance": ["a"], "provenance_columns": "table"}, {"extractor": {"levels": ["x"], "codes": "01"}}),
    ({"provenance": ["a"], "provenance_columns": "table"}, {"start": {"uint": 12, "hex": "00"}}),
    ({"provenance": ["a"], "provenance_columns": "table"}, {"start": {"uint": 8, "hex": "0g"}}),
    ({"provenance": ["a"], "provenance_columns": "table"}, {"start": {"uint": 16, "hex": "00"}}),
    ({"provenance": ["a"], "provenance_columns": "table"}, {"start": {"uint": 8, "hex": "0001"}}),
])
def test_columns_that_do_not_line_up_are_a_one_line_error(bad, table):
    data = {"graph": {}, "nodes": [{"id": "x", **bad}], "edges": []}
    if table is not None:
        data["provenance_table"] = {"nodes": table}
    with pytest.raises(SoulgraphError, match="malformed node-link graph"):
        nodelink.from_data(data)


def test_repeated_ids_keyless_edges_and_unlisted_endpoints_load_as_networkx_reads_them(built):
    data = orjson.loads(nodelink.dumps(built))
    data["nodes"].append({"id": "lisbon", "note": "a second object for one id"})
    data["nodes"].append({"id": "plain", "provenance": [{"memory_id": "m1"}]})  # no columns
    data["edges"] += [{"source": "maya", "target": "riley", "relation": "knows"},  # no key
                      {"source": "maya", "target": "riley", "relation": "met"},
                      {"source": "maya", "target": "nowhere", "key": "x"}]  # not a node
    g = nodelink.from_data(copy.deepcopy(data))
    want = nx.node_link_graph(copy.deepcopy(data), edges="edges")
    assert list(g.nodes) == list(want.nodes)
    assert list(g.edges(keys=True)) == list(want.edges(keys=True))

    def others(d):  # networkx leaves the provenance columns as they are in the file
        return {k: v for k, v in dict.items(d) if k not in (columns.PROV, columns.COLUMNS)}

    assert [others(d) for _, d in g.nodes(data=True)] == [others(d) for _, d in want.nodes(data=True)]
    assert [others(d) for *_, d in g.edges(data=True)] == [others(d) for *_, d in want.edges(data=True)]
    assert g.nodes["plain"]["provenance"] == [{"memory_id": "m1"}]
    assert g.nodes["lisbon"]["note"] == "a second object for one id"
    assert g.nodes["lisbon"]["provenance"] == built.nodes["lisbon"]["provenance"]
    assert [d["relation"] for d in g["maya"]["riley"].values()][-2:] == ["knows", "met"]


def test_a_partly_read_graph_writes_the_bytes_of_the_same_graph_built_in_memory(built):
    raw = nodelink.dumps(built)

    def touched(g):  # as an update touches a loaded graph: an entry more, a node more
        g.nodes["lisbon"]["provenance"].append(dict(g.nodes["lisbon"]["provenance"][0]))
        g.add_node("porto", **{**g.nodes["lisbon"], "name": "Porto"})
        return g

    g = touched(nodelink.loads(raw))
    assert sum(_unbuilt(d) for _, d in g.nodes(data=True)) > 2  # most rows still in the table
    h = touched(nodelink.loads(raw))
    plain = nx.MultiDiGraph(**copy.deepcopy(dict(h.graph)))  # every entry a dict again
    plain.add_nodes_from((n, copy.deepcopy(dict(d))) for n, d in h.nodes(data=True))
    plain.add_edges_from((u, v, k, copy.deepcopy(dict(d))) for u, v, k, d in h.edges(keys=True, data=True))
    assert nodelink.dumps(g) == nodelink.dumps(plain)


def test_a_dropped_graph_is_freed_by_a_young_collection(built):
    """A loaded graph stays where the collector's young scans find it. networkx caches its
    views on the graph (a reference cycle), so a graph a caller drops is freed only by the
    cyclic collector; a load that moved its objects to the oldest generation (an earlier
    speed-up) left every dropped graph to full collections, which those moves never brought
    on: an agent reloading its graph grew by the graph's size per load."""
    import gc
    import weakref

    raw = nodelink.dumps(built)
    g = nodelink.loads(raw)
    assert g.edges  # the cached view: g -> view -> g
    gone = weakref.ref(g)
    del g
    gc.collect(1)
    assert gone() is None


def _tricky(built, text: str, *, outside: bool = False) -> bytes:
    """The built graph's file with ``text`` in a memory's text, a node's name and an edge's
    relation (inside the three big arrays), or in a graph attribute (outside them)."""
    data = orjson.loads(nodelink.dumps(built))
    if outside:
        data["graph"]["note"] = text
    else:
        data["graph"]["memories"][1]["text"] += text
        data["nodes"][2]["name"] += text
        data["edges"][0]["relation"] += text
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)


TRICKY = ['},{"', '],"graph":{"memories":[', ']},"multigraph":true,"nodes":[{"id":"x"}',
          '],"provenance_table":{', '"\\u0000hole0"', "\x00hole1", "\\", "plain"]


@pytest.mark.parametrize("outside", [False, True])
@pytest.mark.parametrize("text", TRICKY)
def test_a_big_file_parsed_in_pieces_gives_the_whole_file_s_data(built, monkeypatch, text, outside):
    monkeypatch.setattr(nodelink, "_PIECE", 64)  # pieces of a few elements: every cut tried
    raw = _tricky(built, text, outside=outside)
    assert len(raw) >= 4 * nodelink._PIECE and raw.startswith(nodelink._HEAD)
    data = nodelink.parse_json(raw, name="g")
    assert orjson.dumps(data) == orjson.dumps(orjson.loads(raw))  # same values, same key order
    clean = nodelink._parse_in_pieces(_tricky(built, "plain"))
    assert clean is not None and clean == orjson.loads(_tricky(built, "plain"))  # pieces were used
    if outside and text in ("\x00hole1", "\\", '"\\u0000hole0"'):  # a backslash outside the arrays
        assert nodelink._parse_in_pieces(raw) is None


def _whole_error(raw: bytes) -> str:
    try:
        orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        return f"g: invalid JSON ({exc.args[0]})"
    return "parses"


def test_a_malformed_big_file_fails_as_the_whole_file_does(built, monkeypatch):
    monkeypatch.setattr(nodelink, "_PIECE", 64)
    raw = _tricky(built, "plain")
    deep = 1023  # orjson's depth limit is 1024: a node one level deeper than allowed
    bad = [raw[:i] for i in range(len(nodelink._HEAD), len(raw), max(1, len(raw) // 97))]
    bad += [raw.replace(b"},{", b"},,{", 1), raw.replace(b'"nodes":[{', b'"nodes":[{,', 1),
            raw.replace(b'"nodes":[{', b'"nodes":[{"deep":' + b"[" * deep + b"]" * deep + b",", 1),
            raw.replace(b'"memories":[{', b'"memories":[{"deep":' + b"[" * deep + b"]" * deep + b",", 1),
            raw[:-2] + b"x\n", raw.replace(b"Lisbon", b"Lis\xffbon")]
    for b in bad:
        want = _whole_error(b)
        assert want != "parses"
        with pytest.raises(SoulgraphError) as exc:
            nodelink.parse_json(b, name="g")
        assert str(exc.value) == want
    ok = raw.replace(b'"nodes":[{', b'"nodes":[{"deep":' + b"[" * 1021 + b"]" * 1021 + b",", 1)
    got, want = nodelink._parse_in_pieces(ok), orjson.loads(ok)  # as deep as allowed: parses
    assert got is not None and type(got["nodes"][0].pop("deep")) is list
    want["nodes"][0].pop("deep")
    assert orjson.dumps(got) == orjson.dumps(want)


_RELOAD = """
import json, sys, tracemalloc
from soulgraph.readwrite import nodelink
tracemalloc.start()
base = tracemalloc.get_traced_memory()[0]
held = []
for _ in range(21):
    g = nodelink.load(sys.argv[1])
    assert g.edges  # (the view networkx caches on the graph: a reference cycle)
    held.append(tracemalloc.get_traced_memory()[0] - base)
    del g
print(json.dumps(held))
"""


def test_loading_and_dropping_a_graph_20_times_returns_its_memory(tmp_path):
    """An agent reloading its graph keeps about one graph's memory, not one per load: a
    dropped graph (a reference cycle through its cached views) is freed by the collections
    the collector runs by itself. In a fresh process (a known number of long-lived objects,
    hence of loads between its full collections, ~10): the memory held falls back to about
    one graph after a few loads, where a load that moved its objects out of the
    collector's young generations (an earlier speed-up) grew by a graph per load."""
    import json
    import subprocess
    import sys

    mems = [Memory(id=f"m{i}", created_at=f"2026-01-01T10:{i % 60:02d}:00",
                   content=TEXTS[i % 4].replace("Riley", f"Riley{i}").replace("Maya", f"Maya{i % 50}"))
            for i in range(400)]
    path = tmp_path / "g.json"
    path.write_bytes(nodelink.dumps(pipeline.rebuild(mems, extractor="regex").graph))
    out = subprocess.run([sys.executable, "-c", _RELOAD, str(path)], capture_output=True, text=True,
                         check=True)
    held = json.loads(out.stdout)
    one = held[0]
    assert min(held[4:]) < 3 * one, [round(h / one, 1) for h in held]


def test_memory_records_in_one_loop_are_memory_record_s():
    """The build writes every memory's record in one loop; each is memory_record's: the optional
    fields only when set, in this order, a hash not given computed."""
    from soulgraph.hashing import content_hash
    from soulgraph.models import Memory
    from soulgraph.pipeline import _memory_records, memory_record

    mems = [Memory(id="a", content="x"), Memory(id="b", content="", created_at="2026-01-01T00:00:00"),
            Memory(id="c", content="Bo: hi", layer="semantic", speaker="Bo", superseded=True),
            Memory(id="d", content="y", created_at="", layer="", speaker="")]
    hashes = [content_hash(m.content) for m in mems]
    hashes[0] = ""  # (none given: computed)
    want = [{"id": "a", "hash": content_hash("x"), "text": "x"},
            {"id": "b", "hash": hashes[1], "text": "", "created_at": "2026-01-01T00:00:00"},
            {"id": "c", "hash": hashes[2], "text": "Bo: hi", "layer": "semantic", "speaker": "Bo",
             "superseded": True},
            {"id": "d", "hash": hashes[3], "text": "y", "created_at": "", "layer": "", "speaker": ""}]
    assert _memory_records(mems, hashes) == list(map(memory_record, mems, hashes)) == want
    assert [list(r) for r in _memory_records(mems, hashes)] == \
        [list(r) for r in map(memory_record, mems, hashes)] == [list(r) for r in want]


def test_columns_a_build_gathers_write_what_reading_its_entries_writes():
    """rebuild gathers its nodes' provenance columns while it makes the entries; the writer
    given them writes byte for byte what it writes reading the entries, for stores of dated,
    undated and mixed memories (mixed: nothing gathered) and speaker mentions; and a graph
    changed since (an entry added) is read from its entries, not from stale columns."""
    import random

    from soulgraph import pipeline
    from soulgraph.models import Memory
    from soulgraph.readwrite import nodelink, soulproto

    rng = random.Random(3)
    seen_mixed = False
    words = ["Dana Lee", "met", "Marco", "in", "Lisbon", "at", "Acme Corp", "and", "Oslo", "with",
             "Priya", "about", "Kubernetes", "User:", "Agent:", "Riley:", "TaskSpec", "the", "."]
    for trial in range(12):
        dated = trial % 3  # 0: none, 1: all, 2: mixed
        mems = [Memory(id=f"m{i}", content=" ".join(rng.choice(words) for _ in range(rng.randint(3, 14))),
                       created_at=f"2026-01-{1 + i % 28:02d}T10:00:00"
                       if dated == 1 or (dated == 2 and i % 2) else None)
                for i in range(rng.randint(2, 30))]
        build = pipeline.rebuild(mems, extractor="regex")
        entries = [p for _, d in build.graph.nodes(data=True) for p in d["provenance"]]
        timed = sum("time" in p for p in entries)
        assert (build.node_columns is None) == (0 < timed < len(entries)), "only dated or undated entries"
        seen_mixed = seen_mixed or 0 < timed < len(entries)
        if build.node_columns is not None:  # (the memory times it hands over are the records')
            from soulgraph.readwrite.columns import memory_times

            assert build.node_columns.times == memory_times(build.graph.graph["memories"])
        plain = nodelink.dumps(build.graph)
        assert nodelink.dumps(build.graph, node_columns=build.node_columns) == plain
        assert orjson.dumps(soulproto.to_soul(build.graph, node_columns=build.node_columns),
                            option=orjson.OPT_SORT_KEYS) == orjson.dumps(soulproto.to_soul(build.graph),
                                                                         option=orjson.OPT_SORT_KEYS)
    assert seen_mixed
    build = pipeline.rebuild([Memory(id="a", content="Dana Lee met Marco in Lisbon.")], extractor="regex")
    assert build.node_columns is not None
    node = next(iter(build.graph.nodes))
    build.graph.nodes[node]["provenance"].append(dict(build.graph.nodes[node]["provenance"][0], start=0))
    assert nodelink.dumps(build.graph, node_columns=build.node_columns) == nodelink.dumps(build.graph)
