"""A name glossed right after itself is one thing: "Kenji Watanabe (Kenji)"."""

from __future__ import annotations

from soulgraph import Memory, rebuild


def _nodes(texts: list[str]) -> dict[str, dict]:
    g = rebuild([Memory(id=f"p{i}", content=t) for i, t in enumerate(texts)], extractor="spacy").graph
    return {d["name"]: d for _, d in g.nodes(data=True)}


def test_given_name_in_brackets_joins_the_full_name():
    nodes = _nodes(["Kenji Watanabe (Kenji) set up the nightly CI.", "Thanks to Kenji for the review."])
    assert "Kenji" not in nodes
    assert "Kenji" in nodes["Kenji Watanabe"]["aliases"]
    assert nodes["Kenji Watanabe"]["type"] == "person"


def test_a_phrase_glossed_with_a_name_is_not_merged():
    nodes = _nodes(["We use the Ebbinghaus exponential decay (Ebbinghaus, 1885) for forgetting."])
    assert all("Ebbinghaus exponential decay" != a for d in nodes.values() for a in d["aliases"])


def test_surname_joins_a_full_name_that_only_opens_sentences():
    nodes = _nodes(["Yitzhak Navon, a former president, spoke at the rally in Jerusalem.",
                    "Navon, a senior official, declined to comment."])
    assert "Navon" not in nodes
    assert "Navon" in nodes["Yitzhak Navon"]["aliases"]

