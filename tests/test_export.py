"""Export formats load back in networkx; Mermaid and DOT escape awkward names."""

from __future__ import annotations

import json

import networkx as nx
import pytest
from graphs_recall import build

from soulgraph.errors import SoulgraphError
from soulgraph.readwrite import nodelink
from soulgraph.readwrite.export import FORMATS, export, export_to, mermaid_label


@pytest.fixture(scope="module")
def g() -> nx.MultiDiGraph:
    return build()


def _edges(h):
    return sorted((u, v, d.get("relation", k)) for u, v, k, d in h.edges(keys=True, data=True))


def test_node_link_round_trips(g):
    back = nodelink.loads(export(g, "node-link"))
    assert sorted(back.nodes) == sorted(g.nodes) and _edges(back) == _edges(g)
    assert back.graph["memories"] == g.graph["memories"]


@pytest.mark.parametrize("fmt,reader", [("graphml", nx.read_graphml), ("gexf", nx.read_gexf)])
def test_graphml_and_gexf_load_back_with_json_encoded_lists(g, fmt, reader, tmp_path):
    path = tmp_path / f"g.{fmt}"
    path.write_bytes(export(g, fmt))
    back = reader(path)
    assert sorted(back.nodes) == sorted(g.nodes)
    assert back.number_of_edges() == g.number_of_edges()
    acme = back.nodes["acme"]
    assert json.loads(acme["aliases"]) == ["Acme", "ACME Corporation"]
    assert json.loads(acme["provenance"])[0]["memory_id"] == "c:S1:1"
    assert back.nodes["sal"]["name"] == 'Sarah "Sal" O\'Neil'
    rels = sorted(d["relation"] for *_, d in back.edges(data=True))
    assert rels == sorted(r for *_, r in _edges(g))


def test_weak_edges_can_be_left_out(g):
    back = nodelink.loads(export(g, "node-link", include_weak=False))
    assert "co_occurs" not in {r for *_, r in _edges(back)}
    assert g.has_edge("alice", "berlin")  # the input graph is untouched


def test_mermaid_escapes_quotes_spaces_and_brackets(g):
    text = export(g, "mermaid").decode()
    assert text.startswith("flowchart LR\n")
    assert 'Sarah #quot;Sal#quot; O\'Neil (person)' in text
    assert '"Acme Corp (org)"' in text
    for line in text.splitlines()[1:]:
        # every label is one quoted string with no raw quote or pipe inside
        if "[" in line:
            label = line.split('["', 1)[1].rsplit('"]', 1)[0]
            assert '"' not in label and "|" not in label
    assert "-.->" in text  # weak link drawn dotted
    assert mermaid_label('a|b<c>"#') == "a#124;b#lt;c#gt;#quot;#35;"


def test_dot_quotes_names(g):
    text = export(g, "dot").decode()
    assert text.startswith("digraph soulgraph {") and text.rstrip().endswith("}")
    assert 'label="Sarah \\"Sal\\" O\'Neil"' in text
    assert '"alice" -> "berlin" [label="co_occurs", style=dashed];' in text


def test_unknown_format_is_refused(g, tmp_path):
    with pytest.raises(SoulgraphError, match="unknown export format"):
        export(g, "pdf")
    src = tmp_path / "g.json"
    nodelink.save(g, src)
    out = tmp_path / "g.graphml"
    raw = export_to(src, "graphml", out)
    assert out.read_bytes() == raw and set(FORMATS) >= {"graphml", "gexf"}
