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


def test_prefixes_are_read_at_line_starts_only_as_a_full_scan_reads_them():
    """The splitter tries the prefix pattern at line starts only; it must find exactly the
    matches a scan of every position finds, including a quote whose blanks cross a line
    ("> \\nRiley: ...") and CRLF / blank-line transcripts."""
    import random

    from soulgraph.sources.envelope import _PREFIX, _line_prefixes

    rng = random.Random(7)
    atoms = ["Bob", "Ana Lu", "User", ":", ": ", "\n", "\r\n", ">", "> ", " ", "[", "]", "[Riley]",
             "hi", "Zoë", "\t", "x", "\n\n", "O'Neil", "3", "\u2028", "\x0b"]
    texts = ["> \nRiley: hi\nRiley: yo", "Bob: a\r\nAna: b\r\n", "\n\nBob: x", "a\n>\n\nBob: x"]
    texts += ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 12))) for _ in range(20000)]
    for t in texts:
        assert [(m.span(), m.groups()) for m in _line_prefixes(t)] == \
            [(m.span(), m.groups()) for m in _PREFIX.finditer(t)], t
    assert spoken("> \nRiley: hi\nRiley: yo") == [("Riley", "hi"), ("Riley", "yo")]



def test_one_line_texts_split_as_the_line_scan_splits_them():
    """A text without a line feed takes a short path (its only line start is its start); it
    must give the segments the general line scan gives."""
    import random

    from soulgraph.sources.envelope import _lines, _one_line

    rng = random.Random(11)
    atoms = ["Bob", "Ana Lu", "User", "Agent", ":", ": ", "\r", ">", "> ", " ", "[", "]", "[Riley]",
             "hi", "Zoë", "\t", "x", "Note", "O'Neil", "3", "\u2028", "\x0b", "Verified", "NOTE"]
    texts = ["Caroline: Wow, Mel.", "[Riley] shipping today", "Note: x", "Riley: hi\r", "a Riley: b"]
    texts += ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 10))) for _ in range(20000)]
    for t in texts:
        for speaker in (None, "Bob", "Riley"):
            assert _one_line(t, speaker) == _lines(t, speaker), (t, speaker)
    assert spoken("Riley: hi\r") == [("Riley", "hi")]
    assert spoken("[Riley] shipping\r\r") == [("Riley", "shipping")]


def test_split_all_gives_each_text_its_own_split():
    """The batch splitter (one C-level match pass for one-line texts, segments made together)
    gives exactly split_segments' segments, text by text, in the same instance state, and a
    list of its own to every text."""
    import random

    from soulgraph.sources.envelope import split_all

    rng = random.Random(13)
    atoms = ["Bob", "Ana Lu", "User", "Agent", ":", ": ", "\r", "\n", ">", "> ", " ", "[", "]",
             "[Riley]", "hi", "Zoë", "\t", "x", "Note", "O'Neil", "3", "\u2028", "Verified", "NOTE",
             "-", "’", ".", "\x0b", "[Bo Li]:", "Ana Lu Mo Re:", "Ana:"]
    texts = ["Caroline: Wow, Mel.", "[Riley] shipping today", "Riley: hi\r", "[Riley]\r\r", "",
             "User: a\nAgent: b", "plain text"]
    texts += ["".join(rng.choice(atoms) for _ in range(rng.randint(0, 10))) for _ in range(20000)]
    speakers = [rng.choice((None, "Bob", "Riley", "Note")) for _ in texts]
    got = split_all(texts, speakers)
    assert len(got) == len(texts) and len(set(map(id, got))) == len(got)
    for t, s, segs in zip(texts, speakers, got, strict=True):
        want = split_segments(t, s)
        assert segs == want, (t, s)
        assert [(type(x), x.speaker, x.start, x.end, repr(x)) for x in segs] == [
            (type(x), x.speaker, x.start, x.end, repr(x)) for x in want]
