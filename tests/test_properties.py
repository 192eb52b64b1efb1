"""Property tests (hypothesis) on the pipeline: never crash, exact spans, exact round trips, determinism."""

from __future__ import annotations

import random

import networkx as nx
import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from soulkit import entry, make_dir_soul, make_zip_soul

from soulgraph import extract, locate, pipeline
from soulgraph.readwrite import nodelink, soulproto
from soulgraph.sources.jsonl import to_memory

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPACY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NAMES = ["Arjun", "Maya", "Riley", "Acme Corp", "Soul Protocol", "Python", "New York", "Claude Code",
         "llama.cpp", "PR #1628", "Zoë", "İstanbul", "Ñandú", "O'Brien", "ﬁnance", "Straße"]
VERBS = ["uses", "works at", "moved to", "said", "met", "is building", "loves", "joined", "—", "和"]

# Arbitrary Unicode plus text shaped like memories (envelopes, names, newlines, RTL, controls).
shaped = st.lists(
    st.one_of(st.sampled_from(NAMES), st.sampled_from(VERBS), st.sampled_from(
        ["User: ", "\nAgent: ", "\n", ". ", "! ", "? ", "> Riley: ", "[Maya] ", "\u202e", "\u200d",
         "\x00", "\t", "  ", "`x_y`", "CI-green", "v2", "e\u0301", "👩‍💻", "#", "/path/to/file.py"]),
        st.text(max_size=8)),
    max_size=30,
).map("".join)
texts = st.one_of(st.text(max_size=300), shaped)


def memory(mid: str, text: str, created: str | None = "2026-01-01T00:00:00"):
    return to_memory({"id": mid, "content": text, "created_at": created}, mid)


def check_spans(mems, analyses) -> None:
    by_id = {m.id: m.content for m in mems}
    for a in analyses:
        text = by_id[a.memory_id]
        for m in a.mentions:
            assert 0 <= m.start < m.end <= len(text)
            assert text[m.start:m.end] == m.text
            assert 0 <= m.sent_start <= m.start and m.end <= m.sent_end <= len(text)
        for r in a.relations:
            assert 0 <= r.start <= r.end <= len(text)


@SETTINGS
@given(st.lists(texts, min_size=1, max_size=4))
def test_regex_extraction_never_crashes_and_spans_are_exact(items):
    mems = [memory(f"m{i}", t) for i, t in enumerate(items)]
    analyses, used = extract.analyze(mems, "regex")
    assert used == "regex" and len(analyses) == len(mems)
    check_spans(mems, analyses)


@SPACY
@given(st.lists(texts, min_size=1, max_size=3))
def test_spacy_extraction_never_crashes_and_spans_are_exact(items):
    mems = [memory(f"m{i}", t) for i, t in enumerate(items)]
    analyses, used = extract.analyze(mems, "spacy")
    assert used == "spacy"
    check_spans(mems, analyses)


def corpus_strategy():
    sentence = st.tuples(st.sampled_from(NAMES), st.sampled_from(VERBS), st.sampled_from(NAMES)).map(
        lambda t: f"{t[0]} {t[1]} {t[2]}.")
    body = st.lists(sentence, min_size=1, max_size=3).map(" ".join)
    envelope = st.tuples(body, body).map(lambda t: f"User: {t[0]}\nAgent: {t[1]}")
    return st.lists(st.one_of(body, envelope, texts), min_size=1, max_size=8)


@SETTINGS
@given(corpus_strategy(), st.randoms(use_true_random=False))
def test_rebuild_deterministic_and_order_independent(items, rnd):
    mems = [memory(f"id{i:03d}", t, f"2026-01-{i % 28 + 1:02d}T10:00:00") for i, t in enumerate(items)]
    a = nodelink.dumps(pipeline.rebuild(mems, extractor="regex").graph)
    shuffled = list(mems)
    rnd.shuffle(shuffled)
    b = nodelink.dumps(pipeline.rebuild(shuffled, extractor="regex").graph)
    assert a == b
    soul_a = orjson.dumps(soulproto.to_soul(nodelink.loads(a)), option=orjson.OPT_SORT_KEYS)
    soul_b = orjson.dumps(soulproto.to_soul(nodelink.loads(b)), option=orjson.OPT_SORT_KEYS)
    assert soul_a == soul_b


@SETTINGS
@given(corpus_strategy())
def test_graph_save_load_round_trips_exactly(items):
    mems = [memory(f"id{i}", t) for i, t in enumerate(items)]
    g = pipeline.rebuild(mems, extractor="regex").graph
    raw = nodelink.dumps(g)
    g2 = nodelink.loads(raw)
    assert nodelink.dumps(g2) == raw
    assert nx.utils.graphs_equal(g, g2)
    assert dict(g.graph) == dict(g2.graph)
    # and through a soul's graph.json (the full graph rides along under "soulgraph", its
    # memory records without text: the soul's memories lend them back)
    g3 = soulproto.from_soul(orjson.loads(orjson.dumps(soulproto.to_soul(g))))
    assert all("text" not in r for r in g3.graph["memories"])
    locate.lend_texts(g3, mems)
    assert nodelink.dumps(g3) == raw


@SETTINGS
@given(st.lists(st.text(max_size=200), min_size=1, max_size=5))
def test_any_text_survives_jsonl_reading_exactly(tmp_path_factory, items):
    from soulgraph.sources import read_store

    p = tmp_path_factory.mktemp("j") / "m.jsonl"
    p.write_bytes(b"".join(orjson.dumps({"id": str(i), "content": t}) + b"\n" for i, t in enumerate(items)))
    assert [m.content for m in read_store(p).memories] == items


def test_rebuild_order_independence_on_a_fixed_shuffle():
    """The same property, spelled out once with a realistic multi-memory corpus (spaCy)."""
    items = ["User: Arjun uses Python at Acme Corp\nAgent: Got it.", "Maya works at Acme Corp in Berlin.",
             "Riley said she moved to New York.", "Arjun met Maya at PyCon.",
             "Soul Protocol depends on Python."]
    mems = [memory(f"id{i}", t) for i, t in enumerate(items)]
    a = nodelink.dumps(pipeline.rebuild(mems).graph)
    rev = list(reversed(mems))
    random.Random(3).shuffle(rev)
    assert nodelink.dumps(pipeline.rebuild(rev).graph) == a


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(max_size=200), min_size=1, max_size=5))
def test_any_text_survives_soul_reading_exactly(tmp_path_factory, items):
    from soulgraph.sources import read_store

    base = tmp_path_factory.mktemp("s")
    layers = {"episodic": [entry(f"e{i}", t) for i, t in enumerate(items)]}
    for soul in (make_zip_soul(base / "a.soul", layers), make_dir_soul(base / "d.soul", layers)):
        assert [m.content for m in sorted(read_store(soul).memories, key=lambda m: int(m.id[1:]))] == items


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=10), kids, max_size=4),
    max_leaves=20,
)
graph_like = st.fixed_dictionaries({}, optional={
    "entities": json_values | st.dictionaries(st.text(max_size=8), json_values, max_size=4),
    "edges": json_values | st.lists(st.dictionaries(
        st.sampled_from(["source", "target", "relation", "valid_from", "metadata"]), json_values),
        max_size=4),
    "provenance": json_values,
    "soulgraph": json_values | st.fixed_dictionaries({"nodes": json_values, "edges": json_values}),
})


@SETTINGS
@given(graph_like)
def test_any_existing_graph_json_is_read_without_crashing(data):
    """A soul's old graph.json may come from any tool or be damaged: reading it never crashes."""
    g = soulproto.from_soul(data)
    assert isinstance(g, nx.MultiDiGraph)
