"""News names typed from general lists (state abbreviations, capitals, organisation words), in
both extractors: the regex extractor has no NER, so these lists are most of its evidence."""

from __future__ import annotations

import pytest

from soulgraph import pipeline
from soulgraph.classify import gazetteer
from soulgraph.extract import spacy_np
from soulgraph.sources.jsonl import to_memory

NEWS = [
    "Marie Ferraro, 50, of Bethany, Conn., was shot to death Thursday.",
    "One of Warner's lawyers, Andrew Hall of Miami, Fla., confirmed Tuesday that he will settle.",
    "The aircraft crashed during a flight to Khartoum from Kassala in eastern Sudan.",
    "James Earl Ray is serving 99 years for the murder of King in Memphis.",
    "Says former Air Force commander Avihu Bin-Nun, the plan is not practical.",
    "Mrs. Higgins is a major in the Marine Corps and works at the Pentagon.",
    "The Internal Revenue Service and two of the largest banks agreed.",
    "The Rwandan Patriotic Front has rescued 2, 000 people in the south.",
    "The fire may be contained by tonight, said Greg Thayer of the Forest Service.",
]


def types(extractor: str) -> dict[str, str]:
    mems = [to_memory({"id": str(i), "content": c}, "test") for i, c in enumerate(NEWS)]
    g = pipeline.rebuild(mems, extractor=extractor).graph
    return {d["name"].rstrip("."): d["type"] for _, d in g.nodes(data=True)}


@pytest.mark.parametrize("extractor", [
    "regex",
    pytest.param("spacy", marks=pytest.mark.skipif(spacy_np.load_nlp() is None, reason="no spaCy model")),
])
def test_state_abbreviations_capitals_and_org_words(extractor):
    got = types(extractor)
    for place in ("Conn", "Fla", "Khartoum", "Memphis"):
        assert got.get(place) == "place", (place, got)
    for org in ("Air Force", "Marine Corps", "Internal Revenue Service", "Rwandan Patriotic Front",
                "Forest Service"):
        assert got.get(org) == "org", (org, got)


def test_bare_state_abbreviation_needs_its_case_and_no_word_reading():
    assert any(v.type == "place" for v in gazetteer.votes("Tenn"))
    assert not any(v.type == "place" for v in gazetteer.votes("MD"))  # a doctor, not Maryland
    for word in ("Miss", "Wash", "Mass", "Pa", "Tex"):  # a title, words, a dad, a nickname
        assert not any(v.type == "place" for v in gazetteer.votes(word)), word


def test_cities_are_no_region_of_a_town_state_pair():
    # a capital is typing evidence, but "Mexico, Guadalajara, Monterrey" stays a list of cities
    assert "guadalajara" in gazetteer.words("cities")
    assert "guadalajara" not in gazetteer.words("places")
    assert not set(gazetteer.words("cities")) & set(gazetteer.words("given_names"))


def test_middle_initial_names_are_people_in_the_regex_extractor():
    # no NER there: the written shape of the name is the evidence (one mention, no other cue)
    mems = [to_memory({"id": "0", "content": "The report was written by Charles J. Guiteau and Jo Ann K. "
                                          "Smith; Mongolian Prime P. Jasray signed the treaty."}, "test")]
    got = {d["name"]: d["type"] for _, d in pipeline.rebuild(mems, extractor="regex").graph.nodes(data=True)}
    assert got.get("Charles J. Guiteau") == "person", got
    assert got.get("Jo Ann K. Smith") == "person", got
    assert got.get("Mongolian Prime P. Jasray") != "person", got  # a demonym and a title, glued


def test_a_person_verb_alone_names_a_person_when_nothing_says_otherwise():
    # the regex extractor has no model: "X said" is the only evidence a news surname gets
    mems = [to_memory({"id": "0", "content": "At a briefing in Rockville, Bernero said the cones were a "
                                          "concern."}, "test"),
            to_memory({"id": "1", "content": "INTERFAX-Ukraine said the talks would resume."}, "test"),
            to_memory({"id": "2", "content": "Pemex Corp said output fell."}, "test")]
    got = {d["name"]: d["type"] for _, d in pipeline.rebuild(mems, extractor="regex").graph.nodes(data=True)}
    assert got.get("Bernero") == "person", got
    assert got.get("INTERFAX-Ukraine") != "person", got  # shouting and a known place in the name
    assert got.get("Pemex Corp") != "person", got  # an organisation word says otherwise


@pytest.mark.skipif(spacy_np.load_nlp() is None, reason="no spaCy model")
def test_a_brand_after_a_or_my_is_the_product():
    mems = [to_memory({"id": "0", "content": "Honestly a Subaru beats anything on snow."}, "test"),
            to_memory({"id": "1", "content": "Chrysler said its sales fell in March."}, "test")]
    got = {d["name"]: d["type"] for _, d in pipeline.rebuild(mems, extractor="spacy").graph.nodes(data=True)}
    assert got.get("Subaru") == "tool", got  # one car of the brand (the model says ORG)
    assert got.get("Chrysler") != "tool", got  # the company itself speaks
