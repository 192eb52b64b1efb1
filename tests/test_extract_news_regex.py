"""News names in the regex fallback: a person and their town split at "of", "Town, State" pairs,
wire datelines (a document number, the town, the source; a town in capitals before "(AP)")."""

from __future__ import annotations

import pytest
from conftest import graph_facts

from soulgraph.extract import regex_scan as S
from soulgraph.extract import spacy_np

NEEDS_MODEL = pytest.mark.skipif(spacy_np.load_nlp() is None, reason="spaCy model not installed")


def names(text: str) -> list[str]:
    return [o.text for o in S.scan(text)]


def test_person_of_town_splits_in_regex_mode():
    assert {"Nadia Okafor", "Dunedin"} <= set(names("Police said Nadia Okafor of Dunedin found the car."))


@pytest.mark.parametrize("text, whole", [
    ("They met at the Bank of Scotland on Friday.", "Bank of Scotland"),
    ("A play about Catherine of Aragon opened.", "Catherine of Aragon"),
    ("He studied at the University of Ghana in Accra.", "University of Ghana"),
])
def test_institutions_and_single_names_with_of_stay_whole(text, whole):
    assert whole in names(text)


def test_town_and_state_pair_is_a_name_over_its_parts():
    got = names("The mill in Grafton, Vt. closed after Brookfield, Wisconsin lost it.")
    assert {"Grafton, Vt.", "Grafton", "Brookfield, Wisconsin", "Brookfield", "Wisconsin"} <= set(got)


@pytest.mark.parametrize("text", [
    "We flew to Lisbon, Madrid and Rome.",  # cities: a list
    "She lived in Ohio, Texas and Iowa.",  # states: a list
    "Thanks, Maria, Texas was fun.",  # a given name before the comma
    "Our offices in Norway, Sweden and Spain.",
    "Rows A, B, C, G, Ohio signed up first.",  # a list before the pair
    "Handed the bug to Ana Ruiz, Georgia will review it.",  # a person, then a person
    "Thanks to Omar Haddad, Jordan shipped the fix.",
    "We signed Brightline Labs, Virginia negotiated it.",  # the region word goes on a clause
    "HOTFIX, Georgia -- please review the patch.",  # shouting, no dateline
])
def test_lists_of_places_are_no_pairs(text):
    assert not any(", " in n for n in names(text))


@pytest.mark.parametrize("text, pair", [
    ("We flew to Atlanta, Georgia last week.", "Atlanta, Georgia"),  # a given name, then a time
    ("She grew up in Macon, Georgia.", "Macon, Georgia"),
    ("DAYTON, Ohio (AP) _ The plant will close.", "DAYTON, Ohio"),
    ("Two barges sank near Marion Falls, Ore., on Friday.", "Marion Falls, Ore."),  # a given name opens it
    ("Old Mill Road, Ludlow, Vt.;", "Ludlow, Vt."),  # after a list's item, but a newspaper's state
    ("SAGINAW, Mich.", "SAGINAW, Mich."),  # capitals, but a newspaper's state
])
def test_town_and_region_named_like_people_still_pair(text, pair):
    assert pair in names(text)


def test_pair_graph_node_is_a_place_and_keeps_town_relations():
    types, edges = graph_facts("The mill in Grafton, Vt. closed.", extractor="regex")
    assert types.get("Grafton, Vt.") == "place"
    assert ("Grafton", "located_in", "Vt") in edges  # the pair does not hide its parts' neighbours


def test_wire_dateline_splits_number_town_and_source():
    got = S.scan("QX1102114595 Lima Radio Programas del Peru in Spanish 1200 GMT 11 Feb 95")
    found = {o.text: o.signals for o in got}
    assert "dateline_place" in found["Lima"]
    assert "dateline_source" in found["Radio Programas del Peru"]
    assert not any(o.text.startswith("QX") for o in got)


def test_wire_number_before_an_unknown_word_keeps_the_rest_whole():
    assert "Zorblat Weekly" in names("QX1102114595 Zorblat Weekly said so.")


def test_town_in_capitals_before_wire_credit_is_a_place_not_shouting():
    types, _ = graph_facts("TAMPERE, Finland (AP) _ A bridge collapsed on Sunday.", extractor="regex")
    assert types.get("TAMPERE") == "place"


@pytest.mark.parametrize("text", [
    "AWESOME, Mel -- see you there.",  # no known region after the comma
    "UPDATE (DEV) is live",  # no wire credit
    "DEPLOY (PROD) failed again",
    "ROLLBACK (INFRA) -- staging certs expired",
    "PRIYA (QA): can we move the demo?",
    "HOTFIX, Georgia -- please review the patch.",  # a region and a dash, but no listed town
    "We said GOODBYE (AP style) later.",  # not opening the text
])
def test_shouting_is_no_dateline(text):
    assert not any("dateline_place" in o.signals for o in S.scan(text))


@pytest.mark.parametrize("text, town", [
    ("NAIROBI, Kenya _ The rains came early this year.", "NAIROBI"),  # a listed town, no credit
    ("ZELTOWN, Ohio (UPI) _ The mill reopened.", "ZELTOWN"),  # an unknown town, a wire's credit
    ("ZELTOWN, Mich. _ The mill reopened.", "ZELTOWN"),  # a newspaper's abbreviation of the state
])
def test_dateline_with_a_credit_or_a_listed_town(text, town):
    assert any(o.text == town and "dateline_place" in o.signals for o in S.scan(text))


@NEEDS_MODEL
@pytest.mark.parametrize("text, word", [
    ("DEPLOY (PROD) failed again", "DEPLOY"),
    ("ROLLBACK (INFRA) -- staging certs expired", "ROLLBACK"),
])
def test_spacy_shouting_is_no_dateline_place(text, word):
    types, _ = graph_facts(text)
    assert types.get(word) != "place", types  # (main gave a place: the capitals read as a dateline)


@NEEDS_MODEL
def test_spacy_dateline_town_with_credit_is_a_place():
    types, _ = graph_facts("ZELTOWN, Ohio (AP) _ The mill reopened on Monday.")
    assert types.get("ZELTOWN") == "place", types
