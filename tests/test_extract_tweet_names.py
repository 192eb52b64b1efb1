"""Names in informal text: lowercase full names (spaCy), a product line with its model number
(both extractors); neither glues a tool to a name nor a count to a product."""

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


@NEEDS_MODEL
@pytest.mark.parametrize("text, name, tool", [
    ("showed lisa figma mockups yesterday", "lisa", "figma"),  # a listed tool is no surname
    ("showed maya figma mockups after lunch", None, "figma"),
    ("tell zoe spotify wrapped dropped", "zoe", "spotify"),
    ("asked leo kubernetes questions all week", None, "kubernetes"),
    ("the new checkpoint beats sota deepseek on evals", None, "deepseek"),  # "sota": ML shorthand
])
def test_lowercase_name_before_a_tool_is_no_full_name(text, name, tool):
    got = spacy_mentions(text)
    assert tool in got and not any(k.endswith(" " + tool) for k in got), got
    assert name is None or name in got


@pytest.mark.parametrize("text, name", [
    ("my iPhone 15 keeps restarting", "iPhone 15"),  # a verb after the model
    ("Her dad restored a Volvo 240 last summer.", "Volvo 240"),
    ("Finally beat Halo 3 yesterday", "Halo 3"),
    ("My iPhone 14 case cracked", "iPhone 14"),  # a singular noun after it
    ("Halo 3 has the best maps", "Halo 3"),  # "has" is no plural
    ("My Kindle 4 battery lasts weeks", "Kindle 4"),
    ("My PlayStation 5 games are all digital", "PlayStation 5"),  # a coined line: a model, then a plural
    ("Nintendo Switch 2 preorders sold out.", "Nintendo Switch 2"),
    ("The Galaxy S24 camera is great.", "Galaxy S24"),
])
def test_model_number_goes_on_a_product_line(text, name):
    s = text.index(name)
    line_end = s + len(name.rsplit(" ", 1)[0])
    assert text[s:model_number.model_end(text, s, line_end)] == name


@pytest.mark.parametrize("text, head", [
    ("Windows 8.3 file names break the test.", "Windows"),  # a version-like number
    ("The Pixel 7-8 price gap is small.", "Pixel"),  # a range after a listed line
    ("Toyota 2019 sales fell.", "Toyota"),  # a year
    ("I moved to Python 3 today.", "Python"),  # a language: one node per tool
    ("my switch 2 broke", "switch"),  # a dictionary word in lowercase is no product line
])
def test_model_number_left_off(text, head):
    s = text.index(head)
    assert model_number.model_end(text, s, s + len(head)) == s + len(head)


@pytest.mark.parametrize("text, head", [
    ("Played Halo 3 hours straight last night", "Halo"),  # a unit after the number: a count
    ("She reads on her Kindle 4 novels a month", "Kindle"),
    ("Grabbed Destiny 6 cupcakes for the party", "Destiny"),
    ("Windows 5 and 6 on the north wall still leak", "Windows"),  # a number after "and"
    ("Switch 4 reviewers into the approval rule", "Switch"),
    ("Reviewed by Halo 7 people before the merge", "Halo"),
    ("LA Galaxy 3, Portland Timbers 2", "LA Galaxy"),  # a team before its score
])
def test_count_after_a_product_line_is_no_model(text, head):
    s = text.index(head)
    assert model_number.model_end(text, s, s + len(head)) == s + len(head)


def test_regex_extractor_keeps_the_model():
    assert "Volvo 240" in [o.text for o in regex_scan.scan("Her dad restored a Volvo 240 last summer.")]
    assert "Halo" in [o.text for o in regex_scan.scan("Played Halo 3 hours straight last night")]
    assert "Python" in [o.text for o in regex_scan.scan("Upgraded the Python 3 runtime.")]


@NEEDS_MODEL
def test_spacy_extractor_keeps_the_model():
    assert "iPhone 15" in spacy_mentions("I finally bought an iPhone 15 yesterday.")
    assert "Python" in spacy_mentions("I upgraded to Python 3 today.")
