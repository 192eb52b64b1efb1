"""Names whose own last word ends in "'s" ("Trader Joe's", "McDonald's"), in both extractors;
ordinary possessives still drop their "'s" ("Ed Sheeran's album" -> "Ed Sheeran")."""

from __future__ import annotations

import pytest
from conftest import spacy_mentions

from soulgraph.extract import possessive, regex_scan, spacy_np

NEEDS_MODEL = pytest.mark.skipif(spacy_np.load_nlp() is None, reason="spaCy model not installed")

KEEP = [
    ("We stopped at Trader Joe's on the way back.", "Trader Joe's"),
    ("Lunch was at McDonald's again.", "McDonald's"),
    ("I returned the boots to Macy's yesterday.", "Macy's"),
]
DROP = [
    ("I stayed at Mary Okoro's for a week.", "Mary Okoro"),
    ("We went to Grandma Rose's.", "Rose"),
    ("Ed Sheeran's new album is out.", "Ed Sheeran"),
    ("The Soviet Union's economy shrank.", "Soviet Union"),
]


def test_keeps_s_rules():
    assert possessive.keeps_s("Trader Joe", "on") and possessive.keeps_s("Kohl", "cookies")  # listed
    assert possessive.keeps_s("Fancy Fred", "") and possessive.keeps_s("Fancy Fred", "near")
    assert not possessive.keeps_s("Fancy Fred", "cookies")  # something owned follows
    assert not possessive.keeps_s("Mary Okoro", "")  # a person's home
    assert "trader joe's" in possessive.listed()


@pytest.mark.parametrize("text, name", KEEP)
def test_regex_keeps_the_business_s(text, name):
    assert name in [o.text for o in regex_scan.scan(text)]


@pytest.mark.parametrize("text, name", DROP)
def test_regex_drops_an_owners_s(text, name):
    assert name in [o.text for o in regex_scan.scan(text)]


@NEEDS_MODEL
@pytest.mark.parametrize("text, name", KEEP)
def test_spacy_keeps_the_business_s(text, name):
    assert name in spacy_mentions(text)


@NEEDS_MODEL
@pytest.mark.parametrize("text, name", DROP)
def test_spacy_drops_an_owners_s(text, name):
    got = spacy_mentions(text)
    assert name in got or name == "Rose" and "Grandma Rose" in got
