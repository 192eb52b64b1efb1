"""Fresh memories, dev logs and news of the kinds soulgraph meets outside the dev sets: each
rule narrowed here has a wrong edge it stops and a right one it keeps. Real spaCy model."""

from __future__ import annotations

import pytest
from conftest import graph_facts as _graph


def _edges(text, extractor="spacy"):
    _, edges = _graph(text, extractor=extractor)
    return {e for e in edges if e[1] != "co_occurs"}


def test_shooting_a_photo_kills_no_one():
    edges = _edges("Zendaya was shot by Mario Testino for the cover of Vogue.")
    assert not any(r == "killed" for _, r, _ in edges), edges
    edges = _edges("Police said Marcus Webb was shot by Dean Fuller outside a bar.")
    assert ("Dean Fuller", "killed", "Marcus Webb") in edges, edges


def test_by_a_possessor_names_no_author():
    edges = _edges("Started Severance by Omar's recommendation and loved it.")
    assert ("Omar", "created", "Severance") not in edges, edges
    edges = _edges("I finished Circe by Madeline Miller last week.")
    assert ("Madeline Miller", "created", "Circe") in edges, edges


def test_a_player_is_a_member_of_the_team_not_staff():
    edges = _edges("Jude Bellingham plays for Real Madrid.")
    assert ("Jude Bellingham", "works_at", "Real Madrid") not in edges, edges
    assert ("Jude Bellingham", "member_of", "Real Madrid") in edges, edges
    assert ("Carla", "works_at", "Spotify") in _edges("Carla works for Spotify as a data analyst.")


def test_a_nationality_before_a_role_is_no_employer():
    text = "Rishi Sunak, the British prime minister, visited Kyiv."
    for extractor in ("spacy", "regex"):
        edges = _edges(text, extractor)
        assert ("Rishi Sunak", "works_at", "British") not in edges, (extractor, edges)
    edges = _edges("Tom Price, a Lyft product manager, said the feature is coming.", "regex")
    assert ("Tom Price", "works_at", "Lyft") in edges, edges


def test_a_job_at_a_site_ner_calls_a_place_is_a_workplace_not_a_home():
    edges = _edges("My brother Ahmed works as a nurse at Kaiser Permanente in Oakland.")
    assert ("Ahmed", "lives_in", "Kaiser Permanente") not in edges, edges
    assert ("Ahmed", "works_at", "Kaiser Permanente") in edges, edges


@pytest.mark.parametrize("text, wrong", [
    ("I had lunch with my cousin Dev in Seattle.", ("Dev", "lives_in", "Seattle")),
    ("My best friend Sara got engaged to her boyfriend Luis in Paris.", ("Luis", "lives_in", "Paris")),
])
def test_the_place_of_an_event_is_no_home_of_its_object(text, wrong):
    assert wrong not in _edges(text)


def test_a_relative_placed_by_in_still_lives_there():
    edges = _edges("My cousin Dev in Seattle sent me a postcard.")
    assert ("Dev", "lives_in", "Seattle") in edges, edges
