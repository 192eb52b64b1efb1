"""Fresh text of the tenth quality pass: merges that need evidence, the copula 'became'.
Real spaCy model (and the regex extractor), end to end."""

from __future__ import annotations

import pytest
from conftest import graph_facts as _graph


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("personal, famous, short", [
    ("My brother Sam is moving to Denver in June.", "Read an article about Sam Altman and OpenAI.", "Sam"),
    ("Went to Costco with Grandpa Joe on Sunday.", "Joe Biden gave a speech in Scranton.", "Joe"),
    ("Prince Harry arrived in London for a court hearing.", "Harry Kane scored twice for Bayern Munich.",
     "Harry"),
])
def test_a_given_name_introduced_as_kin_or_by_title_is_not_a_stranger_of_that_name(
        personal, famous, short, extractor):
    """'my brother Sam' is not the Sam Altman of a news memory, nor 'Prince Harry' Harry Kane:
    a bare given name introduced as someone's kin, friend or pet, or by a given-name title,
    extends only to a full name introduced the same way."""
    types, _ = _graph(personal, famous, f"{short} called me back tonight.", extractor=extractor)
    assert types.get(short) == "person", types
    assert any(n.startswith(short + " ") and t == "person" for n, t in types.items()), types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_colleagues_first_name_still_extends_to_the_one_full_name(extractor):
    types, _ = _graph("Merged the retry fix from Priya this morning.",
                      "Priya Raman approved the Terraform change for staging.", extractor=extractor)
    assert types.get("Priya Raman") == "person" and "Priya" not in types, types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_kin_name_extends_to_a_full_name_introduced_as_the_same_kin(extractor):
    types, _ = _graph("My brother Sam is moving to Denver.", "My brother Sam Reyes sold his car.",
                      extractor=extractor)
    assert "Sam Reyes" in types and "Sam" not in types, types


@pytest.mark.parametrize("text, edge", [
    ("Lucia became engaged to Marco Bellini in June.", ("Lucia", "family_of", "Marco Bellini")),
    ("Priya became friends with Aisha at Stanford.", ("Priya", "friend_of", "Aisha")),
])
def test_became_is_a_copula(text, edge):
    """'became' (no lemmatizer: the past form was not mapped to 'become') takes the copula route
    as 'is' does ('is engaged to', 'are friends with')."""
    _, edges = _graph(text)
    assert edge in edges, edges


def test_became_with_a_plain_object_joins_nothing():
    _, edges = _graph("Ellie became a vegetarian after the trip to Portland.")
    assert not [e for e in edges if e[1] != "co_occurs"], edges
