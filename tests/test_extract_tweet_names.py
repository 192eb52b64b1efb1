"""Names in informal text: lowercase full names (spaCy), a product line with its model number
(both extractors)."""

from __future__ import annotations

import pytest
from conftest import spacy_mentions

from soulgraph.extract import model_number, regex_scan, spacy_np

NEEDS_MODEL = pytest.mark.skipif(spacy_np.load_nlp() is None, reason="spaCy model not installed")


@NEEDS_MODEL
@pytest.mark.parametrize("text, name", [
    ("cant stop playing the new olivia rodrigo song", "olivia rodrigo"),  # not "olivia" and "rodrigo"
    ("met ed sheeran outside tesco", "ed sheeran"),  # "ed" is no determiner here
    ("saw ed sheeran at the airport lol", "ed sheeran"),
])
def test_lowercase_given_name_and_unknown_word_are_one_name(text, name):
    got = spacy_mentions(text)
    assert name in got and not set(name.split()) & set(got)  # whole, and no part of it alone


@NEEDS_MODEL
@pytest.mark.parametrize("text, unchanged", [
    ("jake lol that was wild", "jake"),  # slang is no surname
    ("told amy yesterday about it", "amy"),  # a dictionary word after the name
])
def test_lowercase_name_before_words_stays_alone(text, unchanged):
    got = spacy_mentions(text)
    assert unchanged in got and not any(k.startswith(unchanged + " ") for k in got)


@pytest.mark.parametrize("text, name", [
    ("my iPhone 15 keeps restarting", "iPhone 15"),
    ("He still drives a Saab 900 to work.", "Saab 900"),
    ("Nintendo Switch 2 preorders sold out.", "Nintendo Switch 2"),
    ("The Galaxy S24 camera is great.", "Galaxy S24"),
])
def test_model_number_goes_on_a_product_line(text, name):
    s = text.index(name)
    line_end = s + len(name.rsplit(" ", 1)[0])
    assert text[s:model_number.model_end(text, s, line_end)] == name


@pytest.mark.parametrize("text, head", [
    ("Windows 8.3 file names break the test.", "Windows"),  # a version-like number
    ("The Boeing 737-400 landed.", "Boeing"),  # a range / variant, and no product line listed
    ("Toyota 2019 sales fell.", "Toyota"),  # a year
    ("I moved to Python 3 today.", "Python"),  # a language: one node per tool
    ("my switch 2 broke", "switch"),  # a dictionary word in lowercase is no product line
])
def test_model_number_left_off(text, head):
    s = text.index(head)
    assert model_number.model_end(text, s, s + len(head)) == s + len(head)


def test_regex_extractor_keeps_the_model():
    assert "Saab 900" in [o.text for o in regex_scan.scan("He still drives a Saab 900 to work.")]
    assert "Python" in [o.text for o in regex_scan.scan("Upgraded the Python 3 runtime.")]


@NEEDS_MODEL
def test_spacy_extractor_keeps_the_model():
    assert "iPhone 15" in spacy_mentions("I finally bought an iPhone 15 yesterday.")
    assert "Python" in spacy_mentions("I upgraded to Python 3 today.")
