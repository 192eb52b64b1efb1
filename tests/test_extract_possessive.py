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
    ("The painting sold at Sotheby's last spring.", "Sotheby's"),
]
DROP = [
    ("I stayed at Mary Okoro's for a week.", "Mary Okoro"),
    ("We went to Grandma Rose's.", "Rose"),
    ("Ed Sheeran's new album is out.", "Ed Sheeran"),
    ("The Soviet Union's economy shrank.", "Soviet Union"),
    # a given name or a surname that some shop also bears: the person's possessive
    ("Wendy's cousin Tom is visiting from York.", "Wendy"),
    ("Casey's phone died again.", "Casey"),
    ("Macy's dad drove us home.", "Macy"),
    ("We ate at Lowe's place on Sunday.", "Lowe"),
    ("The last word was Coach Morgan's.", "Morgan"),  # a title before the given name
]


def test_keeps_s_rules():
    assert possessive.keeps_s("Trader Joe", "on") and possessive.keeps_s("Arby", "fries")  # listed
    assert not possessive.keeps_s("Arby", "mom") and not possessive.keeps_s("Arby", "coming")  # a person's
    assert not possessive.keeps_s("Wendy", "") and not possessive.keeps_s("Kohl", "")  # names, not shops
    assert not possessive.keeps_s("Coach Fred", "") and not possessive.keeps_s("Professor Fred", "")
    assert possessive.keeps_s("Fancy Fred", "") and possessive.keeps_s("Fancy Fred", "near")
    assert not possessive.keeps_s("Fancy Fred", "cookies")  # something owned follows
    assert not possessive.keeps_s("Mary Okoro", "")  # a person's home
    assert "trader joe's" in possessive.listed()


def test_no_listed_possessive_is_a_given_name():
    from soulgraph.classify import gazetteer

    one_word = [x[:-2] for x in possessive.listed() if " " not in x]
    assert one_word and not [x for x in one_word if gazetteer.is_given_name(x)]


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
    titled = {"Rose": "Grandma Rose", "Morgan": "Coach Morgan"}.get(name)
    assert name in got or titled in got
    assert not any(k.endswith("'s") for k in got)
