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
