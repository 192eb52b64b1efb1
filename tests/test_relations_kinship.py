"""Kin words type both ends themselves, whatever spaCy's NER guessed for the name."""

from __future__ import annotations

import pytest
from conftest import graph_facts


def _edges(text: str) -> set[tuple[str, str, str]]:
    return graph_facts(text)[1]


@pytest.mark.parametrize("text", [
    "User: My daughter Riley starts school in Lisbon.\nAgent: Exciting!",
    "User: Riley is my daughter.\nAgent: Lovely.",
])
def test_first_person_kinship_points_from_the_speaker(text):
    assert ("User", "family_of", "Riley") in _edges(text)  # the small model calls Riley an ORG


@pytest.mark.parametrize("text", [
    "Riley is Maya Chen's daughter.",
    "Maya Chen's daughter Riley loves chess.",
])
def test_possessor_holds_the_kinship(text):
    edges = _edges(text)
    assert ("Maya Chen", "family_of", "Riley") in edges
    assert ("Riley", "family_of", "Maya Chen") not in edges


def test_no_kinship_without_a_kin_word():
    edges = _edges("User: Acme Corp is my favourite company.\nAgent: ok.")
    assert not any(r == "family_of" for _, r, _ in edges)


@pytest.mark.parametrize(("text", "head", "tail"), [
    ("User's daughter is Riley", "User", "Riley"),
    ("Maya Chen's sister is Ana.", "Maya Chen", "Ana"),
])
def test_kin_noun_as_subject_of_a_copula(text, head, tail):
    assert (head, "family_of", tail) in _edges(text)
