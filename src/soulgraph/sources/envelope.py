"""Split conversation envelopes into speaker segments.

soul-protocol stores a turn as ``"User: ...\\nAgent: ..."``; chat logs use
``Caroline: ...``, ``> Riley: ...`` or ``[Riley] ...``. A segment covers one
speaker's text only (the prefix is metadata), so one speaker's words never run
into the next speaker's.

Developer text is full of ``Word:`` line starts that are no speakers ("Note:",
"Verified:", "Co-authored-by:", "feat(x):"), so a prefix only counts as a
speaker when the evidence says so:

- it is a role (User, Agent, Assistant, Human, AI, Bot, System), or
- it names the memory's own ``speaker`` field, or
- the same name prefixes two or more lines, or
- every non-empty line of the text starts with a prefix (a transcript), or
- it opens the text and reads like a name (not a heading word, not hyphenated,
  not a past participle such as "Verified", not a plural such as "Findings").
"""

from __future__ import annotations

import functools
import re
from itertools import repeat
from operator import contains

from soulgraph.models import Segment, new_segment, new_segments

# A speaker prefix at the start of a line: 1-3 capitalised words, then ":" (or [Name]).
_PREFIX = re.compile(
    r"^(?:>\s*)?(?:\[(?P<b>[^\W\d_][\w.' -]{0,40}?)\]\s*:?|"
    r"(?P<n>(?:[^\W\d_a-z][\w.'’-]*)(?:[ ][^\W\d_a-z][\w.'’-]*){0,2}):)[ \t]*",
    re.MULTILINE,
)
ROLES = frozenset({"User", "Agent", "Assistant", "Human", "AI", "Bot", "System", "USER", "AGENT",
                   "ASSISTANT", "HUMAN"})
# Words that end in ':' at a line start but are headings, not speakers.
NOT_SPEAKERS = frozenset("""
Note Notes Todo TODO Update Updated Updates Summary Example Examples Fix Fixes Fixed Re Step Steps Warning
Warnings Error Errors Subject Date From To Cc Bcc Closes Closed Refs Ref Reference References Tip Tips
Important Question Questions Answer Answers Result Results Output Input Context Goal Goals Status Reason
Reasons Why What How When Where Who Usage Verified Verification Tested Testing Test Tests Finding Findings
Credit Credits Previous Next Quickstart Before After Problem Problems Solution Solutions Symptom Symptoms
Cause Root Changes Changed Change Added Removed Deprecated Breaking Security Performance Docs Doc
Background Motivation Description Details Caveat Caveats Scope Impact Risk Risks Rationale Approach
Implementation Design Plan Done Pending Blocked Owner Assignee Reviewer Reviewers Author Authors
Signed Expected Actual Repro Source Target Default Option Options Returns Raises Args Arguments Parameters
Yields Attributes Key Value Type Name Path File Files Line Lines Time Location Host Port URL Link Links
See Also PS Edit Edited TLDR Conclusion Conclusions Overview Intro Introduction Aside Hint Caution Danger
Info Q A Pros Cons Benefits Tradeoffs Trade-offs Limitations Requirements Dependencies Deps Migration
Notice Disclaimer Hypothesis Observation Observations Evidence Decision Decisions Outcome Outcomes
Action Actions Owner Ask Asks Feedback Comment Comments Review Reviewed Approved Merged Released Version
Platform Environment Config Configuration Command Commands Logs Log Trace Traceback Stack Message Title
Body Footer Header Labels Label Tags Tag Milestone Priority Severity Category Topic Agenda Minutes
Attendees Ingredients Directions Total Subtotal Price Cost Address Phone Email Website Day Week Month
Morning Afternoon Evening Tonight Today Tomorrow Yesterday Monday Tuesday Wednesday Thursday Friday
Saturday Sunday Mood Weather Remember Reminder Goal Lesson Lessons Takeaway Takeaways Highlights Wins
""".split())


@functools.lru_cache(maxsize=4096)  # a store repeats its few speakers thousands of times
def _name_like(name: str) -> bool:
    """Could this prefix word(s) be a person's name (or handle) rather than a heading?"""
    first = name.split()[0]
    if name in NOT_SPEAKERS or first in NOT_SPEAKERS or name.rstrip(".") in NOT_SPEAKERS:
        return False
    if "-" in name or "_" in name or any(ch.isdigit() for ch in name):
        return False
    if name.isupper() and len(name) > 1 and name not in ROLES:
        return False  # NOTE:, WARNING:, BREAKING CHANGE:
    low = first.lower()
    if len(first) > 4 and (low.endswith(("ed", "ing")) or (low.endswith("s") and not low.endswith("ss"))):
        from soulgraph.extract import lexicon

        if lexicon.is_word(low) or not lexicon.available():
            return False  # Verified, Testing, Findings
    return True


def _line_prefixes(text: str) -> list[re.Match]:
    """``_PREFIX.finditer(text)``, tried only where its ``^`` can match: at the start and
    after each line feed (a search tries every position of the text). As in finditer, a
    line start inside the previous match is skipped (the blanks after a quote ">" can cross one)."""
    match = _PREFIX.match
    if "\n" not in text:
        m = match(text)
        return [m] if m is not None else []
    out, end, pos = [], 0, 0
    while pos >= 0:
        if pos >= end:
            m = match(text, pos)
            if m is not None:
                out.append(m)
                end = m.end()
        pos = text.find("\n", pos)
        if pos >= 0:
            pos += 1
    return out


def split_segments(text: str, speaker: str | None = None) -> list[Segment]:
    """Segments for ``text``; empty when it holds no speaker prefixes."""
    if ":" not in text and "]" not in text:
        return []  # every prefix form ends in ":" or "]": skip the scan
    if "\n" not in text:  # one line (a chat turn "Name: ..."): one prefix at most, at its start
        return _one_line(text, speaker)
    return _lines(text, speaker)


def split_all(texts: list[str], speakers: list[str | None]) -> list[list[Segment]]:
    """``list(map(split_segments, texts, speakers))``: the texts of one line (a chat turn each)
    matched by one C-level pass, their segments made together; the others one by one."""
    matches = list(map(_PREFIX.match, texts))
    multi = list(map(contains, texts, repeat("\n")))  # (operator's: str.__contains__ is a slot wrapper)
    out: list[list[Segment]] = []
    at: list[int] = []  # where a one-line text's segment goes
    names: list[str] = []  # its fields
    starts: list[int] = []
    ends: list[int] = []
    named: dict = {}  # (matched prefix, speaker) -> the turn's speaker or None: few distinct ones
    for text, speaker, m, lf in zip(texts, speakers, matches, multi, strict=True):
        if lf:
            out.append(split_segments(text, speaker))
            continue
        if m is not None:
            # (keyed by the matched prefix, one string, not by its groups, a tuple of two: the
            # match opens the text, so its groups are those of the same prefix anywhere)
            head = m[0]
            key = (head, speaker)
            name = named.get(key, _UNSEEN)
            if name is _UNSEEN:
                name = named[key] = _turn_name(m.group("b", "n"), speaker)
            if name is not None:  # (the body runs to the end, less any "\r" there)
                body = len(head)
                at.append(len(out))
                names.append(name)
                starts.append(body)
                ends.append(_turn_end(text, body) if text[-1] == "\r" else len(text))
        out.append([])
    for i, seg in zip(at, new_segments(names, starts, ends), strict=True):
        out[i].append(seg)
    return out


def _lines(text: str, speaker: str | None) -> list[Segment]:
    """:func:`split_segments` of any text: the prefixes at its line starts, then the evidence."""
    raw = []
    for m in _line_prefixes(text):
        name = _prefix_name(m)
        if name is not None:
            raw.append((m.start(), m.end(), name))
    if not raw:
        return []
    if len(raw) == 1:  # one prefix (a chat turn "Name: ..."): no repeats, no transcript
        start, _, name = raw[0]
        if not (_known_speaker(name, speaker) or (start == 0 and _name_like(name))):
            return []
        found = raw
    else:
        found = _speakers(text, speaker, raw)
        if not found:
            return []
    if found[0][0] != 0 and text[: found[0][0]].strip():
        found.insert(0, (0, 0, speaker))
    segs = []
    for i, (_, body, name) in enumerate(found):
        end = found[i + 1][0] if i + 1 < len(found) else len(text)
        while end > body and text[end - 1] in "\r\n":
            end -= 1
        segs.append(new_segment(name, body, max(end, body)))
    return segs


def _one_line(text: str, speaker: str | None) -> list[Segment]:
    """:func:`split_segments` of a text without a line feed: its only line start is the text's
    start, so there is one prefix or none, and no repeat nor transcript to count."""
    m = _PREFIX.match(text)
    turn = _one_line_turn(text, m, speaker) if m is not None else None
    return [] if turn is None else [new_segment(*turn)]


def _one_line_turn(text: str, m: re.Match, speaker: str | None) -> tuple[str, int, int] | None:
    """(speaker, start, end) of the turn a one-line text's prefix match ``m`` opens (see
    :func:`_turn_name`); the body runs to the end, no "\r" after it. None when the prefix
    names no speaker."""
    name = _turn_name(m.group("b", "n"), speaker)
    if name is None:
        return None
    body = m.end()
    return name, body, _turn_end(text, body)


_UNSEEN = object()


def _turn_name(groups: tuple[str | None, str | None], speaker: str | None) -> str | None:
    """The speaker a one-line text's prefix opens a turn of (its match's ``b`` and ``n``
    groups): a capitalised name, a known or name-like speaker; else None."""
    name = _head_name(groups)
    if name is None or not (_known_speaker(name, speaker) or _name_like(name)):
        return None
    return name


def _turn_end(text: str, body: int) -> int:
    """Where a one-line turn whose body starts at ``body`` ends: before any "\r" at the end."""
    end = len(text)
    while end > body and text[end - 1] == "\r":
        end -= 1
    return end


def _prefix_name(m: re.Match) -> str | None:
    """The name a prefix match holds ("[Name]" or "Name:"), when it opens with a capital."""
    return _head_name(m.group("b", "n"))


def _head_name(groups: tuple[str | None, str | None]) -> str | None:
    """:func:`_prefix_name` of a match's ``b`` and ``n`` groups."""
    b, n = groups
    name = (b or n or "").strip()
    return name if name and name[0].isupper() else None


def _known_speaker(name: str, speaker: str | None) -> bool:
    """A speaker by role ("User", "Assistant") or the one the memory's record names."""
    return name in ROLES or (speaker is not None and name == speaker)


def _speakers(text: str, speaker: str | None, raw: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The prefixes of ``raw`` (two or more) that the evidence says are speakers."""
    counts: dict[str, int] = {}
    for _, _, name in raw:
        counts[name] = counts.get(name, 0) + 1
    transcript = len(raw) == sum(1 for ln in text.splitlines() if ln.strip())
    found = []
    for start, body, name in raw:
        ok = (_known_speaker(name, speaker)
              or (counts[name] >= 2 and _name_like(name))
              or (transcript and _name_like(name))
              or (start == 0 and _name_like(name)))
        if ok:
            found.append((start, body, name))
    return found
