"""Traversal on a hand-built graph: lookup, depth, direction, filters, paths, as_of, memories."""

from __future__ import annotations

import pytest
from graphs_recall import build

from soulgraph.errors import SoulgraphError
from soulgraph.query import GraphView, Step


@pytest.fixture(scope="module")
def view() -> GraphView:
    return GraphView(build())


def names(hops):
    return sorted(h.node for h in hops)


def test_lookup_exact_alias_normalised_and_guarded_fuzzy(view):
    assert view.lookup("Acme Corp") == "acme"
    assert view.lookup("ACME Corporation") == "acme"  # alias, exact
    assert view.lookup("  the acme-corp ") == "acme"  # normalised
    assert view.lookup("Globexx") == "globex"  # fuzzy, long enough
    assert view.lookup("Bobb") is None  # too short for fuzzy
    assert view.lookup("ACMX") is None  # acronym-shaped: never fuzzy
    assert view.lookup("Nobody Here") is None
    with pytest.raises(SoulgraphError, match="unknown entity"):
        view.resolve("Nobody Here")


def test_neighbors_depth_one_hides_weak_links(view):
    assert names(view.neighbors("Alice")) == ["acme", "bob", "globex", "python"]
    assert "berlin" in names(view.neighbors("Alice", include_weak=True))
    assert "berlin" in names(view.neighbors("Alice", relations=["co_occurs"]))  # asked for by name


def test_neighbors_direction(view):
    assert names(view.neighbors("Alice", direction="out")) == ["acme", "globex", "python"]
    assert names(view.neighbors("Alice", direction="in")) == ["bob"]
    with pytest.raises(SoulgraphError):
        view.neighbors("Alice", direction="sideways")


def test_neighbors_depth_limit_and_type_filter(view):
    d1, d2 = view.neighbors("Bob", 1, direction="out"), view.neighbors("Bob", 2, direction="out")
    assert names(d1) == ["alice"]
    assert names(d2) == ["acme", "alice", "globex", "python"]
    assert {h.node: h.depth for h in view.neighbors("Bob", 3, direction="out")}["lisbon"] == 3
    # types filter what is returned, not what is walked through
    places = view.neighbors("Bob", 3, direction="out", types=["place"])
    assert [(h.node, h.depth, h.relation) for h in places] == [("lisbon", 3, "located_in")]


def test_neighbors_relation_filter(view):
    assert names(view.neighbors("Alice", relations=["works_at"])) == ["acme", "globex"]
    assert names(view.neighbors("Alice", 2, relations=["works_at"])) == ["acme", "globex", "sal"]


def test_as_of_edge_validity_half_open(view):
    assert names(view.neighbors("Alice", relations=["works_at"], as_of="2021-06-01")) == ["acme"]
    assert names(view.neighbors("Alice", relations=["works_at"], as_of="2024-06-01")) == ["globex"]
    # valid_to is exclusive, valid_from inclusive
    assert names(view.neighbors("Alice", relations=["works_at"], as_of="2023-01-01")) == ["globex"]
    # undated edges are valid at any time
    assert "bob" in names(view.neighbors("Alice", as_of="1999-01-01"))
    with pytest.raises(SoulgraphError, match="ISO"):
        view.neighbors("Alice", as_of="last tuesday")


def test_path_shortest_directed_and_bounded(view):
    assert view.path("Alice", "Lisbon") == [Step("alice", "works_at", "acme"),
                                            Step("acme", "located_in", "lisbon")]
    assert len(view.path("Bob", "Lisbon", direction="out")) == 3
    assert view.path("Bob", "Lisbon", max_depth=2) is None
    assert view.path("Lisbon", "Alice", direction="out") is None
    assert view.path("Lisbon", "Alice") is not None  # undirected walk
    assert view.path("Alice", "Lisbon", as_of="2024-01-01") is None  # Acme job ended
    assert view.path("Alice", "Berlin") is None
    assert view.path("Alice", "Berlin", include_weak=True) == [Step("alice", "co_occurs", "berlin")]
    assert view.path("Alice", "Ali") == []


def test_reachable_and_subgraph(view):
    assert view.reachable("Bob", 1) == {"bob": 0, "alice": 1}
    sub = view.subgraph(["Alice", "Acme", "Lisbon"])
    assert sorted(sub.nodes) == ["acme", "alice", "lisbon"]
    assert sorted((u, v, k) for u, v, k in sub.edges(keys=True)) == [
        ("acme", "lisbon", "located_in"), ("alice", "acme", "works_at")]
    assert {m["id"] for m in sub.graph["memories"]} == {"c:S1:1", "c:S1:3", "c:S2:2", "c:S2:9"}


def test_memories_newest_first_and_timeline(view):
    assert [m.id for m in view.memories("Alice")] == ["c:S2:9", "c:S2:2", "c:S1:3", "c:S1:1"]
    assert [m.id for m in view.memories("Alice", limit=1)] == ["c:S2:9"]
    events = view.timeline("Alice")
    times = [e.time for e in events if e.time]
    assert times == sorted(times, key=lambda t: t[:10])
    kinds = {(e.kind, e.relation) for e in events}
    assert ("relation_end", "works_at") in kinds and ("mention", None) in kinds
    assert all(e.relation != "co_occurs" for e in events)


def test_entities_listing(view):
    rows = view.entities()
    assert rows[0]["name"] == "Alice" and rows[0]["mentions"] == 4
    assert [r["id"] for r in view.entities(type="org")] == ["acme", "globex"]
    assert [r["id"] for r in view.entities(match="corporation")] == ["acme"]
