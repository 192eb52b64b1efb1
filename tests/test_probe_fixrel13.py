"""Fresh text of the review of the thirteenth relations pass: a "by" hung on an event or a work is
no killer, a distance or a department after "is from" is no home, questions assert nothing (an
auxiliary before the subject, in both modes, a tag or no tag), "been working at X on Y" is no job,
an idea's birth is no home, an app is no home, a club's coach is its staff. Real spaCy model (and
the regex extractor), end to end. Each rule has sentences it must change and one it must still get
right; every sentence is written for these tests."""

from __future__ import annotations

import pytest
from conftest import BOTH, REGEX, SPACY, per_extractor
from conftest import chat_edges as _chat
from conftest import graph_facts as _graph

# (rule, extractors, text, relation, (head, tail)): the edge each sentence must not make
_WRONG = [
    ("a parade's host is no killer", SPACY,
     "Officer Lou Banks was shot during a parade by Mayor Tina Gould in Fresno.", "killed",
     ("Tina Gould", "Lou Banks")),
    ("a thriller's writer is no killer", SPACY,
     "The detective Ada Vance was killed in a thriller by Ruth Penrose.", "killed",
     ("Ruth Penrose", "Ada Vance")),
    ("a lecturer is no killer", SPACY, "Ned Carlin was shot outside a lecture by Governor Hal Briggs.",
     "killed", ("Hal Briggs", "Ned Carlin")),
    ("a distance is no home", SPACY, "Tom Becker was 40 miles from Austin when the tire blew.", "lives_in",
     ("Tom Becker", "Austin")),
    ("a drive is no home", SPACY, "Ines Prado was two hours from Chicago when the call came.", "lives_in",
     ("Ines Prado", "Chicago")),
    ("an idea's birth is no home", BOTH,
     "Greta Holm said the idea for Tidely was born on May 9 in a Lisbon bakery.",
     "lives_in", ("Tidely", "Lisbon")),
    ("an app is no home", BOTH, "Kira Voss later moved to Obsidian for her notes.", "lives_in",
     ("Kira Voss", "Obsidian")),
    ("a coach is no player", REGEX, "Chicago Bulls coach Billy Donovan spoke after the loss.", "member_of",
     ("Billy Donovan", "Chicago Bulls")),
]

# (rule, extractors, text, the edge it must still make)
_RIGHT = [
    ("a killer hung on the room", SPACY, "Ben Ortega was shot to death in his apartment by Carl Ames.",
     ("Carl Ames", "killed", "Ben Ortega")),
    ("a home after is from", SPACY, "Marco Ruiz is from Lisbon.", ("Marco Ruiz", "lives_in", "Lisbon")),
    ("a birth's date, then the town", BOTH, "Rui Costa was born on May 9, 1980, in Lisbon.",
     ("Rui Costa", "lives_in", "Lisbon")),
    ("a move to a town", BOTH, "Kira Voss later moved to Lisbon.", ("Kira Voss", "lives_in", "Lisbon")),
    ("a club's coach is its staff", REGEX, "Chicago Bulls coach Billy Donovan spoke after the loss.",
     ("Billy Donovan", "works_at", "Chicago Bulls")),
    ("a statement with now", REGEX, "Omar Said now works for Shopify.", ("Omar Said", "works_at", "Shopify")),
]


@pytest.mark.parametrize("extractor, text, rel, pair", per_extractor(_WRONG))
def test_the_rule_no_longer_makes_the_edge(extractor, text, rel, pair):
    _, edges = _graph(text, extractor=extractor)
    assert not any(r == rel and (s, t) == pair for s, r, t in edges), edges


@pytest.mark.parametrize("extractor, text, edge", per_extractor(_RIGHT))
def test_the_rule_still_makes_the_edge(extractor, text, edge):
    _, edges = _graph(text, extractor=extractor)
    assert edge in edges, edges


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, rel", [
    ("Lena: Does Nadia Kahn still work at Stripe?", "works_at"),
    ("Lena: Is it true Omar Said now works for Shopify?", "works_at"),
    ("Lena: Did Ana Cruz work at Stripe? I forget.", "works_at"),
    ("Lena: Does Kofi Mensah live in Bergen, yeah?", "lives_in"),
    ("Lena: Does Noor Aziz still live in Leeds, right?", "lives_in"),
    ("Pia: Sam Ortiz is from Sales, ask him.", "lives_in"),
    ("Pia: We've been living in Discord all week because of the release.", "lives_in"),
])
def test_chat_turns_that_say_no_job_or_home(text, rel, extractor):
    edges = _chat(text, extractor)
    assert not any(r == rel for _, r, _ in edges), edges


@pytest.mark.parametrize("text", [
    "Pia: I've been working at Blue Bottle on my essay every morning.",
    "Pia: We've been working for Globex's launch party all week.",
])
def test_a_task_or_a_stretch_is_no_job_in_regex_mode(text):
    """(The parse still reads the first as a job: "work at X" with a task after it is left alone.)"""
    edges = _chat(text, "regex")
    assert not any(r == "works_at" for _, r, _ in edges), edges


@pytest.mark.parametrize("extractor", ["spacy", "regex"])
@pytest.mark.parametrize("text, edge", [
    ("Lena: Nadia Kahn still works at Stripe.", ("Nadia Kahn", "works_at", "Stripe")),
    ("Lena: Kofi Mensah lives in Bergen, doesn't he?", ("Kofi Mensah", "lives_in", "Bergen")),
    ("Pia: I've been living in Madrid for a year.", ("Pia", "lives_in", "Madrid")),
])
def test_chat_turns_that_still_say_one(text, edge, extractor):
    edges = _chat(text, extractor)
    assert edge in edges, edges
