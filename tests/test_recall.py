"""Recall ranking on a hand-built graph: each signal does what it claims, explanations say why."""

from __future__ import annotations

import pytest
from graphs_recall import build

from soulgraph.query import GraphView
from soulgraph.recall import Recall, Weights
from soulgraph.recall.temporal import neighbours, same_session
from soulgraph.recall.text import stem, strip_speaker, terms

LEXICAL = Weights(entity=0.0, hop2=0.0, fact=0.0, speaker=0.0, after=0.0, before=0.0, recency=0.0)


@pytest.fixture(scope="module")
def rec() -> Recall:
    return Recall(GraphView(build()))


def ids(hits):
    return [h.id for h in hits]


def test_lemmas_conflate_inflections_and_irregulars():
    assert stem("painted") == stem("painting") == stem("paints") == stem("paint")
    assert stem("went") == stem("go") and stem("bought") == stem("buy")
    assert stem("baking") == stem("bake") == stem("baked")
    assert terms("What did Bob paint?") == ["bob", stem("paint")]  # stopwords gone
    assert "mov" in terms("Where did she move from?")  # content verbs kept


def test_speaker_tag_stripped_only_when_it_is_the_speaker():
    assert strip_speaker("Alice: hi there", "Alice") == "hi there"
    assert strip_speaker("Note: hi there", "Alice") == "Note: hi there"
    assert strip_speaker("Bob Smith: hi", None) == "hi"
    assert strip_speaker("the plan: hi", None) == "the plan: hi"


def test_lexical_match_ranks_first_and_explains(rec):
    hits = rec.recall("Who painted a sunrise over the lake?", k=3)
    assert hits[0].id == "c:S2:1"
    assert "sunris" in hits[0].why and hits[0].text.startswith("Bob:")
    assert all(h.score > 0 for h in hits)


def test_no_match_returns_nothing_and_no_entity_still_ranks(rec):
    assert rec.recall("quantum chromodynamics?", k=5) == []
    hits = rec.recall("what about data pipelines", k=5)  # no entity named
    assert hits and hits[0].id == "c:S1:3"


def test_speaker_signal_prefers_what_the_named_person_said(rec):
    q = "What does Bob say about painting?"
    lexical = ids(rec.recall(q, k=3, weights=LEXICAL))
    spoken = rec.recall(q, k=3, weights=LEXICAL.replace(speaker=1.0))
    assert lexical[0] == "c:S2:9"  # Alice's "paint" turn is the shorter, better lexical match
    assert spoken[0].id in {"c:S2:1", "c:S2:10"} and "said by Bob" in spoken[0].why


def test_temporal_neighbour_brings_the_reply(rec):
    q = "What did Bob ask about work?"
    w = LEXICAL.replace(after=0.9)
    assert "c:S1:3" not in ids(rec.recall(q, k=2, weights=LEXICAL))
    hits = rec.recall("congrats work", k=2, weights=w)
    assert ids(hits) == ["c:S1:2", "c:S1:3"]
    assert "reply to c:S1:2" in hits[1].why


def test_session_order_is_natural_and_split_by_time():
    recs = build().graph["memories"]
    prev, nxt, _ = neighbours(recs)
    by_id = {r["id"]: i for i, r in enumerate(recs)}
    assert recs[nxt[by_id["c:S2:9"]]]["id"] == "c:S2:10"  # 9 before 10, not lexical order
    assert nxt[by_id["c:S1:3"]] == -1 and prev[by_id["c:S2:1"]] == -1  # two years apart
    assert same_session({"id": "x7"}, {"id": "x8"}) and not same_session({"id": "x7"}, {"id": "y8"})


def test_entity_proximity_reaches_memories_through_relations(rec):
    w = LEXICAL.replace(entity=1.0, hop2=1.0)
    hits = rec.recall("Which company in Lisbon?", k=3, weights=w)
    # Lisbon is in no memory; Acme (located_in Lisbon) is in c:S1:1
    assert hits and hits[0].id == "c:S1:1" and "Lisbon" in hits[0].why
    assert rec.recall("Which company in Lisbon?", k=3, weights=LEXICAL) == []


def test_fact_weight_favours_the_memory_that_states_the_edge(rec):
    w = LEXICAL.replace(entity=1.0, fact=1.0, lexical=0.0)
    hits = rec.recall("Tell me about Python", k=1, weights=w)
    assert ids(hits) == ["c:S1:3"] and "Python" in hits[0].why


def test_default_weights_rank_and_are_deterministic(rec):
    q = "When did Alice move to Globex?"
    a, b = rec.recall(q, k=4), rec.recall(q, k=4)
    assert ids(a) == ids(b) and a[0].id == "c:S2:2"
    assert len(rec.recall(q, k=2)) == 2


def test_recall_on_a_soul_whose_graph_has_no_memory_records(tmp_path):
    import shutil

    from conftest import DEMO_SOUL

    if not DEMO_SOUL.exists():
        pytest.skip("demo soul not built")
    soul = tmp_path / "demo.soul"
    shutil.copy(DEMO_SOUL, soul)
    before = soul.read_bytes()
    view = GraphView.open(soul)
    assert view.records and all(r.get("text") for r in view.records)
    hits = view.recall("Docker image tag", k=3)
    assert hits and "docker" in hits[0].text.lower()
    assert soul.read_bytes() == before  # reading never writes


def test_empty_graph_and_memories_without_text_recall_nothing():
    import networkx as nx

    assert GraphView(nx.MultiDiGraph()).recall("anything at all?", 5) == []
    g = nx.MultiDiGraph()
    g.graph["memories"] = [{"id": "a", "text": ""}, {"id": "b"}]
    assert GraphView(g).recall("hello", 5) == []


def test_first_person_question_favours_the_user_turns():
    import networkx as nx

    g = nx.MultiDiGraph()
    g.graph["memories"] = [
        {"id": "m1", "speaker": "User",
         "text": "User: I switched the backend to Postgres after a long painful week of debugging."},
        {"id": "m2", "speaker": "Agent", "text": "Agent: Postgres backend switch noted."},
    ]
    rec = Recall(GraphView(g))
    assert rec.recall("postgres backend switched", 1, weights=LEXICAL)[0].id == "m2"
    hit = rec.recall("What did I say about the Postgres backend switch?", 1,
                     weights=LEXICAL.replace(speaker=1.0))[0]
    assert hit.id == "m1" and "said by User" in hit.why


def test_same_speaker_continuation_skips_the_other_voice():
    from soulgraph.recall.temporal import same_speaker_neighbours

    recs = [{"id": f"s:{i}", "created_at": "2024-01-01T10:00:00", "speaker": who}
            for i, who in enumerate(["A", "B", "A", "B", "B", "A"], 1)]
    prev, nxt, _ = neighbours(recs)
    p2, n2 = same_speaker_neighbours([r["speaker"] for r in recs], prev, nxt)
    assert n2.tolist() == [2, 3, 5, 4, -1, -1]
    assert p2.tolist() == [-1, -1, 0, 1, 3, 2]
    q = "What about the trip story?"
    import networkx as nx

    g = nx.MultiDiGraph()
    turns = [("Ann", "The trip story is long."), ("Ben", "Go on."), ("Ann", "We got lost in Porto.")]
    g.graph["memories"] = [{"id": f"t:{i}", "created_at": "2024-01-01T10:00:00", "speaker": who,
                            "text": f"{who}: {text}"} for i, (who, text) in enumerate(turns, 1)]
    hits = Recall(GraphView(g)).recall(q, 3, weights=LEXICAL.replace(second=0.8))
    assert [h.id for h in hits] == ["t:1", "t:3"] and "continues t:1" in hits[1].why


def test_speakers_read_from_tags_when_the_record_has_no_speaker_field():
    import networkx as nx

    from soulgraph.recall.text import speech

    body, who = speech("User: we pick Postgres.\nAgent: Noted, Postgres it is.", None)
    assert who == ["User", "Agent"] and "User:" not in body and "Postgres it is" in body
    assert speech("Note: ship it", None) == ("Note: ship it", [])
    g = nx.MultiDiGraph()
    g.graph["memories"] = [
        {"id": "a", "text": "Riley: the launch slipped to Friday."},
        {"id": "b", "text": "Sam: the launch slipped again, sadly."},
    ]
    hit = Recall(GraphView(g)).recall("Did Riley say the launch slipped?", 1,
                                      weights=LEXICAL.replace(speaker=1.0))[0]
    assert hit.id == "a" and "said by Riley" in hit.why
