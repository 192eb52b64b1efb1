"""Relation pass on real stores: grounded provenance, direction of first-person edges.

Uses ../shared/eval when present (skips otherwise) and fixtures/demo.soul.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DEMO_SOUL, needs_eval

from soulgraph import pipeline
from soulgraph.extract.spacy_np import load_nlp
from soulgraph.resolve import normalize
from soulgraph.sources import read_store

pytestmark = pytest.mark.skipif(load_nlp() is None, reason="spaCy model not installed")


def _build(path: Path):
    store = read_store(path)
    g = pipeline.rebuild(store.memories, extractor="spacy").graph
    return g, {m.id: m.content for m in store.memories}


def _check_grounded(g, texts) -> int:
    edges = 0
    for _, _, d in g.edges(data=True):
        edges += 1
        assert d["provenance"], d
        for p in d["provenance"]:
            content = texts[p["memory_id"]]
            span = content[p["start"]:p["end"]]
            assert span and span.strip(), p
            assert span in p["sentence"] and p["sentence"] in content
    keys = [normalize(d.get("name", n)) for n, d in g.nodes(data=True)]
    assert len(keys) == len(set(keys)), "two nodes share a normalised name"
    return edges


def test_devlog_edges_are_grounded():
    g, texts = _build(needs_eval("devlog-dev") / "memories.jsonl")
    assert _check_grounded(g, texts) > 0


def test_demo_soul_edges_are_grounded():
    if not DEMO_SOUL.exists():
        pytest.skip("fixtures/demo.soul not built")
    g, texts = _build(DEMO_SOUL)
    assert _check_grounded(g, texts) > 0


def test_convo_gold_relations_joined_in_the_right_direction():
    corpus = needs_eval("convo-dev")
    g, texts = _build(corpus / "memories.jsonl")
    gold = json.loads((corpus / "gold.json").read_text(encoding="utf-8"))
    node_of = {}
    for n, d in g.nodes(data=True):
        for name in (d.get("name", n), *d.get("aliases", [])):
            node_of.setdefault(normalize(name), n)
    checked = 0
    for r in gold["relations"]:
        h, t = node_of.get(normalize(r["head"])), node_of.get(normalize(r["tail"]))
        if h is None or t is None:
            continue  # an end the extractor did not find: not this pass's failure
        checked += 1
        assert g.has_edge(h, t), f"{r['head']} -> {r['tail']} ({r['type']}) missing"
    assert checked >= len(gold["relations"]) // 2
    assert _check_grounded(g, texts) > 0
