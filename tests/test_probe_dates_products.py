"""Memories of a working developer's agent: dates said relative to the telling, and named
software products the small model calls a law or a work of art. Real spaCy model, end to end."""

from __future__ import annotations

import pytest

from soulgraph import Memory, rebuild
from soulgraph.shapes import is_relative_date


def _types(*texts: str, extractor: str = "spacy") -> dict[str, str]:
    g = rebuild([Memory(id=f"d{i}", content=t) for i, t in enumerate(texts)], extractor=extractor).graph
    return {d["name"]: d["type"] for _, d in g.nodes(data=True)}


@pytest.mark.parametrize("s", ["next week", "last year", "Yesterday", "the end of the year",
                               "earlier this month", "days later", "next summer", "Today"])
def test_a_date_tied_to_the_telling_is_relative(s):
    assert is_relative_date(s)


@pytest.mark.parametrize("s", ["June 20", "1988", "two years", "Thursday", "Independence Day",
                               "September 2027", "14 minutes", "the 1980s"])
def test_a_calendar_date_or_a_counted_span_is_not(s):
    assert not is_relative_date(s)


def test_relative_dates_are_no_nodes_but_calendar_dates_stay():
    types = _types(
        "User: Bilal is flying to Oslo next week for the hackathon.\nAgent: Noted.",
        "User: We moved the offsite to the end of the year, after last year's mess.",
        "User: The Meridian beta ships on October 14.",
    )
    assert not {"next week", "last year", "end of the year", "the end of the year"} & set(types), types
    assert types.get("October 14") == "concept", types
    assert types.get("Oslo") == "place", types


def test_a_span_of_time_before_ago_keeps_the_span():
    types = _types("The bridge over the Tagus opened 35 years ago, and four years later it was widened.")
    assert "35 years ago" not in types and "35 years" in types, types
    assert "four years later" not in types, types


def test_a_named_protocol_with_an_adapter_and_a_release_is_software():
    types = _types(
        "User: Noor asked whether the Harbor Protocol adapter handles retries.\nAgent: It does since 2.1.",
        "Decision: the sync service reads manifests through Harbor Protocol's own loader.",
        "Agent: Pin harbor-protocol 2.1.0 in the lockfile, the harbor-protocol wheel for 2.0 is broken.",
    )
    assert types.get("Harbor Protocol") in ("tool", "project"), types
    assert "harbor-protocol" not in types, types  # the package slug is the same node


def test_a_treaty_named_protocol_is_no_software():
    types = _types("The Kyoto Protocol was signed by dozens of countries in 1997.")
    assert types.get("Kyoto Protocol") not in ("tool", "project"), types


def test_an_open_source_package_is_no_name():
    types = _types("We want a real-time version 2 of the open-source package.")
    assert not {"real-time", "open-source"} & set(types), types


def test_a_bare_count_is_no_node_but_a_year_stays():
    types = _types("User: The importer choked on 500 rows and 12 files from the 1998 archive.\nAgent: Noted.",
                   "The museum in Ghent has 240 paintings, most of them bought in 1987.")
    assert not {"500", "12", "240"} & set(types), types
    assert "1987" in types, types


def test_a_products_part_is_no_concept_but_an_eponym_is():
    types = _types(
        "fix(store): release the SQLite file lock in close_store() before `rm -rf` of the cache dir",
        "Swap the module-level VectorIndex singleton for a per-path cache in index_cache.py.",
        "Scores fade with Ebbinghaus decay, as in notes/memory.md and `decay()`.",
    )
    assert not {"SQLite file lock", "VectorIndex singleton"} & set(types), types
    assert "SQLite" in types, types
    assert "Ebbinghaus decay" in types, types


@pytest.mark.parametrize("text, name, part", [
    ("VS Code's remote server eats memory on the build box, said Ines.", "VS Code", "Code"),
    ("LM Studio's local server answers one request at a time.", "LM Studio", "Studio"),
])
def test_an_acronym_opening_a_sentence_stays_on_the_products_name(text, name, part):
    types = _types(text)
    assert name in types and part not in types, types


@pytest.mark.parametrize("word", ["pluggable", "searchable", "auditable", "atomically", "deterministically",
                                  "influencers"])
def test_a_word_derived_by_a_productive_suffix_is_a_word(word):
    from soulgraph.extract import lexicon

    assert lexicon.is_word(word)


@pytest.mark.parametrize("name", ["grammarly", "syncthing", "chromadb", "pytest", "ewings", "lakers"])
def test_a_product_team_or_family_name_built_from_words_stays_a_name(name):
    from soulgraph.extract import lexicon

    assert not lexicon.is_word(name)


def test_derived_words_in_chat_and_commits_are_no_nodes():
    types = _types("User: the new storage layer is pluggable and the logs are searchable now.\nAgent: Nice.",
                   "Jade: all the influencers say the trail is walkable in June!")
    assert not {"pluggable", "searchable", "influencers", "walkable"} & set(types), types


def test_where_a_traveller_lands_is_a_place():
    types = _types("User: Mom lands at SFO on Tuesday, can you book the shuttle?\nAgent: Booked for Tuesday.",
                   "User: Her flight lands at SFO at noon.\nAgent: Noted.")
    assert types.get("SFO") == "place", types


@pytest.mark.parametrize("texts, name", [
    (["Kite Protocol 0.3 adds streaming.", "User: Can Kite Protocol talk to Redis?\nAgent: Yes."],
     "Kite Protocol"),
    (["Released Beacon Protocol v2.1 today.", "Beacon Protocol handles the handshake between agents."],
     "Beacon Protocol"),
    (["Tessa upgraded Quill Engine to 4.2 yesterday.", "Quill Engine renders the whole map in 3 ms."],
     "Quill Engine"),
])
def test_a_product_with_a_release_number_is_a_tool(texts, name):
    types = _types(*texts)
    assert types.get(name) == "tool", types
    assert "Protocol" not in types, types  # "Kite [Protocol 0.3]": the model's LAW cut the name short


def test_a_measure_after_a_name_is_no_release_number():
    types = _types("Exports from Valdoria rose 2.5 percent in March.", "Valdoria signed the treaty in Oslo.")
    assert types.get("Valdoria") != "tool", types


def test_chat_abbreviations_are_no_nodes():
    types = _types("Nia: omg that romcom was my fav, prob watching it again tmrw",
                   "Theo: the new vids are so glam tho, totes worth it")
    assert not {"fav", "prob", "romcom", "vids", "glam", "totes"} & set(types), types



def test_a_projects_own_docs_and_spec_make_it_no_document():
    types = _types("User: I started contributing to Harbor Protocol last month.\nAgent: Nice, which part?",
                   "User: The Harbor Protocol spec is on GitHub, and the Harbor Protocol docs too.\n"
                   "Agent: Got it.")
    assert types.get("Harbor Protocol") in ("project", "tool"), types


def test_a_named_file_or_paper_is_still_a_document():
    types = _types("Read the Attention paper before the reading group.",
                   "Kofi keeps the Onboarding file in the shared drive.")
    assert types.get("Attention") == "document" and types.get("Onboarding") == "document", types
