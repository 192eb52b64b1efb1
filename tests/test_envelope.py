"""Speaker envelopes: real speakers split out, headings and commit trailers left alone."""

from __future__ import annotations

import pytest

from soulgraph.sources.envelope import split_segments


def spoken(text: str, speaker: str | None = None) -> list[tuple[str | None, str]]:
    return [(s.speaker, text[s.start:s.end]) for s in split_segments(text, speaker)]


def test_user_agent_turns():
    assert spoken("User: I moved to Lisbon.\nAgent: Noted!") == [("User", "I moved to Lisbon."),
                                                                ("Agent", "Noted!")]


@pytest.mark.parametrize("text, name, body", [
    ("Caroline: Wow, Mel.", "Caroline", "Wow, Mel."),
    ("> Riley: shipping today", "Riley", "shipping today"),
    ("[Riley] shipping today", "Riley", "shipping today"),
    ("Zoë: salut", "Zoë", "salut"),
    ("Assistant: hello", "Assistant", "hello"),
])
def test_named_speaker_forms(text, name, body):
    assert spoken(text) == [(name, body)]


def test_transcript_of_several_speakers():
    text = "Caroline: hi\nMelanie: hey there\nCaroline: how are you?"
    assert [s for s, _ in spoken(text)] == ["Caroline", "Melanie", "Caroline"]


def test_jsonl_speaker_field_confirms_a_prefix_mid_text():
    text = "intro line\nRiley: the actual turn"
    assert spoken(text, "Riley")[-1] == ("Riley", "the actual turn")


@pytest.mark.parametrize("text", [
    "Note: remember the milk",
    "Fix: handle empty files",
    "feat(miner): add support\n\nVerified: tests pass\nCo-authored-by: Claude <noreply@example.com>",
    "Findings: three bugs\nTested: on linux",
    "[WIP] draft of the plan",
    "NOTE: be careful",
    "chore(release): 3.3.0",
])
def test_headings_and_trailers_are_not_speakers(text):
    assert split_segments(text) == []


def test_segments_exclude_prefix_and_trailing_newlines():
    text = "User: one\r\n\nAgent: two\n"
    segs = split_segments(text)
    assert [text[s.start:s.end] for s in segs] == ["one", "two"]
