"""Fresh text of the thirteenth types pass. Real spaCy model (and the regex extractor), end to end."""

from __future__ import annotations

import pytest
from conftest import graph_facts as _graph


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
def test_a_causative_coach_is_a_verb_in_both_modes(extractor):
    """spaCy's compound_head:coach cue voted org on its own (no verb or sport check), so
    'have Dylan coach Riley' made Dylan a club in spaCy mode only."""
    types, _ = _graph("Let's have Dylan coach Riley before the match on Saturday.", extractor=extractor)
    assert types.get("Dylan") == "person", types


def test_a_parsed_staff_compound_in_a_sport_sentence_still_makes_the_club():
    """The must-keep side: spaCy's compound (no club list knows Wrexham) with a score."""
    types, _ = _graph("We watched the derby and Wrexham striker Paul Mullin scored in the 2-0 win.")
    assert types.get("Wrexham") == "org", types
    assert types.get("Paul Mullin") == "person", types
