"""Fresh text of the eleventh relations pass: merges a group qualifier vetoes, surface
relations of news text in regex mode. Real spaCy model (and the regex extractor), end to end."""

from __future__ import annotations

import pytest
from conftest import graph_facts as _graph


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_given_name_qualified_by_a_group_takes_no_surname_from_elsewhere(extractor):
    """'Dan from work' is one Dan of the writer's office: a Dan Whitfield who fixes the roof
    in another memory is no evidence that they are one person."""
    types, _ = _graph("User: Had lunch with Dan from work today, he is switching teams.",
                      "User: Dan Whitfield called about the roof repair estimate.", extractor=extractor)
    assert types.get("Dan") == "person" and types.get("Dan Whitfield") == "person", types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_given_name_of_a_group_extends_to_a_full_name_of_the_same_group(extractor):
    types, _ = _graph("User: Had lunch with Dan from work today, he is switching teams.",
                      "User: Dan Whitfield from work sent the quarterly slides.", extractor=extractor)
    assert "Dan Whitfield" in types and "Dan" not in types, types


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_bare_given_name_still_extends_to_the_one_full_name(extractor):
    types, _ = _graph("User: Dan called about the roof repair estimate.",
                      "User: Dan Whitfield sent the invoice for the gutters.", extractor=extractor)
    assert "Dan Whitfield" in types and "Dan" not in types, types
